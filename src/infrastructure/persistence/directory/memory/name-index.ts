import {
  INSIDE,
  rankOf,
  segmentations,
  START,
  typoBudget,
  WHOLE,
} from '../../../../application/doctors/name-match';
import { editDistance, foldWords } from '../../../../application/shared/text-fold';
import { popcount } from './bitset';

/** Rows read between yields to the event loop while the index is built. */
const CHUNK = 50_000;
/** Tokens whose vocabulary hits are kept per index. */
const HITS_KEPT = 4096;
/** Bytes of matches kept per index (results over an eighth of it are not kept). */
const MATCHES_KEPT_BYTES = 16 * 1024 * 1024;

/** The rules as a key of the kept hits and matches. */
function ruleKey(r: NameMatchRules): string {
  return `${r.typos ? 't' : ''}${r.inside ? 'i' : ''}${r.joined ? 'j' : ''}${r.part ?? ''}`;
}

/** Query words whose positions are kept for the word-order rank (5 bits each). */
const ORDERED_WORDS = 6;

/** The names of the rows (DoctorColumnData's concatenation), in name order. */
export interface Names {
  readonly n: number;
  readonly names: string;
  readonly nameStart: Int32Array;
}

/** How query words may match (the search's rules, or FHIR's). */
export interface NameMatchRules {
  /** Typos as typoBudget allows (whole words). */
  readonly typos: boolean;
  /** A query word found inside a name word. */
  readonly inside: boolean;
  /** A query word found in two adjacent name words joined (`deluca`, `wongthompson`). */
  readonly joined: boolean;
  /** Only the given name (the first word) or only the family name (the words after it). */
  readonly part?: 'given' | 'family';
}

/** `/doctors/search`, MCP `search_doctors`: everything the rules allow. */
export const SEARCH_RULES: NameMatchRules = { typos: true, inside: true, joined: true };

/** The groups a query matched (ascending) and each one's rank (name-match.ts's rankOf). */
export interface NameMatches {
  readonly groups: Int32Array;
  readonly ranks: Int32Array;
}

const NO_MATCHES: NameMatches = { groups: new Int32Array(0), ranks: new Int32Array(0) };

/** Vocabulary entries a token matched, each with its code ((typos * 4 + kind)). */
interface TokenHits {
  readonly entries: number[];
  readonly codes: number[];
  readonly postings: number;
}

function maskOf(w: string): number {
  let m = 0;
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    m |= c >= 97 && c <= 122 ? 1 << (c - 97) : 1 << 26;
  }
  return m;
}

/**
 * The doctors' names as the search reads them (issue 50): rows with the same name_key are one
 * group (they are consecutive, as rows are in name order); each group's name folded
 * (text-fold.ts) into words; every distinct word and every distinct pair of adjacent words
 * joined is a vocabulary entry with its postings (group and word position). A query word is
 * compared with the vocabulary (not with every name): equal, a start, inside (the words are
 * scanned: a few thousand), or within its typos (words and joined pairs of a length within the
 * budget and, cheaper than the distance, a letter set that differs by no more letters than the
 * budget: the typo index is each entry's length and 32-bit letter set); then the postings of the
 * entries it matched give the groups, intersected word by word, with each group's best match of
 * each word.
 */
export class NameIndex {
  private constructor(
    /** Groups: rows [groupStart[g], groupStart[g + 1]). */
    readonly groupStart: Int32Array,
    private readonly groupOfRow: Int32Array,
    /** Each group's words (ids into `words`): wordIds[wordStart[g]] .. [wordStart[g + 1] - 1]. */
    private readonly wordStart: Int32Array,
    private readonly wordIds: Int32Array,
    private readonly words: readonly string[],
    private readonly wordLen: Uint8Array,
    private readonly wordMask: Int32Array,
    private readonly wordPostings: readonly Int32Array[],
    private readonly wordId: ReadonlyMap<string, number>,
    private readonly pairs: readonly string[],
    private readonly pairLen: Uint8Array,
    private readonly pairMask: Int32Array,
    private readonly pairPostings: readonly Int32Array[],
    private readonly pairsSorted: Int32Array,
  ) {
    const g = groupStart.length - 1;
    // The pairs by length (the typo scan reads only the lengths within the budget).
    this.pairLenStart = new Int32Array(257);
    for (let p = 0; p < pairLen.length; p++) this.pairLenStart[pairLen[p] + 1]++;
    for (let l = 1; l <= 256; l++) this.pairLenStart[l] += this.pairLenStart[l - 1];
    this.pairsByLength = new Int32Array(pairLen.length);
    const at = this.pairLenStart.slice(0, 256);
    for (let p = 0; p < pairLen.length; p++) this.pairsByLength[at[pairLen[p]]++] = p;
    this.mark = new Int32Array(g);
    this.best = new Int32Array(g);
    this.acc = new Int32Array(g);
    this.accPos = new Int32Array(g);
    this.accCover = new Int32Array(g);
    this.finalMark = new Int32Array(g);
    this.finalRank = new Int32Array(g);
  }

  /** Pair ids by length: those of length l are pairsByLength[pairLenStart[l] .. pairLenStart[l + 1]). */
  private readonly pairLenStart: Int32Array;
  private readonly pairsByLength: Int32Array;

  /** Scratch arrays, one entry per group, reused by every query (no await inside `match`). */
  private readonly mark: Int32Array;
  private readonly best: Int32Array;
  private readonly acc: Int32Array;
  private readonly accPos: Int32Array;
  /** Name words the query's words covered so far (a joined pair covers two). */
  private readonly accCover: Int32Array;
  private readonly finalMark: Int32Array;
  private readonly finalRank: Int32Array;
  private stamp = 0;

  get groups(): number {
    return this.groupStart.length - 1;
  }

  /** The group of row `i`. */
  groupOf(i: number): number {
    return this.groupOfRow[i];
  }

  /**
   * Built in chunks of rows, yielding between them so that requests are served meanwhile: each
   * group's name folded once, then the postings counted and filled into typed arrays.
   */
  static async build(names: Names): Promise<NameIndex> {
    const { n, nameStart } = names;
    const groupStarts: number[] = [];
    const groupOfRow = new Int32Array(n);
    const wordStarts: number[] = [0];
    const wordIdList: number[] = [];
    const words: string[] = [];
    const wordId = new Map<string, number>();
    const pairs: string[] = [];
    const pairId = new Map<string, number>();
    const pairIdList: number[] = [];
    let last: string | undefined;
    for (let from = 0; from < n; from += CHUNK) {
      for (let i = from; i < Math.min(n, from + CHUNK); i++) {
        const name = names.names.slice(nameStart[i], nameStart[i + 1]);
        if (name !== last) {
          last = name;
          groupStarts.push(i);
          const ws = foldWords(name);
          for (let j = 0; j < ws.length; j++) {
            let id = wordId.get(ws[j]);
            if (id === undefined) wordId.set(ws[j], (id = words.push(ws[j]) - 1));
            wordIdList.push(id);
            if (j + 1 < ws.length) {
              const p = ws[j] + ws[j + 1];
              let pid = pairId.get(p);
              if (pid === undefined) pairId.set(p, (pid = pairs.push(p) - 1));
              pairIdList.push(pid);
            } else pairIdList.push(-1);
          }
          wordStarts.push(wordIdList.length);
        }
        groupOfRow[i] = groupStarts.length - 1;
      }
      await new Promise((r) => setImmediate(r));
    }
    groupStarts.push(n);
    const wordStart = Int32Array.from(wordStarts);
    const wordIds = Int32Array.from(wordIdList);
    const postingsOf = (ids: readonly number[], count: number) => {
      const sizes = new Int32Array(count);
      for (const id of ids) if (id >= 0) sizes[id]++;
      const out = Array.from(sizes, (s) => new Int32Array(s));
      const filled = new Int32Array(count);
      const G = wordStart.length - 1;
      for (let g = 0; g < G; g++)
        for (let k = wordStart[g]; k < wordStart[g + 1]; k++) {
          const id = ids[k];
          if (id >= 0) out[id][filled[id]++] = (g << 5) | Math.min(31, k - wordStart[g]);
        }
      return out;
    };
    const wordPostings = postingsOf(wordIdList, words.length);
    const pairPostings = postingsOf(pairIdList, pairs.length);
    const pairsSorted = Int32Array.from(pairs.keys()).sort((a, b) =>
      pairs[a] < pairs[b] ? -1 : pairs[a] > pairs[b] ? 1 : 0,
    );
    return new NameIndex(
      Int32Array.from(groupStarts),
      groupOfRow,
      wordStart,
      wordIds,
      words,
      Uint8Array.from(words, (w) => Math.min(255, w.length)),
      Int32Array.from(words, maskOf),
      wordPostings,
      wordId,
      pairs,
      Uint8Array.from(pairs, (w) => Math.min(255, w.length)),
      Int32Array.from(pairs, maskOf),
      pairPostings,
      pairsSorted,
    );
  }

  /**
   * Runs the matching once on each kind of query (a word, its start, a fragment, a typo, two
   * words), so that the first search after a load does not pay for compiling it; the hits and
   * matches kept meanwhile are dropped.
   */
  warmUp(): void {
    if (this.groups === 0 || this.words.length === 0) return;
    const w = this.words[0];
    const typo = w.length >= 5 ? w.slice(1) + w[0] : `${w}xx`;
    for (const q of [[w], [w.slice(0, 2)], [w.slice(1, 3)], [typo], [w, w.slice(0, 2)]])
      this.match(q, SEARCH_RULES);
    this.hitsKept.clear();
    this.matchesKept.clear();
    this.matchesKeptBytes = 0;
  }

  /** Bytes held by the index (typed arrays, and strings at 2 bytes a character plus 16). */
  bytes(): { total: number; typo: number } {
    let b = this.groupStart.byteLength + this.groupOfRow.byteLength;
    b += this.wordStart.byteLength + this.wordIds.byteLength + this.pairsSorted.byteLength;
    for (const p of this.wordPostings) b += p.byteLength + 16;
    for (const p of this.pairPostings) b += p.byteLength + 16;
    for (const w of this.words) b += 2 * w.length + 16;
    for (const w of this.pairs) b += 2 * w.length + 16;
    b += 7 * 4 * this.groups;
    const typo =
      this.pairLenStart.byteLength +
      this.pairsByLength.byteLength +
      this.wordLen.byteLength +
      this.wordMask.byteLength +
      this.pairLen.byteLength +
      this.pairMask.byteLength;
    return { total: b + typo, typo };
  }

  /** Tokens' hits kept (the vocabulary does not change for an index), the oldest dropped. */
  private readonly hitsKept = new Map<string, TokenHits>();
  /** Matches kept, by rules and words, up to MATCHES_KEPT_BYTES (a page after a page, retries). */
  private readonly matchesKept = new Map<string, NameMatches>();
  private matchesKeptBytes = 0;

  /** The hits of `t`, kept. */
  private hitsOf(t: string, rules: NameMatchRules, pairs: boolean): TokenHits {
    const key = `${ruleKey(rules)}${pairs ? 'p' : ''}|${t}`;
    let h = this.hitsKept.get(key);
    if (h) return h;
    h = this.hits(t, rules, pairs);
    if (this.hitsKept.size >= HITS_KEPT) this.hitsKept.delete(this.hitsKept.keys().next().value!);
    this.hitsKept.set(key, h);
    return h;
  }

  /**
   * The vocabulary entries `t` matches under `rules` (words, then, with `pairs`, the pairs of
   * adjacent words joined, as entries >= words).
   */
  private hits(t: string, rules: NameMatchRules, pairs: boolean): TokenHits {
    const entries: number[] = [];
    const codes: number[] = [];
    let postings = 0;
    const budget = rules.typos ? typoBudget(t.length) : 0;
    const tm = maskOf(t);
    const tl = t.length;
    const W = this.words.length;
    for (let v = 0; v < W; v++) {
      const w = this.words[v];
      let code = -1;
      if (w === t) code = WHOLE;
      else if (w.startsWith(t)) code = START;
      else if (rules.inside && tl >= 2 && w.includes(t)) code = INSIDE;
      else if (budget > 0 && Math.abs(this.wordLen[v] - tl) <= budget) {
        const m = this.wordMask[v];
        if (popcount(tm & ~m) <= budget && popcount(m & ~tm) <= budget) {
          const d = editDistance(t, w, budget);
          if (d <= budget) code = d * 4 + WHOLE;
        }
      }
      if (code >= 0) {
        entries.push(v);
        codes.push(code);
        postings += this.wordPostings[v].length;
      }
    }
    if (!pairs || !rules.joined || rules.part) return { entries, codes, postings };
    const add = (p: number, code: number) => {
      entries.push(W + p);
      codes.push(code);
      postings += this.pairPostings[p].length;
    };
    // Pairs that start with t (their range of the sorted pairs), t itself among them.
    const sorted = this.pairsSorted;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.pairs[sorted[mid]] < t) lo = mid + 1;
      else hi = mid;
    }
    const started = new Set<number>();
    for (let k = lo; k < sorted.length && this.pairs[sorted[k]].startsWith(t); k++) {
      const p = sorted[k];
      started.add(p);
      add(p, this.pairs[p] === t ? WHOLE : START);
    }
    if (budget > 0)
      for (
        let k = this.pairLenStart[Math.max(0, tl - budget)];
        k < this.pairLenStart[Math.min(256, tl + budget + 1)];
        k++
      ) {
        const p = this.pairsByLength[k];
        if (started.has(p)) continue;
        const m = this.pairMask[p];
        if (popcount(tm & ~m) > budget || popcount(m & ~tm) > budget) continue;
        const d = editDistance(t, this.pairs[p], budget);
        if (d <= budget) add(p, d * 4 + WHOLE);
      }
    return { entries, codes, postings };
  }

  private nextStamp(): number {
    if (this.stamp > 0x3ffffff0) {
      this.stamp = 0;
      this.mark.fill(0);
      this.finalMark.fill(0);
    }
    return ++this.stamp;
  }

  /**
   * The groups whose name every query word (folded) matches under `rules`, each with its rank:
   * the best over the ways to read the query (segmentations: two adjacent words joined or not)
   * of the sum of each word's best match in the name.
   */
  match(words: readonly string[], rules: NameMatchRules): NameMatches {
    if (words.length === 0 || this.groups === 0) return NO_MATCHES;
    const key = `${ruleKey(rules)}|${words.join(' ')}`;
    const kept = this.matchesKept.get(key);
    if (kept) return kept;
    const found = this.matchAll(words, rules);
    const bytes = found.groups.byteLength * 2;
    if (bytes <= MATCHES_KEPT_BYTES / 8) {
      for (const [k, v] of this.matchesKept) {
        if (this.matchesKeptBytes + bytes <= MATCHES_KEPT_BYTES) break;
        this.matchesKept.delete(k);
        this.matchesKeptBytes -= v.groups.byteLength * 2;
      }
      this.matchesKept.set(key, found);
      this.matchesKeptBytes += bytes;
    }
    return found;
  }

  private matchAll(words: readonly string[], rules: NameMatchRules): NameMatches {
    const readings =
      rules.joined && !rules.part
        ? segmentations(words)
        : [{ tokens: [...words], joined: words.map(() => false) }];
    const finalStamp = this.nextStamp();
    const found: number[] = [];
    const W = this.words.length;
    for (const { tokens: reading, joined } of readings) {
      const hits = reading.map((t, i) => this.hitsOf(t, rules, !joined[i]));
      if (hits.some((h) => h.entries.length === 0)) continue;
      // The rarest word first: the candidates shrink fastest.
      const order = reading.map((_, i) => i).sort((a, b) => hits[a].postings - hits[b].postings);
      let alive: number[] = [];
      let prevStamp = 0;
      for (let o = 0; o < order.length; o++) {
        const qi = order[o];
        const { entries, codes } = hits[qi];
        const stamp = this.nextStamp();
        const next: number[] = [];
        for (let e = 0; e < entries.length; e++) {
          const entry = entries[e];
          const postings = entry < W ? this.wordPostings[entry] : this.pairPostings[entry - W];
          // (typos * 4 + kind) * 2 + joined, then the position: the best is the lowest.
          const codeBase = (codes[e] * 2 + (entry < W ? 0 : 1)) * 32;
          for (let k = 0; k < postings.length; k++) {
            const p = postings[k];
            const g = p >>> 5;
            const pos = p & 31;
            if (rules.part) {
              // The given name is the first word, the family name the words after it (all of a
              // one-word name).
              const given = pos === 0 && this.wordStart[g + 1] - this.wordStart[g] > 1;
              if ((rules.part === 'given') !== given) continue;
            }
            const m = this.mark[g];
            if (m === stamp) {
              const c = codeBase + pos;
              if (c < this.best[g]) this.best[g] = c;
            } else if (o === 0 || m === prevStamp) {
              this.mark[g] = stamp;
              this.best[g] = codeBase + pos;
              if (o === 0) {
                this.acc[g] = 0;
                this.accPos[g] = 0;
                this.accCover[g] = 0;
              }
              next.push(g);
            }
          }
        }
        // Each surviving group adds this word's best match.
        for (const g of next) {
          const c = this.best[g];
          const pos = c & 31;
          this.accCover[g] += 1 + ((c >>> 5) & 1);
          const code = c >>> 6;
          const typos = code >>> 2;
          const kind = code & 3;
          // acc: typos << 16 | inside << 8 | starts
          this.acc[g] += (typos << 16) + (kind === INSIDE ? 1 << 8 : 0) + (kind === START ? 1 : 0);
          if (qi < ORDERED_WORDS) this.accPos[g] |= pos << (5 * qi);
        }
        alive = next;
        prevStamp = stamp;
        if (alive.length === 0) break;
      }
      const k = Math.min(ORDERED_WORDS, reading.length);
      for (const g of alive) {
        const a = this.acc[g];
        const pp = this.accPos[g];
        let inv = 0;
        for (let i = 0; i < k; i++)
          for (let j = i + 1; j < k; j++)
            if (((pp >>> (5 * i)) & 31) > ((pp >>> (5 * j)) & 31)) inv++;
        const words = this.wordStart[g + 1] - this.wordStart[g];
        const rank = rankOf(a >>> 16, (a >>> 8) & 255, a & 255, inv, words - this.accCover[g]);
        if (this.finalMark[g] !== finalStamp) {
          this.finalMark[g] = finalStamp;
          this.finalRank[g] = rank;
          found.push(g);
        } else if (rank < this.finalRank[g]) this.finalRank[g] = rank;
      }
    }
    // In group order: through a set of the groups (a sort of 14,000 groups cost 1 ms).
    const set = new Uint32Array((this.groups + 31) >>> 5);
    for (const g of found) set[g >>> 5] |= 1 << (g & 31);
    const groups = new Int32Array(found.length);
    let n = 0;
    for (let w = 0; w < set.length; w++) {
      let v = set[w];
      while (v !== 0) {
        const low = v & -v;
        v ^= low;
        groups[n++] = (w << 5) + 31 - Math.clz32(low);
      }
    }
    const ranks = groups.map((g) => this.finalRank[g]);
    return { groups, ranks };
  }

  /**
   * The groups whose folded name (or part: the first word; the words after it, all of a one-word
   * name) is exactly `words` (FHIR `:exact`, compared as folded).
   */
  exactly(words: readonly string[], part?: 'given' | 'family'): NameMatches {
    const ids = words.map((w) => this.wordId.get(w));
    if (ids.length === 0 || ids.some((id) => id === undefined)) return NO_MATCHES;
    const out: number[] = [];
    for (const p of this.wordPostings[ids[0]!]) {
      const g = p >>> 5;
      const s = this.wordStart[g];
      const e = this.wordStart[g + 1];
      const single = e - s === 1;
      const from = part === 'family' && !single ? s + 1 : s;
      const to = part === 'given' ? (single ? s : s + 1) : e;
      if ((p & 31) !== from - s || to - from !== ids.length) continue;
      let same = true;
      for (let k = 0; k < ids.length; k++) if (this.wordIds[from + k] !== ids[k]) same = false;
      if (same && out[out.length - 1] !== g) out.push(g);
    }
    const groups = Int32Array.from(out).sort();
    return { groups, ranks: new Int32Array(groups.length) };
  }
}
