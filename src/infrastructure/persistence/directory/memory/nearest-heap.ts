/**
 * The `size` nearest rows seen so far by (distance, tie): a max-heap whose root is the farthest
 * row kept, so a row is kept in O(log size) and a farther one refused at a glance. The tie is
 * the list's own order among rows at one distance (a doctor's position in name order; a
 * clinic's rank by id).
 */
export class NearestHeap {
  private readonly k: Float64Array;
  private readonly t: Float64Array;
  private readonly i: Int32Array;
  private n = 0;

  constructor(readonly size: number) {
    this.k = new Float64Array(size);
    this.t = new Float64Array(size);
    this.i = new Int32Array(size);
  }

  get full(): boolean {
    return this.n === this.size;
  }

  /** The distance of the farthest row kept (only once full). */
  get farthest(): number {
    return this.k[0];
  }

  private above(a: number, b: number): boolean {
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

  offer(k: number, tie: number, row: number): void {
    if (this.n < this.size) {
      this.k[this.n] = k;
      this.t[this.n] = tie;
      this.i[this.n] = row;
      let at = this.n++;
      while (at > 0) {
        const up = (at - 1) >> 1;
        if (!this.above(at, up)) break;
        this.swap(at, up);
        at = up;
      }
      return;
    }
    if (!(k < this.k[0] || (k === this.k[0] && tie < this.t[0]))) return;
    this.k[0] = k;
    this.t[0] = tie;
    this.i[0] = row;
    for (let at = 0; ;) {
      const l = 2 * at + 1;
      if (l >= this.n) return;
      const r = l + 1;
      const big = r < this.n && this.above(r, l) ? r : l;
      if (!this.above(big, at)) return;
      this.swap(big, at);
      at = big;
    }
  }

  /** The rows kept, nearest first (ties in their order). */
  sorted(): number[] {
    const order = Array.from({ length: this.n }, (_, j) => j).sort(
      (a, b) => this.k[a] - this.k[b] || this.t[a] - this.t[b],
    );
    return order.map((j) => this.i[j]);
  }
}
