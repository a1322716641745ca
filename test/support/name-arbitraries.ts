import fc from 'fast-check';
import { editDistance, foldWords } from '../../src/application/shared/text-fold';

/**
 * Names as the directory may hold them and queries as people type them (issue 50, item 8):
 * accents, apostrophes, hyphens, particles, two to four words, letters that do not decompose,
 * another script; and the variants of a name a person types.
 */

const GIVEN = [
  'Claire',
  'François',
  'Geneviève',
  'José',
  'Priyanka',
  'Sivakumar',
  'Meredith',
  'Matteo',
  'Jennifer',
  'Łukasz',
  'Zoë',
  'Søren',
  'Thảo',
  'Ngọc',
  'Bartłomiej',
  'Ærin',
  'Joâo',
  'Inês',
  'Małgorzata',
  'Dương',
  'Björn',
  'Anaïs',
  'Hélène',
  'Aleksander',
  'Wei',
  'Min',
  'Olu',
  'Christopher',
  'Margaret',
  'Mohammed',
  'Siobhán',
  'Renée',
  'Nguyễn Thị',
  '王',
  '李',
];
const FAMILY = [
  'Smith',
  'Leblanc',
  'Lévesque',
  'Côté',
  'Rodríguez',
  'Navarro',
  "O'Brien",
  "D'Souza",
  'Wong-Thompson',
  'De Luca',
  'van der Berg',
  'Da Silva',
  'Balasubramaniam',
  'Arulanantham',
  'Strauß',
  'Øster',
  'Đặng',
  'Kowalczyk',
  'Wiśniewski',
  'MacDonald',
  "N'Diaye",
  'St-Pierre',
  'Gonçalves',
  'Nuñez',
  'Le',
  'Lee',
  'Leo',
  'Ng',
  'Müller-Schmidt',
  'Ó Súilleabháin',
  'Papadopoulos',
  'Szczepański',
  'Chukwuemeka',
  '伟',
  '小明',
  'Tremblay-Côté',
  'de la Cruz',
];

/** A name of two to four words (a particle or a second surname word counts). */
export const nameArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(...GIVEN),
    fc.option(fc.constantFrom(...GIVEN), { freq: 4 }),
    fc.constantFrom(...FAMILY),
  )
  .map(([g, m, f]) => [g, m, f].filter((x) => x !== null).join(' '))
  // (A given name twice, "Björn Björn Arulanantham", is left out: a query's repeated word counts
  // with the same name word each time, so such a name ties with "Björn Arulanantham".)
  .filter((n) => new Set(foldWords(n)).size === foldWords(n).length)
  .filter((n) => {
    const k = n.split(/\s+/).length;
    return k >= 2 && k <= 4;
  });

const NOT_DECOMPOSING: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  ø: 'o',
  Ø: 'O',
  ß: 'ss',
  đ: 'd',
  Đ: 'D',
  æ: 'ae',
  Æ: 'Ae',
  œ: 'oe',
  Œ: 'Oe',
};

/** The name as typed on an English keyboard: marks dropped, letters that do not decompose spelt. */
export function withoutAccents(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[łŁøØßđĐæÆœŒ]/g, (c) => NOT_DECOMPOSING[c]);
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** One edit of `w` (a substitution, a deletion, an insertion or a swap of two letters). */
export function oneTypo(w: string, r: number, s: number, minLength = 0): string {
  const at = r % w.length;
  const c = LETTERS[s % 26];
  // A deletion that would leave the word shorter than `minLength` is a substitution instead.
  const edit = s % 4 === 1 && w.length - 1 < minLength ? 0 : s % 4;
  switch (edit) {
    case 0:
      return w.slice(0, at) + (w[at] === c ? LETTERS[(s + 1) % 26] : c) + w.slice(at + 1);
    case 1:
      return w.slice(0, at) + w.slice(at + 1);
    case 2:
      return w.slice(0, at) + c + w.slice(at);
    default: {
      const i = Math.min(at, w.length - 2);
      if (w[i] === w[i + 1]) return w.slice(0, i) + (w[i] === 'a' ? 'e' : 'a') + w.slice(i + 1);
      return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
    }
  }
}

export type VariantKind =
  | 'as stored'
  | 'accents dropped'
  | 'NFD'
  | 'smart apostrophe'
  | 'hyphen as space'
  | 'hyphen dropped'
  | 'words swapped'
  | 'title'
  | 'one typo'
  | 'two typos'
  | 'last word cut short';

export interface Variant {
  readonly kind: VariantKind;
  readonly q: string;
}

/**
 * The variants of `name` people type, those that apply to it (a typo needs a word of 5 to 8
 * letters, two a word of 9 or more; `r` picks where).
 */
export function variantsOf(name: string, r: number): Variant[] {
  const plain = withoutAccents(name);
  const words = plain.split(/\s+/);
  const out: Variant[] = [
    { kind: 'as stored', q: name },
    { kind: 'accents dropped', q: plain },
    { kind: 'NFD', q: name.normalize('NFD') },
    { kind: 'title', q: `Dr. ${plain}` },
  ];
  if (name.includes("'")) out.push({ kind: 'smart apostrophe', q: name.replace(/'/g, '\u2019') });
  if (name.includes('-')) {
    out.push({ kind: 'hyphen as space', q: plain.replace(/-/g, ' ') });
    out.push({ kind: 'hyphen dropped', q: plain.replace(/-/g, '') });
  }
  if (words.length >= 2)
    out.push({
      kind: 'words swapped',
      q: [words[words.length - 1], ...words.slice(1, -1), words[0]].join(' '),
    });
  const folded = foldWords(plain);
  const mid = folded.filter((w) => w.length >= 5 && w.length <= 8);
  if (mid.length) {
    const w = mid[r % mid.length];
    out.push({
      kind: 'one typo',
      q: folded.map((x) => (x === w ? oneTypo(w, r, r >> 3, 5) : x)).join(' '),
    });
  }
  const long = folded.filter((w) => w.length >= 9);
  if (long.length) {
    const w = long[r % long.length];
    const once = oneTypo(w, r, r >> 2, 9);
    const twice = oneTypo(once, r + 3, (r >> 5) + 1, 9);
    // Two edits that overlap can be three by the distance's count (a swap over a deletion).
    if (editDistance(twice, w) <= 2)
      out.push({ kind: 'two typos', q: folded.map((x) => (x === w ? twice : x)).join(' ') });
  }
  const last = words[words.length - 1];
  if (last.length >= 3)
    out.push({
      kind: 'last word cut short',
      q: [
        ...words.slice(0, -1),
        last.slice(0, Math.max(2, last.length - 1 - (r % (last.length - 2)))),
      ].join(' '),
    });
  return out;
}
