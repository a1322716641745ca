import { transliterate } from 'transliteration';

/** Apostrophes as keyboards type them: ASCII, the typographic one (iPhone, Mac), the modifier. */
const APOSTROPHES = /['\u2018\u2019\u02bc\u02b9`\u00b4]/g;
/** Anything that is not a letter or a digit once folded: a word break. */
const BREAKS = /[^a-z0-9]+/g;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * The one normalization of the service for text people type and text it stores: names of
 * doctors, catalogue names (specialties, languages), place names. Compatibility decomposition
 * with the marks removed and letters that do not decompose folded too (Ł→l, ø→o, ß→ss, đ→d,
 * æ→ae, œ→oe; other scripts to their Latin reading, the same for the stored text and the query,
 * so a name in Chinese characters is found as typed), by the `transliteration` package; case
 * folded; apostrophes removed inside words (O’Brien, O'Brien and OBrien are one word); every
 * other character that is not a letter or a digit (hyphens, dots, commas, slashes, spaces) a
 * single word break. Returns the words joined by single spaces, trimmed.
 */
export function foldText(text: string): string {
  const decomposed = text.normalize('NFKC');
  const latin = PRINTABLE_ASCII.test(decomposed) ? decomposed : transliterate(decomposed);
  return latin.toLowerCase().replace(APOSTROPHES, '').replace(BREAKS, ' ').trim();
}

/** The folded words of `text`. */
export function foldWords(text: string): string[] {
  const folded = foldText(text);
  return folded ? folded.split(' ') : [];
}

/**
 * The folded text with no word breaks at all: what catalogue names and places are compared by
 * (`family-medicine`, `Family Medicine` and `familymedicine` are one key).
 */
export function foldKey(text: string): string {
  return foldText(text).replace(/ /g, '');
}

/**
 * Levenshtein distance with adjacent transpositions counted as one edit (optimal string
 * alignment), stopping early past `max`: what "one typo" means for names, parameters and places.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      )
        v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n];
}
