import fc from 'fast-check';
import { escapeLike, prefixUpperBound } from './sql-params';

/** Code point order: how PostgreSQL sorts UTF-8 text under collation "C". */
const compare = (a: string, b: string): number => {
  const x = [...a].map((c) => c.codePointAt(0)!);
  const y = [...b].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
};

/** Whether `x` falls in [prefix, upper): the range the search gives the name index. */
const inRange = (x: string, prefix: string) => {
  const upper = prefixUpperBound(prefix);
  return compare(x, prefix) >= 0 && (upper === undefined || compare(x, upper) < 0);
};

const MAX = String.fromCodePoint(0x10ffff);

describe('prefixUpperBound', () => {
  it('raises the last character by one', () => {
    expect(prefixUpperBound('liz')).toBe('li{');
    expect(prefixUpperBound('zz')).toBe('z{');
    expect(prefixUpperBound("o'")).toBe('o(');
    expect(prefixUpperBound('zoë')).toBe('zoì');
  });

  it('steps over the surrogates and past trailing U+10FFFF, and has no bound above U+10FFFF alone', () => {
    expect(prefixUpperBound('a\ud7ff')).toBe('a\ue000');
    expect(prefixUpperBound(`ab${MAX}${MAX}`)).toBe('ac');
    expect(prefixUpperBound(`${MAX}`)).toBeUndefined();
    expect(prefixUpperBound('')).toBeUndefined();
  });

  it('gives a range that holds exactly the texts starting with the prefix (property)', () => {
    // Characters near the edges (the surrogates, U+FFFF, U+10FFFF) as often as plain ones.
    const char = fc.oneof(
      fc.constantFrom('a', 'b', 'z', '{', ' ', "'", '\ud7ff', '\ue000', '\uffff', MAX, '😀'),
      fc
        .integer({ min: 0x20, max: 0x10ffff })
        .filter((c) => c < 0xd800 || c > 0xdfff)
        .map((c) => String.fromCodePoint(c)),
    );
    const text = fc.array(char, { maxLength: 5 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(text, text, text, (prefix, a, b) => {
        for (const x of [
          a,
          prefix + a,
          prefix.slice(0, -1) + a,
          (prefixUpperBound(prefix) ?? '') + b,
        ])
          expect([prefix, x, inRange(x, prefix)]).toEqual([prefix, x, x.startsWith(prefix)]);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('escapeLike', () => {
  it('escapes the wildcards and the escape character', () => {
    expect(escapeLike('a%b_c\\d')).toBe('a\\%b\\_c\\\\d');
  });
});
