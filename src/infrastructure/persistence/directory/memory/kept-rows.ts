/** Rows kept per copy of the columns (the oldest kept goes first past it): about 60 MB at most. */
export const ROWS_KEPT = 50_000;

/**
 * The list items a copy of the columns has read from PostgreSQL, by row position, so that a page
 * whose rows were all read before is answered without reading them again (issue 32, item 3).
 * They live as long as the copy: a change of the directory replaces the copy and so drops them.
 * Items are kept as read; what depends on the request (openNow, a distance) is not taken from
 * them. The first kept goes first past `max` (no reordering on a hit, which would cost a
 * delete and an insert per row served).
 */
export class KeptRows<T> {
  private readonly rows = new Map<number, T>();
  /** Pages answered from kept rows (for tests and the curious). */
  pages = 0;
  /**
   * Bumped by clear(): a reader takes it before it reads rows and keeps them under it, so that
   * rows read before a change applied in place are not kept after it.
   */
  epoch = 0;

  constructor(private readonly max = ROWS_KEPT) {}

  /** Keeps `row` at `position`, unless the rows were cleared since `epoch` (when given). */
  keep(position: number, row: T, epoch = this.epoch): void {
    if (epoch !== this.epoch || this.rows.has(position)) return;
    if (this.rows.size >= this.max) this.rows.delete(this.rows.keys().next().value!);
    this.rows.set(position, row);
  }

  /** The rows at `positions`, in their order, when every one is kept; else undefined. */
  all(positions: readonly number[]): T[] | undefined {
    const out = new Array<T>(positions.length);
    for (let j = 0; j < positions.length; j++) {
      const row = this.rows.get(positions[j]);
      if (row === undefined) return undefined;
      out[j] = row;
    }
    this.pages++;
    return out;
  }

  get size(): number {
    return this.rows.size;
  }

  /** Forgets every row (a change applied in place to the copy). */
  clear(): void {
    this.rows.clear();
    this.epoch++;
  }
}

/**
 * Distances PostgreSQL computed (from a request's point to a row: a full page's cursor key
 * nearest first), kept per copy of the columns like the rows, so that a page answered from kept
 * rows reads its cursor's distance once. The first kept goes first past `max`.
 */
export class KeptDistances {
  private readonly values = new Map<string, number>();

  private epoch = 0;

  constructor(private readonly max = ROWS_KEPT) {}

  /** Forgets every distance (a change applied in place to the copy). */
  clear(): void {
    this.values.clear();
    this.epoch++;
  }

  async of(key: string, read: () => Promise<number>): Promise<number> {
    const hit = this.values.get(key);
    if (hit !== undefined) return hit;
    const epoch = this.epoch;
    const k = await read();
    if (epoch !== this.epoch) return k;
    if (this.values.size >= this.max) this.values.delete(this.values.keys().next().value!);
    this.values.set(key, k);
    return k;
  }
}

/**
 * `value` once the event loop has run its pending I/O. A page answered from kept rows touches no
 * socket or database: an in-process caller reading in a tight loop (an MCP session on an
 * in-memory transport, a test injecting requests) would otherwise starve everything else's I/O,
 * an import's included.
 */
export function afterIo<T>(value: T): Promise<T> {
  return new Promise((resolve) => setImmediate(() => resolve(value)));
}
