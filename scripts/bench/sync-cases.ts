import { Client } from 'pg';
import { ListCursors } from '../../src/application/shared/list-cursor';
import { encodeChangeCursor } from '../../src/application/sync/change-cursor';
import { SortKey } from '../../src/domain/shared/page';
import { ChangeLogFacts } from './change-log';
import { criteriaOf, Endpoint, Query, Target } from './endpoints';
import type { PlanCase } from './plan-cases';

/**
 * The bench cases of issue 34, item 5 (a change-feed page and a cursor page cost the same at the
 * start and deep down): change-feed pages of 1,000 from the start of the log, from its first
 * doctor change and from position ~900,000; cursor pages of /doctors with a filter at its start
 * and ~900,000 rows down (the unfiltered ones are endpoints.ts's `doctors cursor page` cases).
 */

/** The feed's page size in the cases (its ceiling). */
export const FEED_LIMIT = 1_000;
/** Consecutive pages per feed case (one URL each). */
const FEED_PAGES = 10;
/** How deep the deep cases go, when the list or the log is long enough (else 90% of it). */
export const DEEP_ROW = 900_000;
/** The filter of the filtered cursor cases: most doctors match it, so the list is as deep. */
export const CURSOR_FILTER: Query = { languages: 'English' };

export interface SyncSamples {
  readonly log: ChangeLogFacts;
  /** Keys ending 20 pages of 25 of /doctors?languages=English, from row 25 and from `deepRow`. */
  readonly filtered: {
    readonly start: SortKey[];
    readonly deep: SortKey[];
    readonly deepRow: number;
    readonly total: number;
  };
}

/** `DEEP_ROW` when `room` rows follow it in a list of `n`, else 90% of `n` less `room`. */
export const deepPosition = (n: number, room: number): number =>
  n >= DEEP_ROW + room ? DEEP_ROW : Math.max(0, Math.floor(n * 0.9) - room);

export async function pickSyncSamples(url: string, log: ChangeLogFacts): Promise<SyncSamples> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    const filter = `$1 = ANY(s.language_ids)`;
    const [{ id }] = (
      await c.query<{ id: number }>(`SELECT id FROM languages WHERE name = $1`, [
        CURSOR_FILTER.languages,
      ])
    ).rows;
    const [{ n }] = (
      await c.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM doctor_search s WHERE ${filter}`,
        [id],
      )
    ).rows;
    const keysFrom = async (row: number) =>
      (
        await c.query<{ name_key: string; cpso_number: string }>(
          `SELECT name_key, cpso_number FROM doctor_search s WHERE ${filter}
            ORDER BY name_key, cpso_number OFFSET $2 LIMIT 500`,
          [id, row],
        )
      ).rows
        .filter((_, i) => i % 25 === 0)
        .map((r): SortKey => [r.name_key, r.cpso_number]);
    const deepRow = Math.max(25, deepPosition(n, 500));
    return {
      log,
      filtered: {
        start: await keysFrom(24),
        deep: await keysFrom(deepRow - 1),
        deepRow,
        total: n,
      },
    };
  } finally {
    await c.end();
  }
}

/** Pages of 25 of /doctors?<filter> after each key, with cursors signed as the service signs. */
function filteredCursorPages(
  q: Query,
  keys: readonly SortKey[],
  firstRow: number,
  secret: string,
): Target[] {
  const cursors = new ListCursors(secret);
  const scope = { kind: 'doctors' as const, query: criteriaOf(q) };
  const filter = new URLSearchParams(
    Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return keys.map((key, i) => ({
    path: `/doctors?${filter}&cursor=${encodeURIComponent(cursors.encode(scope, firstRow + i * 25, key))}`,
    call: (u) => u.listDoctors.execute(criteriaOf(q), { limit: 25, offset: 0, after: key }),
  }));
}

/**
 * FEED_PAGES consecutive pages of the feed after position `from`. The feed reads in a
 * transaction of its own, not through the use cases: its direct SQL is the page statement and
 * the doctors' records statement (u.changes), as the plans show.
 */
function feedPages(from: number, last: number): Target[] {
  const afters = Array.from({ length: FEED_PAGES }, (_, i) => from + i * FEED_LIMIT);
  return afters
    .filter((after, i) => i === 0 || after < last)
    .map((after) => ({
      path: `/changes?since=${encodeChangeCursor(after)}&limit=${FEED_LIMIT}`,
      call: (u) => u.changes.page(after, FEED_LIMIT),
    }));
}

const position = (n: number) => `position ${(n + 1).toLocaleString('en')}`;

export function syncEndpoints(s: SyncSamples, secret: string): Endpoint[] {
  const out: Endpoint[] = [];
  const log = s.log;
  if (log.changes > 0) {
    const room = FEED_PAGES * FEED_LIMIT;
    const deep = log.floor + deepPosition(log.changes, room);
    const starts = new Set([log.floor, log.beforeFirstDoctor, deep]);
    for (const from of starts)
      out.push({
        name: `changes 1000 from ${position(from)}`,
        kind: 'feed',
        targets: feedPages(from, log.last),
      });
  }
  const f = s.filtered;
  const label = Object.entries(CURSOR_FILTER)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  out.push(
    {
      name: `doctors ${label} cursor page, start`,
      kind: 'list',
      targets: filteredCursorPages(CURSOR_FILTER, f.start, 25, secret),
    },
    {
      name: `doctors ${label} cursor page, row ${f.deepRow.toLocaleString('en')}`,
      kind: 'list',
      targets: filteredCursorPages(CURSOR_FILTER, f.deep, f.deepRow, secret),
    },
  );
  return out;
}

/** `npm run plans` cases: the first page of each feed case, and the filtered cursor pages. */
export function syncPlanCases(s: SyncSamples): PlanCase[] {
  return syncEndpoints(s, 'plans').map((e) => ({
    name: `/${e.name}`,
    kind: 'list' as const,
    target: e.targets[0],
  }));
}
