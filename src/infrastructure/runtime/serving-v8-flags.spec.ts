import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVING_V8_FLAGS } from './serving-v8-flags';

/**
 * A Node process applies `flags` and then does what a serving process does with `pg`'s rows: many
 * objects of one allocation site outlive young collections (a large result, the first requests
 * under load), then the site keeps allocating objects that die young (every later page). Answers
 * how many of 1,000 fresh objects of that site are born in the young generation.
 */
function youngAfterLongLivedBurst(flags: readonly string[]): number {
  const script = `
    const v8 = require('node:v8');
    for (const f of JSON.parse(process.argv[1])) v8.setFlagsFromString(f);
    function row(i) { return { id: i, ids: [i, i + 1] }; }
    let kept = [];
    for (let i = 0; i < 400000; i++) kept.push(row(i));
    kept = null;
    let young = 0;
    for (let i = 0; i < 1000; i++) if (%InYoungGeneration(row(i))) young++;
    process.stdout.write(String(young));
  `;
  const out = execFileSync(
    process.execPath,
    // No helper threads (GC or compiler): when V8 decides depends on allocation alone, not on
    // when a background compilation happens to finish.
    ['--allow-natives-syntax', '--single-threaded', '-e', script, JSON.stringify(flags)],
    { encoding: 'utf8', timeout: 30_000 },
  );
  return Number(out);
}

/**
 * V8 11 (Node 20) tenures the site on this script every time. V8 13 (Node 24) does so only when a
 * concurrent compilation finishes during the burst (measured: 2 runs in 6 under load, none when
 * single-threaded), so there the case cannot be shown deterministically and is skipped; the
 * serving settings are still checked on both.
 */
const caseIsDeterministic = Number(process.versions.v8.split('.')[0]) <= 11;
if (!caseIsDeterministic) {
  process.stdout.write(
    `serving-v8-flags: V8 ${process.versions.v8} does not tenure deterministically; the default-settings case is skipped on this Node\n`,
  );
}

describe('V8 settings of a serving process', () => {
  (caseIsDeterministic ? it : it.skip)(
    'with V8 defaults, a site whose objects once outlived young collections allocates old (the case)',
    () => {
      expect(youngAfterLongLivedBurst([])).toBeLessThan(100);
    },
  );

  it('with the serving settings, the same site allocates young again', () => {
    expect(youngAfterLongLivedBurst(SERVING_V8_FLAGS)).toBe(1000);
  });

  it.each(['main.ts', 'mcp-stdio.ts'])(
    'the serving entry point %s applies them before any other import',
    (entry) => {
      const source = readFileSync(join(__dirname, '..', '..', entry), 'utf8');
      const firstImport = source.split('\n').find((l) => l.startsWith('import '));
      expect(firstImport).toBe("import './infrastructure/runtime/serving-v8-flags';");
    },
  );
});
