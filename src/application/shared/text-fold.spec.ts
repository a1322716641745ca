import fc from 'fast-check';
import { editDistance, foldKey, foldText, foldWords } from './text-fold';

describe('foldText', () => {
  it.each([
    ['François Lévesque', 'francois levesque'],
    ['Le\u0301vesque', 'levesque'], // NFD, as macOS sends it
    ['Meredith O’Brien', 'meredith obrien'],
    ["O'Brien", 'obrien'],
    ['Oʼbrien', 'obrien'],
    ['Jennifer Wong-Thompson', 'jennifer wong thompson'],
    ['Smith,  Claire', 'smith claire'],
    ['Dr. Claire Smith', 'dr claire smith'],
    ['Łukasz Øvergård Straße', 'lukasz overgard strasse'],
    ['Đặng Æsir Œuvre', 'dang aesir oeuvre'],
    ['Ob/Gyn', 'ob gyn'],
    ['  family-medicine ', 'family medicine'],
    ['ＦＵＬＬ　ｗｉｄｔｈ', 'full width'],
    ['王小明', 'wang xiao ming'],
    ['', ''],
    ['--', ''],
  ])('%j → %j', (input, folded) => {
    expect(foldText(input)).toBe(folded);
  });

  it('folds NFC and NFD alike, is idempotent, and yields only a-z, 0-9 and single spaces', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (s) => {
        const f = foldText(s);
        expect(foldText(s.normalize('NFD'))).toBe(foldText(s.normalize('NFC')));
        expect(foldText(f)).toBe(f);
        expect(f).toMatch(/^([a-z0-9]+( [a-z0-9]+)*)?$/);
      }),
      { seed: 20261201 },
    );
  });

  it('gives words and keys', () => {
    expect(foldWords('Dr. Claire  Smith')).toEqual(['dr', 'claire', 'smith']);
    expect(foldWords(' ')).toEqual([]);
    expect(foldKey('Family-Medicine')).toBe(foldKey('family medicine'));
    expect(foldKey('Persian (Farsi)')).toBe('persianfarsi');
  });
});

describe('editDistance', () => {
  it.each([
    ['levesque', 'levesqeu', 1], // a swap of two letters is one
    ['balasubramaniam', 'balasubramanian', 1],
    ['arulanantham', 'arulanatham', 1],
    ['lee', 'leo', 1],
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
  ])('%s ~ %s = %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });

  it('stops past max with max + 1', () => {
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 1)).toBe(2);
  });

  it('agrees with a plain recursive definition on short strings', () => {
    const osa = (a: string, b: string): number => {
      if (!a) return b.length;
      if (!b) return a.length;
      const cost = a[a.length - 1] === b[b.length - 1] ? 0 : 1;
      let d = Math.min(
        osa(a.slice(0, -1), b) + 1,
        osa(a, b.slice(0, -1)) + 1,
        osa(a.slice(0, -1), b.slice(0, -1)) + cost,
      );
      if (a.length > 1 && b.length > 1 && a.at(-1) === b.at(-2) && a.at(-2) === b.at(-1))
        d = Math.min(d, osa(a.slice(0, -2), b.slice(0, -2)) + 1);
      return d;
    };
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 6 }),
        fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 6 }),
        (a, b) => {
          expect(editDistance(a, b)).toBe(osa(a, b));
        },
      ),
      { seed: 20261201 },
    );
  });
});
