import { editDistance, foldWords } from '../../src/application/shared/text-fold';

/**
 * The name search's rule (issue 50, docs/name-search.md) written plainly, name by name, as the
 * tests' oracle: no index, no vocabulary, no stamps. A query is folded (text-fold.ts), `dr` and
 * `doctor` dropped when other words remain; a CPSO number (`CPSO` or `#` before it, spaces and
 * hyphens inside) is looked up alone. Every query word must match a name word (whole, start,
 * inside from two letters, or within 1 typo from 5 letters and 2 from 9, whole words only) or
 * two adjacent name words joined (whole, start, typos); two adjacent query words may also be
 * read joined (and are then compared with single name words). Rank: typos, words found inside, words found by their start, pairs of query
 * words in the other order than the name's, the name's words left out; the lowest over the ways to read the query.
 */

export interface OracleDoctor {
  readonly cpso: string;
  readonly name: string;
}

export interface OracleHit {
  readonly doctor: OracleDoctor;
  /** -1 for the CPSO number's doctor. */
  readonly rank: number;
}

const CPSO = /^\s*(?:cpso\s*(?:no\.?|number|#)?\s*[:#]?|#)?\s*([0-9][0-9 -]*[0-9]|[0-9])\s*$/i;

export function oracleQuery(q: string): { cpso?: string; words: string[] } {
  const m = CPSO.exec(q);
  const all = foldWords(q);
  const named = all.filter((w) => w !== 'dr' && w !== 'doctor');
  const words = named.length ? named : all;
  return m ? { cpso: m[1].replace(/[ -]/g, ''), words } : { words };
}

const budget = (n: number) => (n < 5 ? 0 : n < 9 ? 1 : 2);

/** [typos, kind (0 whole, 1 start, 2 inside)] of query word q in name slot s, or undefined. */
function wordMatch(q: string, s: string, joined: boolean): [number, number] | undefined {
  if (s === q) return [0, 0];
  if (s.startsWith(q)) return [0, 1];
  if (!joined && q.length >= 2 && s.includes(q)) return [0, 2];
  const d = editDistance(q, s);
  if (d <= budget(q.length)) return [d, 0];
  return undefined;
}

/** The ways to read the words: each as typed, or two adjacent joined (flagged). */
function readings(words: string[]): { t: string; joined: boolean }[][] {
  const typed = words.map((t) => ({ t, joined: false }));
  if (words.length > 6 || words.length <= 1) return [typed];
  const [a, b, ...rest] = words;
  return [
    ...readings([b, ...rest]).map((r) => [{ t: a, joined: false }, ...r]),
    ...readings(rest).map((r) => [{ t: a + b, joined: true }, ...r]),
  ];
}

/** The rank of a name for the query's words, or undefined when it does not match. */
export function oracleRank(words: string[], name: string): number | undefined {
  const nw = foldWords(name);
  const slots: { text: string; pos: number; joined: boolean }[] = nw.map((text, pos) => ({
    text,
    pos,
    joined: false,
  }));
  for (let j = 0; j + 1 < nw.length; j++)
    slots.push({ text: nw[j] + nw[j + 1], pos: j, joined: true });
  let best: number | undefined;
  for (const r of readings(words)) {
    let typos = 0;
    let inside = 0;
    let starts = 0;
    const positions: number[] = [];
    let covered = 0;
    let ok = true;
    for (const { t: q, joined } of r) {
      // The best slot: fewest typos, then whole before start before inside, then a single word
      // before a joined pair, then the earliest.
      let b: number[] | undefined;
      for (const s of slots) {
        // Two typed words joined are compared with single name words only.
        if (joined && s.joined) continue;
        const m = wordMatch(q, s.text, s.joined);
        if (!m) continue;
        const c = [m[0], m[1], s.joined ? 1 : 0, Math.min(31, s.pos)];
        const at = b ? c.findIndex((v, i) => v !== b![i]) : 0;
        if (!b || (at >= 0 && c[at] < b[at])) b = c;
      }
      if (!b) {
        ok = false;
        break;
      }
      typos += b[0];
      if (b[1] === 2) inside++;
      if (b[1] === 1) starts++;
      positions.push(b[3]);
      covered += 1 + b[2];
    }
    if (!ok) continue;
    let inv = 0;
    const k = Math.min(6, positions.length);
    for (let i = 0; i < k; i++)
      for (let j = i + 1; j < k; j++) if (positions[i] > positions[j]) inv++;
    const c = (v: number) => Math.min(15, Math.max(0, v));
    const leftOut = Math.max(0, nw.length - covered);
    const rank = (((c(typos) * 16 + c(inside)) * 16 + c(starts)) * 16 + c(inv)) * 16 + c(leftOut);
    if (best === undefined || rank < best) best = rank;
  }
  return best;
}

/** C-order compare (PostgreSQL's "C" collation for text without surrogate pairs). */
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Every doctor the query finds, in the search's order: the CPSO number's doctor, then by rank,
 * then by lower-cased name and CPSO number (or `distance` first within a rank, when given).
 */
export function oracleSearch(
  q: string,
  doctors: readonly OracleDoctor[],
  distance?: (d: OracleDoctor) => number,
): OracleHit[] {
  const query = oracleQuery(q);
  const hits: OracleHit[] = [];
  const cpso = query.cpso ?? q.trim();
  for (const d of doctors) {
    if (d.cpso === cpso) {
      hits.push({ doctor: d, rank: -1 });
      continue;
    }
    if (query.cpso || query.words.length === 0) continue;
    const rank = oracleRank(query.words, d.name);
    if (rank !== undefined) hits.push({ doctor: d, rank });
  }
  return hits.sort(
    (a, b) =>
      a.rank - b.rank ||
      (distance ? distance(a.doctor) - distance(b.doctor) : 0) ||
      cmp(a.doctor.name.toLowerCase(), b.doctor.name.toLowerCase()) ||
      cmp(a.doctor.cpso, b.doctor.cpso),
  );
}
