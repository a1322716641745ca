import { PlanNode, walk } from './explain';

/**
 * How much a statement's plan reads beyond its page (issue 32, item 1), for the random cases of
 * `npm run plans` (random-plans.ts); the guarded tables are also its fixed cases' (query-plans.ts).
 * A statement is flagged when it
 *  - throws away more rows than a page's worth after reading them (Rows Removed by Filter,
 *    by Index Recheck or by Join Filter, times the node's loops, summed): rows its index did not
 *    check;
 *  - fetches more table rows in one scan node than the rows it skips (offset) plus a page's
 *    worth (Index Scan, Bitmap Heap Scan, Seq Scan: rows kept and removed; Index Only Scan: heap
 *    fetches): e.g. a total counted row by row from the table;
 *  - sorts more rows in one sort than the rows it skips plus a page's worth (a Sort node's input
 *    per loop: 25 sorts of an item's 3 languages are not a sort of 75 rows);
 *  - or reads a guarded table with a Seq Scan.
 * A page's worth is 2 × limit + PAGE_SLACK.
 */

/** Rows over twice the page size still taken as "a page's worth" (index probes, a few joins). */
export const PAGE_SLACK = 20;

/** Tables a plan must never read with a Seq Scan (npm run plans fails on one). */
export const GUARDED: ReadonlySet<string> = new Set([
  'doctors',
  'clinics',
  'doctor_search',
  'doctor_geo',
  'clinic_doctor_search',
  'specialist_offerings',
  'reviews',
  // A row per opening range of every clinic.
  'clinic_open_ranges',
]);

/** What one statement's plan reads beyond its index. */
export interface PlanReads {
  /** Rows read then removed (filter, index recheck, join filter), all nodes. */
  readonly removed: number;
  /** The most table rows one scan node fetched, and that node. */
  readonly heapRows: number;
  readonly heapNode: string;
  /** The most rows one Sort node sorted in one of its loops. */
  readonly sortRows: number;
  readonly seqScans: string[];
}

const loops = (n: PlanNode) => n['Actual Loops'] ?? 1;
const rows = (n: PlanNode) => (n['Actual Rows'] ?? 0) * loops(n);
const removedBy = (n: PlanNode) =>
  ((n['Rows Removed by Filter'] ?? 0) +
    (n['Rows Removed by Index Recheck'] ?? 0) +
    (n['Rows Removed by Join Filter'] ?? 0)) *
  loops(n);

/** The reads of a plan (EXPLAIN ANALYZE, FORMAT JSON). */
export function planReads(plan: PlanNode): PlanReads {
  let removed = 0;
  let heapRows = 0;
  let heapNode = '';
  let sortRows = 0;
  const seqScans = new Set<string>();
  walk(plan, (n) => {
    removed += removedBy(n);
    const type = n['Node Type'];
    let fetched = 0;
    if (type === 'Index Only Scan') fetched = n['Heap Fetches'] ?? 0;
    else if (type === 'Index Scan' || type === 'Bitmap Heap Scan' || type === 'Seq Scan')
      fetched = rows(n) + removedBy(n);
    if (fetched > heapRows) {
      heapRows = fetched;
      heapNode = `${type} on ${n['Relation Name'] ?? '?'}${n['Index Name'] ? ` (${n['Index Name']})` : ''}`;
    }
    if (type === 'Sort' || type === 'Incremental Sort')
      sortRows = Math.max(
        sortRows,
        (n.Plans ?? []).reduce((a, c) => a + (c['Actual Rows'] ?? 0), 0),
      );
    if (type === 'Seq Scan' && n['Relation Name'] && GUARDED.has(n['Relation Name']))
      seqScans.add(n['Relation Name']);
  });
  return { removed, heapRows, heapNode, sortRows, seqScans: [...seqScans] };
}

/** Why a statement's reads are more than its page's, or undefined; `excess` ranks the worst. */
export function verdictOf(
  r: PlanReads,
  limit: number,
  offset: number,
): { reason: string; excess: number } | undefined {
  const page = 2 * limit + PAGE_SLACK;
  const found: { reason: string; excess: number }[] = [];
  if (r.seqScans.length)
    found.push({ reason: `Seq Scan on ${r.seqScans.join(', ')}`, excess: Infinity });
  if (r.removed > page)
    found.push({
      reason: `${r.removed} rows removed after reading them (page's worth ${page})`,
      excess: r.removed / page,
    });
  if (r.heapRows > offset + page)
    found.push({
      reason: `${r.heapRows} table rows fetched by ${r.heapNode} (page's worth ${offset + page})`,
      excess: r.heapRows / (offset + page),
    });
  if (r.sortRows > offset + page)
    found.push({
      reason: `sorts ${r.sortRows} rows (page's worth ${offset + page})`,
      excess: r.sortRows / (offset + page),
    });
  if (found.length === 0) return undefined;
  const worst = found.reduce((a, b) => (b.excess > a.excess ? b : a));
  return { reason: found.map((f) => f.reason).join('; '), excess: worst.excess };
}
