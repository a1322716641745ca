/**
 * A small deterministic PRNG for the demo dataset: sfc32 (Chris Doty-Humphrey's Small Fast
 * Counting generator, 128-bit state, passes PractRand), seeded through a 32-bit string hash.
 * Math.random() is never used by the seed code, so one seed always yields one dataset.
 */

/** Items with cumulative weights, precomputed once so repeated picks cost a binary search. */
export interface WeightedTable<T> {
  readonly items: readonly T[];
  readonly cumulative: Float64Array;
  readonly total: number;
}

export function weightedTable<T>(
  items: readonly T[],
  weightOf: (item: T) => number,
): WeightedTable<T> {
  const cumulative = new Float64Array(items.length);
  let total = 0;
  items.forEach((item, i) => {
    const w = weightOf(item);
    if (!(w >= 0)) throw new Error(`Negative or NaN weight at index ${i}`);
    total += w;
    cumulative[i] = total;
  });
  if (items.length === 0 || total <= 0) throw new Error('A weighted table needs a positive weight');
  return { items, cumulative, total };
}

/** xmur3-style 32-bit hash of a string, used to derive seeds of independent streams. */
function hash32(text: string): number {
  let h = 1779033703 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return (h ^ (h >>> 16)) >>> 0;
}

export class SeededRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(readonly seed: number) {
    this.a = hash32(`a:${seed}`);
    this.b = hash32(`b:${seed}`);
    this.c = hash32(`c:${seed}`);
    this.d = 1;
    // Discard the first outputs: sfc32 mixes its state in over a dozen rounds.
    for (let i = 0; i < 15; i++) this.nextUint32();
  }

  /**
   * An independent stream for one part of the dataset: adding draws to one part (say, reviews)
   * then leaves every other part unchanged.
   */
  derive(label: string): SeededRandom {
    return new SeededRandom(hash32(`${this.seed}/${label}`));
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Uniform float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick() from an empty list');
    return items[Math.floor(this.next() * items.length)];
  }

  weightedPick<T>(table: WeightedTable<T>): T {
    return table.items[this.weightedIndex(table)];
  }

  weightedIndex(table: WeightedTable<unknown>): number {
    const x = this.next() * table.total;
    let lo = 0;
    let hi = table.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (table.cumulative[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** A shuffled copy (Fisher–Yates); the input is left alone. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  /** Standard normal deviate (Box–Muller), for clustered coordinates and skewed counts. */
  gaussian(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** A UUID shaped like version 4 (RFC 9562) whose bits come from this stream, so ids repeat per seed. */
  uuid(): string {
    const a = this.nextUint32();
    const b = this.nextUint32();
    const c = this.nextUint32();
    const d = this.nextUint32();
    const hex = (x: number, digits: number) => x.toString(16).padStart(digits, '0');
    // join() yields one flat string; a template literal would keep a tree of pieces per id,
    // several hundred bytes each when a dataset holds a million ids.
    return [
      hex(a >>> 0, 8),
      hex(b >>> 16, 4),
      hex(((b & 0x0fff) | 0x4000) >>> 0, 4), // version 4
      hex(((c >>> 16) & 0x3fff) | 0x8000, 4), // RFC variant
      hex(c & 0xffff, 4) + hex(d >>> 0, 8),
    ].join('-');
  }
}
