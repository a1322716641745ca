/**
 * The page [offset, offset + limit) of the rows offered, by (distance, tie), without sorting or
 * heaping them all: rows are buffered; when the buffer holds twice the `offset + limit` kept
 * (`size`), a selection (quickselect, linear) keeps the nearest `size` and their farthest bounds
 * every later row (a farther one is refused at a glance, as a heap's root did). The page is then
 * one more selection and a sort of its own rows only. A bounded max-heap cost O(log size) per
 * row kept: at 1,000,000 doctors, 2.2 to 3.6 ms for deep pages (3,000 rows in) of a filter of
 * 8,000 to 19,000 doctors, against a few tenths of a millisecond this way.
 *
 * The tie is the list's own order among rows at one distance (a doctor's position in name order,
 * a clinic's rank by id): no two rows offered share one, so (distance, tie) orders them totally.
 */
export class NearestPick {
  private k: Float64Array;
  private t: Float64Array;
  private i: Int32Array;
  private n = 0;
  /** The farthest (distance, tie) that can still be among the nearest `size` (once known). */
  private farK = Infinity;
  private farT = Infinity;
  private bounded = false;

  constructor(readonly size: number) {
    const cap = Math.max(64, Math.min(2 * size, 1 << 16));
    this.k = new Float64Array(cap);
    this.t = new Float64Array(cap);
    this.i = new Int32Array(cap);
  }

  /** Whether `farthest` bounds the rows kept (some `size` rows were offered). */
  get full(): boolean {
    return this.bounded;
  }

  /** The distance beyond which no row is among the nearest `size` (once full). */
  get farthest(): number {
    return this.farK;
  }

  offer(k: number, tie: number, row: number): void {
    if (this.bounded && (k > this.farK || (k === this.farK && tie > this.farT))) return;
    if (this.n === this.k.length) this.makeRoom();
    this.k[this.n] = k;
    this.t[this.n] = tie;
    this.i[this.n] = row;
    this.n++;
  }

  /**
   * Keeps the nearest `size` of the buffer only, the bound then exact: the walks through the
   * grid's rings ask it after each ring (a tighter bound stops them sooner).
   */
  tighten(): void {
    if (this.n >= this.size && (!this.bounded || this.n > this.size)) this.keepNearest();
  }

  /** Rows `offset` to `size` - 1 by (distance, tie), nearest first. */
  page(offset: number): number[] {
    if (this.n > this.size) this.keepNearest();
    if (offset >= this.n) return [];
    if (offset > 0) this.select(0, this.n - 1, offset);
    const order = Array.from({ length: this.n - offset }, (_, j) => offset + j).sort(
      (a, b) => this.k[a] - this.k[b] || this.t[a] - this.t[b],
    );
    return order.map((j) => this.i[j]);
  }

  private makeRoom(): void {
    if (this.n >= 2 * this.size) {
      this.keepNearest();
      return;
    }
    const grow = <A extends Float64Array | Int32Array>(a: A, make: (n: number) => A): A => {
      const b = make(a.length * 2);
      b.set(a);
      return b;
    };
    this.k = grow(this.k, (n) => new Float64Array(n));
    this.t = grow(this.t, (n) => new Float64Array(n));
    this.i = grow(this.i, (n) => new Int32Array(n));
  }

  /** The nearest `size` to the front, the rest dropped, their farthest the bound (n >= size). */
  private keepNearest(): void {
    this.select(0, this.n - 1, this.size - 1);
    this.n = this.size;
    this.farK = this.k[this.size - 1];
    this.farT = this.t[this.size - 1];
    this.bounded = true;
  }

  private after(a: number, b: number): boolean {
    return this.k[a] > this.k[b] || (this.k[a] === this.k[b] && this.t[a] > this.t[b]);
  }

  private swap(a: number, b: number): void {
    const k = this.k[a];
    this.k[a] = this.k[b];
    this.k[b] = k;
    const t = this.t[a];
    this.t[a] = this.t[b];
    this.t[b] = t;
    const i = this.i[a];
    this.i[a] = this.i[b];
    this.i[b] = i;
  }

  /**
   * Quickselect (Hoare's partition, median of three): the row that belongs at `p` in order is
   * put there, the nearer ones before it and the farther ones after it, within [lo, hi].
   */
  private select(lo: number, hi: number, p: number): void {
    const K = this.k;
    const T = this.t;
    while (hi > lo) {
      const mid = (lo + hi) >>> 1;
      if (this.after(lo, mid)) this.swap(lo, mid);
      if (this.after(lo, hi)) this.swap(lo, hi);
      if (this.after(mid, hi)) this.swap(mid, hi);
      const pk = K[mid];
      const pt = T[mid];
      let a = lo;
      let b = hi;
      while (a <= b) {
        while (K[a] < pk || (K[a] === pk && T[a] < pt)) a++;
        while (K[b] > pk || (K[b] === pk && T[b] > pt)) b--;
        if (a <= b) {
          this.swap(a, b);
          a++;
          b--;
        }
      }
      if (p <= b) hi = b;
      else if (p >= a) lo = a;
      else return;
    }
  }
}
