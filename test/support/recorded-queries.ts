import { DataSource } from 'typeorm';

/** A statement a repository sent, with its parameters. */
export interface SentQuery {
  readonly sql: string;
  readonly params: unknown[];
}

/**
 * The same DataSource, except that every `query(sql, params)` is handed to `record` before it
 * runs: tests read the statements a repository really sends (to EXPLAIN them, or to check their
 * shape).
 */
export function recordQueries(ds: DataSource, record: (q: SentQuery) => void): DataSource {
  return new Proxy(ds, {
    get(target, prop, receiver) {
      if (prop === 'query')
        return (sql: string, params?: unknown[]) => {
          record({ sql, params: params ?? [] });
          return target.query(sql, params);
        };
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}

/** Every node of an `EXPLAIN (FORMAT JSON)` plan, depth first. */
export function planNodesOf(plan: Record<string, unknown>): Record<string, unknown>[] {
  const nodes: Record<string, unknown>[] = [];
  const visit = (n: Record<string, unknown>) => {
    nodes.push(n);
    for (const c of (n.Plans as Record<string, unknown>[] | undefined) ?? []) visit(c);
  };
  visit(plan);
  return nodes;
}

/**
 * The plan of a statement with sequential and bitmap scans ruled out (a demo directory is small
 * enough for either): the plan then shows the walk the statement lets an index serve, if any.
 * Read in a transaction of its own, so the settings end with it.
 */
export function walkPlanOf(
  ds: DataSource,
  sql: string,
  params: unknown[],
): Promise<Record<string, unknown>[]> {
  return ds.transaction(async (m) => {
    await m.query('SET LOCAL enable_seqscan = off');
    await m.query('SET LOCAL enable_bitmapscan = off');
    const [row] = await m.query<{ 'QUERY PLAN': { Plan: Record<string, unknown> }[] }[]>(
      `EXPLAIN (FORMAT JSON) ${sql}`,
      params,
    );
    return planNodesOf(row['QUERY PLAN'][0].Plan);
  });
}
