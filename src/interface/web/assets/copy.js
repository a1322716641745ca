// Copy buttons: <button data-copy="element-id">. Pages work without this script.
document.addEventListener('click', function (event) {
  var button = event.target.closest('button[data-copy]');
  if (!button) return;
  var source = document.getElementById(button.getAttribute('data-copy'));
  if (!source || !navigator.clipboard) return;
  navigator.clipboard.writeText((source.value || source.textContent).trim()).then(function () {
    var before = button.textContent;
    button.textContent = 'Copied';
    setTimeout(function () { button.textContent = before; }, 2000);
  });
});
