import { editDistance, foldWords } from '../shared/text-fold';

/**
 * The name search's rules (issue 50, docs/name-search.md), in one place for every way a name is
 * searched (REST `q`, MCP `search_doctors`, FHIR `name`, `family`, `given`): how a query is read
 * (folded as the stored names are, a title dropped, a CPSO number recognised), and how one query
 * word matches one word of a name. The index in memory (name-index.ts) applies them to every
 * name; the tests' oracle applies them name by name.
 */

/** Words that are a title, not a name: dropped from a query that has other words. */
const TITLES = new Set(['dr', 'doctor']);

/** A CPSO number as people type it: `CPSO` or `#` before it, spaces and hyphens inside it. */
const CPSO_TYPED =
  /^\s*(?:cpso\s*(?:no\.?|number|#)?\s*[:#]?|#)?\s*([0-9][0-9 -]*[0-9]|[0-9])\s*$/i;

/** How a query word matched a name word: the whole word, its start, or inside it. */
export const WHOLE = 0;
export const START = 1;
export const INSIDE = 2;
export type MatchKind = typeof WHOLE | typeof START | typeof INSIDE;

/** The query as the search reads it. */
export interface NameQuery {
  /** The CPSO number typed (digits only), when the query is one. */
  readonly cpso?: string;
  /** The query's folded words, a title removed. */
  readonly words: readonly string[];
}

/** Reads a typed query: folded, a title (`Dr`, `Dr.`, `Doctor`) dropped, a CPSO number read. */
export function parseNameQuery(q: string): NameQuery {
  const m = CPSO_TYPED.exec(q);
  const cpso = m ? m[1].replace(/[ -]/g, '') : undefined;
  let words = foldWords(q);
  const named = words.filter((w) => !TITLES.has(w));
  if (named.length > 0) words = named;
  return cpso ? { cpso, words } : { words };
}

/** Typos allowed in a query word of `length` letters: none below 5, one to 8, two from 9. */
export function typoBudget(length: number): number {
  return length < 5 ? 0 : length < 9 ? 1 : 2;
}

/** The best match of query word `q` against name word `w` ([typos, kind]), or undefined. */
export function matchWord(q: string, w: string): readonly [number, MatchKind] | undefined {
  if (w === q) return [0, WHOLE];
  if (w.startsWith(q)) return [0, START];
  if (q.length >= 2 && w.includes(q)) return [0, INSIDE];
  const budget = typoBudget(q.length);
  if (budget > 0) {
    const d = editDistance(q, w, budget);
    if (d <= budget) return [d, WHOLE];
  }
  return undefined;
}

/** A query word matched only as a whole word or its start (FHIR's default), no typos. */
export function matchWordStart(q: string, w: string): boolean {
  return w.startsWith(q);
}

/**
 * A match's rank (lower first): typos, then query words found inside a word, then words found
 * by their start, then how far the query departs from the name's own word order: pairs of query
 * words in the other order, then the name's words the query left out (`Claire Smith` before
 * `Claire Anne Smith` for `claire smith`). Each part up to 15.
 */
export function rankOf(
  typos: number,
  inside: number,
  starts: number,
  inversions: number,
  leftOut: number,
): number {
  const c = (v: number) => Math.min(15, Math.max(0, v));
  return (((c(typos) * 16 + c(inside)) * 16 + c(starts)) * 16 + c(inversions)) * 16 + c(leftOut);
}

/** Rank 0 ... : a CPSO number's own row ranks before every name (rank -1). */
export const CPSO_RANK = -1;

/** One way to read the query: its tokens, and which of them are two typed words joined. */
export interface Reading {
  readonly tokens: readonly string[];
  readonly joined: readonly boolean[];
}

/**
 * The ways to read query words: each as typed, or two adjacent ones joined (`O Brien` is
 * `obrien`, `Mc Donald` is `mcdonald`), every combination of non-overlapping joins (up to six
 * words; longer queries as typed). A joined token is matched against single name words only (two
 * typed words against two name words joined is the reading without the join).
 */
export function segmentations(words: readonly string[]): Reading[] {
  if (words.length > 6) return [{ tokens: [...words], joined: words.map(() => false) }];
  const out: Reading[] = [];
  const walk = (at: number, tokens: string[], joined: boolean[]) => {
    if (at === words.length) return void out.push({ tokens, joined });
    walk(at + 1, [...tokens, words[at]], [...joined, false]);
    if (at + 1 < words.length)
      walk(at + 2, [...tokens, words[at] + words[at + 1]], [...joined, true]);
  };
  walk(0, [], []);
  return out;
}

/** Pairs i < j with positions[i] > positions[j]. */
export function inversions(positions: readonly number[]): number {
  let n = 0;
  for (let i = 0; i < positions.length; i++)
    for (let j = i + 1; j < positions.length; j++) if (positions[i] > positions[j]) n++;
  return n;
}
