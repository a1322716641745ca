// Every installed package must run on the oldest Node that package.json promises (engines.node):
// npm ci only warns (EBADENGINE) and only under the Node that runs it; this reads the lock file,
// so it fails under any Node. Usage: node .ci/engines.cjs
'use strict';
const semver = require('semver');
const pkg = require('../package.json');
const lock = require('../package-lock.json');

const oldest = semver.minVersion(pkg.engines.node).version;
const bad = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  const wants = path && entry.engines && entry.engines.node;
  if (wants && !semver.satisfies(oldest, wants)) bad.push(`${path}@${entry.version} wants node ${wants}`);
}
if (bad.length > 0) {
  console.error(`packages that do not support Node ${oldest} (package.json: ${pkg.engines.node}):`);
  for (const line of bad) console.error(`  ${line}`);
  console.error('pick versions or overrides that do, or raise engines.node');
  process.exit(1);
}
console.log(`every package in package-lock.json supports Node ${oldest} (${pkg.engines.node})`);
