/**
 * NestJS 12 packages (and a few of their dependencies) are ESM-only. Node 20.19+ loads them from
 * our CommonJS build natively (require(esm)), but Jest's module loader cannot on Node 20, so for
 * the tests only, Babel turns those packages into CommonJS.
 */

/** `const require = createRequire(import.meta.url)` is redundant in CommonJS: drop it. */
function dropCreateRequire({ types: t }) {
  return {
    visitor: {
      VariableDeclarator(path) {
        const { id, init } = path.node;
        if (t.isIdentifier(id, { name: 'require' }) && t.isCallExpression(init) && t.isIdentifier(init.callee, { name: 'createRequire' })) {
          path.remove();
        }
      },
    },
  };
}

module.exports = {
  plugins: [dropCreateRequire, 'babel-plugin-transform-import-meta', '@babel/plugin-transform-dynamic-import', ['@babel/plugin-transform-modules-commonjs', { importInterop: 'node' }]],
};
