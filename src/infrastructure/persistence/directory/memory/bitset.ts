/**
 * Fixed-size bit sets over the positions of an in-memory read model (docs/list-reads.md,
 * "Doctor lists in memory"): one 32-bit word per 32 positions, so combining filters is a pass over
 * n / 32 words and a count is a population count of each.
 */
export type Bits = Uint32Array;

export function wordsFor(n: number): number {
  return (n + 31) >>> 5;
}

/** An empty set of `n` positions. */
export function emptyBits(n: number): Bits {
  return new Uint32Array(wordsFor(n));
}

/** Every position below `n`. */
export function fullBits(n: number): Bits {
  const b = new Uint32Array(wordsFor(n)).fill(0xffffffff);
  const rest = n & 31;
  if (rest) b[b.length - 1] = (2 ** rest - 1) >>> 0;
  return b;
}

export function setBit(b: Bits, i: number): void {
  b[i >>> 5] |= 1 << (i & 31);
}

export function hasBit(b: Bits, i: number): boolean {
  return (b[i >>> 5] & (1 << (i & 31))) !== 0;
}

/** The number of set bits of a 32-bit word. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export function countBits(b: Bits): number {
  let n = 0;
  for (let w = 0; w < b.length; w++) if (b[w] !== 0) n += popcount(b[w]);
  return n;
}

/** `into` &= `other`. */
export function andInto(into: Bits, other: Bits): void {
  for (let w = 0; w < into.length; w++) into[w] &= other[w];
}

/** `into` &= ~`other`. */
export function andNotInto(into: Bits, other: Bits): void {
  for (let w = 0; w < into.length; w++) into[w] &= ~other[w];
}

/** `into` = the union of `sets` (missing ones are empty); answers `into`. */
export function unionInto(into: Bits, sets: readonly (Bits | undefined)[]): Bits {
  into.fill(0);
  for (const s of sets) if (s) for (let w = 0; w < into.length; w++) into[w] |= s[w];
  return into;
}

/**
 * The first `limit` set positions of `b` at or after position `from`, skipping `skip` of them:
 * whole words are skipped by their counts, so a page deep in the set costs a pass over words.
 */
export function positionsFrom(b: Bits, from: number, skip: number, limit: number): number[] {
  const out: number[] = [];
  if (limit <= 0) return out;
  let w = from >>> 5;
  if (w >= b.length) return out;
  let x = b[w] & ~((2 ** (from & 31) - 1) >>> 0);
  for (;;) {
    if (x !== 0) {
      const c = popcount(x);
      if (skip >= c) skip -= c;
      else {
        while (x !== 0) {
          const low = x & -x;
          if (skip > 0) skip--;
          else {
            out.push((w << 5) + 31 - Math.clz32(low));
            if (out.length === limit) return out;
          }
          x ^= low;
        }
      }
    }
    if (++w >= b.length) return out;
    x = b[w];
  }
}

/** The mask of the bits of a word at positions `from` (0-31) and above. */
const from32 = (from: number) => ~((2 ** from - 1) >>> 0);

/** `into` = the positions of `src` in [from, to). */
export function rangeOf(into: Bits, src: Bits, from: number, to: number): void {
  into.fill(0);
  if (from >= to) return;
  const w0 = from >>> 5;
  const w1 = (to - 1) >>> 5;
  for (let w = w0; w <= w1; w++) into[w] = src[w];
  into[w0] &= from32(from & 31);
  if (((to - 1) & 31) !== 31) into[w1] &= ~from32(((to - 1) & 31) + 1);
}

/** Clears the positions [from, to) of `b`. */
export function clearRange(b: Bits, from: number, to: number): void {
  if (from >= to) return;
  const w0 = from >>> 5;
  const w1 = (to - 1) >>> 5;
  const head = from32(from & 31);
  const tail = ((to - 1) & 31) === 31 ? -1 : ~from32(((to - 1) & 31) + 1);
  if (w0 === w1) {
    b[w0] &= ~(head & tail);
    return;
  }
  b[w0] &= ~head;
  for (let w = w0 + 1; w < w1; w++) b[w] = 0;
  b[w1] &= ~tail;
}

/** The set positions of `b` at or after `from`. */
export function countFrom(b: Bits, from: number): number {
  let w = from >>> 5;
  if (w >= b.length) return 0;
  let n = popcount(b[w] & from32(from & 31));
  for (w++; w < b.length; w++) if (b[w] !== 0) n += popcount(b[w]);
  return n;
}

/** Calls `f` with each member of `bits`, in ascending order. */
export function eachBit(bits: Bits, f: (i: number) => void): void {
  for (let w = 0; w < bits.length; w++) {
    let v = bits[w];
    while (v !== 0) {
      const low = v & -v;
      v ^= low;
      f((w << 5) + 31 - Math.clz32(low));
    }
  }
}

/** How many positions of `b` in [from, to) are set. */
export function countRange(b: Bits, from: number, to: number): number {
  if (from >= to) return 0;
  const w0 = from >>> 5;
  const w1 = (to - 1) >>> 5;
  const head = ~((2 ** (from & 31) - 1) >>> 0);
  const tail = ((to - 1) & 31) === 31 ? -1 : (2 ** (((to - 1) & 31) + 1) - 1) | 0;
  if (w0 === w1) return popcount(b[w0] & head & tail);
  let n = popcount(b[w0] & head) + popcount(b[w1] & tail);
  for (let w = w0 + 1; w < w1; w++) if (b[w] !== 0) n += popcount(b[w]);
  return n;
}
