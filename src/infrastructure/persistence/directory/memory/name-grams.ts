import { Bits, emptyBits, setBit } from './bitset';

/** A gram this common (rows) is kept as a bit set; rarer ones as sorted lists of rows. */
const DENSE_SHARE = 1 / 32;
/** Rows read between yields to the event loop while the index is built. */
const CHUNK = 50_000;

type Rows = Bits | Int32Array;

/** The names of the rows (DoctorColumnData's concatenation). */
export interface Names {
  readonly n: number;
  readonly names: string;
  readonly nameStart: Int32Array;
}

/**
 * Which names contain a fragment (the name search's third rank, issue 32): for every two- and
 * three-character piece of the names (UTF-16 code units of name_key), the rows whose name holds
 * it, as a bit set when common and a sorted list otherwise. A two-character fragment is its
 * piece's rows; three characters, its trigram's; a longer one, the rows of all its trigrams,
 * each then checked (a fragment's trigrams can all be in a name that does not contain it).
 */
export class NameGrams {
  private constructor(
    private readonly names: Names,
    private readonly grams: ReadonlyMap<string, Rows>,
  ) {}

  /**
   * Built in two passes over the names (counting each piece's rows, then filling typed arrays of
   * those sizes, so that no list of numbers grows meanwhile), in chunks, yielding between them
   * so that requests are served meanwhile.
   */
  static async build(names: Names): Promise<NameGrams> {
    const { n, nameStart } = names;
    const slotOf = new Map<string, number>();
    const counts: number[] = [];
    let last = new Int32Array(1024).fill(-1);
    // Calls `each(slot, row)` once per distinct piece of each row's name.
    const pass = async (each: (slot: number, row: number) => void) => {
      last.fill(-1);
      for (let from = 0; from < n; from += CHUNK) {
        for (let i = from; i < Math.min(n, from + CHUNK); i++) {
          const name = names.names.slice(nameStart[i], nameStart[i + 1]);
          for (let len = 2; len <= 3; len++)
            for (let j = 0; j + len <= name.length; j++) {
              const g = name.slice(j, j + len);
              let slot = slotOf.get(g);
              if (slot === undefined) {
                slotOf.set(g, (slot = counts.length));
                counts.push(0);
                if (slot >= last.length) {
                  const grown = new Int32Array(last.length * 2).fill(-1);
                  grown.set(last);
                  last = grown;
                }
              }
              if (last[slot] === i) continue;
              last[slot] = i;
              each(slot, i);
            }
        }
        await new Promise((r) => setImmediate(r));
      }
    };
    await pass((slot) => counts[slot]++);
    const rows: Rows[] = counts.map((c) =>
      c >= n * DENSE_SHARE ? emptyBits(n) : new Int32Array(c),
    );
    const filled = new Int32Array(counts.length);
    await pass((slot, i) => {
      const r = rows[slot];
      if (r instanceof Int32Array) r[filled[slot]++] = i;
      else setBit(r, i);
    });
    return new NameGrams(names, new Map([...slotOf].map(([g, slot]) => [g, rows[slot]])));
  }

  private contains(i: number, q: string): boolean {
    const { names, nameStart } = this.names;
    const end = nameStart[i + 1] - q.length;
    for (let j = nameStart[i]; j <= end; j++) if (names.startsWith(q, j)) return true;
    return false;
  }

  /**
   * Sets in `out` (cleared first) the rows of `within` whose name contains `q` (lower case, two
   * UTF-16 code units or more).
   */
  containing(q: string, within: Bits, out: Bits): void {
    out.fill(0);
    const pieces =
      q.length === 2 ? [q] : Array.from({ length: q.length - 2 }, (_, j) => q.slice(j, j + 3));
    const bitSets: Bits[] = [];
    const lists: Int32Array[] = [];
    for (const g of new Set(pieces)) {
      const rows = this.grams.get(g);
      if (!rows) return;
      if (rows instanceof Int32Array) lists.push(rows);
      else bitSets.push(rows);
    }
    // Two or three characters: their piece's rows are exactly the names containing them.
    const exact = q.length <= 3;
    if (lists.length === 0) {
      // Every piece common: the sets' intersection, word by word.
      out.set(within);
      for (const set of bitSets) for (let w = 0; w < out.length; w++) out[w] &= set[w];
      if (!exact) this.keepContaining(out, q);
      return;
    }
    // The lists' common rows (merged, shortest first), then the bit sets asked of each.
    let rows = lists.reduce((a, b) => (b.length < a.length ? b : a));
    for (const l of lists) if (l !== rows) rows = intersect(rows, l);
    for (let r = 0; r < rows.length; r++) {
      const i = rows[r];
      const word = i >>> 5;
      const bit = 1 << (i & 31);
      if ((within[word] & bit) === 0) continue;
      let all = true;
      for (const set of bitSets) if ((set[word] & bit) === 0) all = false;
      if (all && (exact || this.contains(i, q))) out[word] |= bit;
    }
  }

  /** Clears the rows of `b` whose name does not contain `q`. */
  private keepContaining(b: Bits, q: string): void {
    for (let w = 0; w < b.length; w++) {
      let v = b[w];
      while (v !== 0) {
        const low = v & -v;
        v ^= low;
        if (!this.contains((w << 5) + 31 - Math.clz32(low), q)) b[w] &= ~low;
      }
    }
  }
}

/** The rows in both sorted lists. */
function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let n = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] < b[j]) i++;
    else if (a[i] > b[j]) j++;
    else {
      out[n++] = a[i];
      i++;
      j++;
    }
  }
  return out.subarray(0, n);
}
