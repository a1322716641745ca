const HEX = /^[0-9A-Fa-f]{2}$/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Whether the URL is printable ASCII without a `%` (most requests): such a URL decodes to itself,
 * which is valid UTF-8 without a control character, so the full check below would pass it.
 */
function isPlainAscii(url: string): boolean {
  for (let i = 0; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x25 /* % */) return false;
  }
  return true;
}

/**
 * Why a request target cannot be served, or null when it can. This is the one check that text
 * from the URL (path ids, `q`, specialty and language names, every query value) passes before any
 * use case sees it: a bounded length, well-formed percent-encoding that decodes to valid UTF-8,
 * and no control character (PostgreSQL refuses a text value with a zero byte, and no legitimate
 * name or id holds a control character). `+` needs no special case: it never decodes to one.
 */
export function urlProblem(url: string, maxLength: number): string | null {
  if (url.length > maxLength) return `The request URL is longer than ${maxLength} characters.`;
  if (isPlainAscii(url)) return null;
  const bytes: number[] = [];
  for (let i = 0; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 0x25 /* % */) {
      const hex = url.slice(i + 1, i + 3);
      if (!HEX.test(hex)) return 'The request URL has a malformed percent-encoding.';
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else if (c > 0xff) {
      return 'The request URL holds characters that are not percent-encoded.';
    } else {
      bytes.push(c);
    }
  }
  let decoded: string;
  try {
    decoded = strictUtf8.decode(Uint8Array.from(bytes));
  } catch {
    return 'The request URL does not decode to valid UTF-8.';
  }
  if (CONTROL.test(decoded)) return 'The request URL holds a control character.';
  return null;
}
