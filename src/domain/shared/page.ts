/**
 * The sort key of a list row: the values of the list's own order, ending with its unique key
 * (name and CPSO number; distance, name and CPSO number; ...). A cursor carries the last row's.
 */
export type SortKey = readonly (string | number)[];

export interface PageRequest {
  readonly limit: number;
  readonly offset: number;
  /**
   * Keyset paging: the page starts after the row of this sort key (the list's own order), and
   * `offset` is then 0. A page read this way does not drift when rows are added or removed
   * before it.
   */
  readonly after?: SortKey;
}

export interface Page<T> {
  readonly items: T[];
  readonly total: number;
  /** The sort key of the page's last row (lists that page by cursor set it when rows came back). */
  readonly lastKey?: SortKey;
  /**
   * Whether the page was chosen full (the list goes on past it) even if it came back shorter: its
   * rows are chosen from an instance's copy of the directory and read by id, and a row removed
   * since the copy was loaded is not read (issue 49). Absent: full when it has `limit` rows.
   */
  readonly full?: boolean;
}
