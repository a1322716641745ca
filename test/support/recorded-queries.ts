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
