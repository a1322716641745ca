import { createHash } from 'node:crypto';
import { Pool, PoolConfig } from 'pg';
import { DataSource } from 'typeorm';
import { WatchedPool } from './watched-pool';

/**
 * At most this many distinct statements get a name (each connection keeps a prepared statement,
 * and PostgreSQL its plan, per name); the directory's reads use far fewer (one per filter shape),
 * and anything past the bound still runs, unnamed.
 */
export const MAX_PREPARED_STATEMENTS = 512;

const UNDERLYING = Symbol('underlying DataSource');

const names = new Map<string, string>();

/**
 * A read whose plan does not depend on its parameters' values: what runs as a named statement.
 * Lookups by key (a doctor, its reviews, a clinic, catalogues, facet sums) qualify. Pages (a
 * LIMIT or OFFSET parameter), name patterns (LIKE) and distances do not: PostgreSQL's generic
 * plan for them cannot see the page size, the pattern or the point, and measured slower than
 * planning each time (bench: filtered doctor lists 1,001 vs 1,412 req/s), so they stay unnamed.
 */
export function isPreparable(sql: string): boolean {
  return (
    /^\s*(SELECT|WITH)\b/i.test(sql) &&
    !/\b(LIMIT|OFFSET)\s+\$\d/i.test(sql) &&
    !/\b(I?LIKE|earth|cube)\b|<->/i.test(sql)
  );
}

/**
 * The name of a statement's text (the same text always gets the same name, on every connection
 * and in every process), or undefined once MAX_PREPARED_STATEMENTS texts have names.
 */
export function preparedStatementName(sql: string): string | undefined {
  let name = names.get(sql);
  if (name === undefined && names.size < MAX_PREPARED_STATEMENTS) {
    name = `gtad_${createHash('sha256').update(sql).digest('base64url').slice(0, 32)}`;
    names.set(sql, name);
  }
  return name;
}

/** A statement that reads (a SELECT, or a WITH whose result TypeORM would hand back as rows). */
const READ = /^\s*(SELECT|WITH)\b/i;

/** Marks a walk that may run on its generic plan (a comment: the statement means the same anywhere). */
const WALK_MARK = '/* walk: generic plan */ ';

/**
 * Session settings of the walks' connections: every statement runs on its generic plan, planned
 * once per connection. A generic plan cannot see how many rows a filter keeps or how large the
 * page is (it takes a LIMIT parameter for a tenth of the rows), so the plans are held to the
 * shape of a page: index scans (no bitmap, no sequential scan), no sort wherever an index gives
 * the order, and nested loops into the page's few rows (no hash or merge join). Seen without
 * these: a range of years guessed at 495 of 100,000 doctors and sorted (16-40 ms where the walk
 * takes 1-2 ms); an unfiltered page hashed all 100,000 doctors to join 25 (60 ms). A plan that
 * must still sort (the page's rows) is costed as disabled, far above `jit_above_cost`, so JIT is
 * off: it compiled such a page for 130 ms.
 */
export const WALK_SESSION_OPTIONS =
  '-c plan_cache_mode=force_generic_plan -c enable_bitmapscan=off -c enable_seqscan=off ' +
  '-c enable_sort=off -c enable_incremental_sort=off -c enable_hashjoin=off ' +
  '-c enable_mergejoin=off -c jit=off';

/**
 * `sql` marked as a walk: a page in the order of an index, whose caller has checked that the
 * walk is short (it knows how many rows match). PostgreSQL spends longer planning such a page
 * than reading it (measured at 100,000 doctors, Punjabi speakers accepting patients, offset 50:
 * 1.35 ms a statement planned each time, 0.82 ms on its generic plan), and its choice between
 * plans depends on the values, so a generic plan is only safe where the caller vouches for it.
 */
export function walk(sql: string): string {
  return WALK_MARK + sql;
}

export function isWalk(sql: string): boolean {
  return sql.startsWith(WALK_MARK);
}

/** Marks a statement whose text fixes its plan (a comment: the statement means the same anywhere). */
const FIXED_MARK = '/* fixed plan: generic */ ';

/**
 * Session settings of the fixed plans' connections: every statement runs on its generic plan,
 * planned once per connection, with the planner's usual choices (bitmap scans of the name
 * indexes, sorts of collected rows), and without JIT whatever DataSource the pool serves (a
 * generic plan's estimates count every branch, as a walk's do).
 */
export const FIXED_PLAN_SESSION_OPTIONS = '-c plan_cache_mode=force_generic_plan -c jit=off';

/**
 * `sql` marked as a statement whose plan its text already fixes: which index each branch reads
 * and in what order is written into it (a name search whose matches were counted, issue 14
 * item 3), every pattern is also given as a range or an index-served operator, so the plan
 * made without the parameters' values is the one made with them. Planning such a statement
 * cost more than running it (0.3-0.4 ms of a 0.6-1.5 ms search at 100,000 doctors), so it runs
 * named on a session of generic plans (FIXED_PLAN_SESSION_OPTIONS).
 */
export function fixedPlan(sql: string): string {
  return FIXED_MARK + sql;
}

export function isFixedPlan(sql: string): boolean {
  return sql.startsWith(FIXED_MARK);
}

/** The sessions a marked statement runs on: walks, fixed plans, or (undefined) the main pool's. */
export type PlanSession = 'walks' | 'fixed';

/** The extra session settings of each kind of marked statement. */
export const PLAN_SESSION_OPTIONS: Readonly<Record<PlanSession, string>> = {
  walks: WALK_SESSION_OPTIONS,
  fixed: FIXED_PLAN_SESSION_OPTIONS,
};

/** Where a statement runs on its generic plan, if it does (see `walk` and `fixedPlan`). */
export function planSessionOf(sql: string): PlanSession | undefined {
  if (isWalk(sql)) return 'walks';
  if (isFixedPlan(sql)) return 'fixed';
  return undefined;
}

const SIDE_POOLS = Symbol('side pools');
const SIDE_POOL_MAP = Symbol('side pool map');

/**
 * The directory's reads straight to the driver's pool (issue 14, items 2 and 6): `query(sql,
 * params)` on the returned DataSource sends a SELECT or WITH to `pg` without TypeORM's query
 * runner (measured at about 3% of a list request's CPU), and a preparable one (see isPreparable)
 * under a name derived from its text, so each connection parses it once and PostgreSQL keeps its
 * plan (its own rule: five custom plans, then the generic one when it costs no more). A walk (see
 * `walk`) goes, named, to a second, smaller pool of connections whose sessions use generic plans
 * made only of index scans (WALK_SESSION_OPTIONS), and a statement of fixed plan (`fixedPlan`)
 * to a third, whose sessions use generic plans with the planner's usual choices; both are opened
 * on first use and closed by `closePreparedReads`. Anything else (a write, a statement on a query
 * runner) goes through TypeORM as before. The answer is TypeORM's (rows; [rows, count] for an
 * UPDATE or DELETE), errors are the driver's own (same `code`), which the error mapping already
 * reads.
 */
export function preparedReads(ds: DataSource): DataSource {
  const pool = (): Pool => (ds.driver as unknown as { master: Pool }).master;
  const sides = new Map<PlanSession, Pool>();
  const sidePool = (kind: PlanSession): Pool => {
    let side = sides.get(kind);
    if (!side) {
      const base = (pool() as unknown as { options: PoolConfig }).options;
      side = new WatchedPool({
        ...base,
        max: Math.max(1, Math.ceil((base.max ?? 10) / 2)),
        options: `${base.options ?? ''} ${PLAN_SESSION_OPTIONS[kind]}`.trim(),
        // Idle side connections never hold a process open.
        allowExitOnIdle: true,
      });
      // An idle connection that breaks is dropped by the pool; nothing to report per request.
      side.on('error', () => undefined);
      sides.set(kind, side);
    }
    return side;
  };
  const query = async (sql: string, params?: unknown[], runner?: unknown): Promise<unknown> => {
    const kind = runner === undefined ? planSessionOf(sql) : undefined;
    if (kind !== undefined) {
      const result = await sidePool(kind).query({
        name: preparedStatementName(sql),
        text: sql,
        values: params ?? [],
      });
      return result.rows;
    }
    if (runner !== undefined || !READ.test(sql)) return ds.query(sql, params, runner as never);
    const result = await pool().query({
      name: isPreparable(sql) ? preparedStatementName(sql) : undefined,
      text: sql,
      values: params ?? [],
    });
    return result.command === 'UPDATE' || result.command === 'DELETE'
      ? [result.rows, result.rowCount]
      : result.rows;
  };
  const close = async (): Promise<void> => {
    const open = [...sides.values()];
    sides.clear();
    await Promise.all(open.map((p) => p.end()));
  };
  return new Proxy(ds, {
    get(target, prop, receiver) {
      if (prop === 'query') return query;
      if (prop === UNDERLYING) return target;
      if (prop === SIDE_POOLS) return close;
      if (prop === SIDE_POOL_MAP) return sides;
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}

/**
 * The side pools a `preparedReads` DataSource has opened so far, by kind (none for any other
 * DataSource), for the metrics: the map is live, so a pool opened later shows at the next scrape.
 */
export function sidePoolsOf(ds: DataSource): ReadonlyMap<PlanSession, Pool> {
  const sides = (ds as unknown as Record<symbol, Map<PlanSession, Pool> | undefined>)[
    SIDE_POOL_MAP
  ];
  return sides ?? new Map();
}

/** Closes the side pools of a `preparedReads` DataSource (nothing for any other DataSource). */
export async function closePreparedReads(ds: DataSource): Promise<void> {
  const close = (ds as unknown as Record<symbol, (() => Promise<void>) | undefined>)[SIDE_POOLS];
  await close?.();
}

/** An array element in an array literal: a number as it is, anything else double-quoted. */
function arrayElement(x: unknown): string {
  return typeof x === 'number' ? String(x) : `"${String(x).replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/**
 * A parameter as an SQL literal (numbers, booleans, dates, strings, arrays of numbers or of
 * strings: a status list written as numbers became '{NaN}', and the plan of a walk by status
 * was explained matching nothing).
 */
export function sqlLiteral(v: unknown): string {
  if (Array.isArray(v)) return `'${`{${v.map(arrayElement).join(',')}}`.replace(/'/g, "''")}'`;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return `'${v.toISOString()}'`;
  return `'${String(v).replace(/'/g, "''")}'`;
}

/**
 * `EXECUTE` of a statement's name with its parameters written as literals: what tools and tests
 * EXPLAIN to see the plan a walks' session keeps for it (after it ran there once). Never used to
 * answer a request.
 */
export function executeSql(sql: string, params: readonly unknown[]): string {
  return `EXECUTE "${preparedStatementName(sql)}"(${params.map(sqlLiteral).join(', ')})`;
}

/** The DataSource behind `preparedReads` (or `ds` itself), for identity comparisons. */
export function underlyingDataSource(ds: DataSource): DataSource {
  return (ds as unknown as Record<symbol, DataSource | undefined>)[UNDERLYING] ?? ds;
}
