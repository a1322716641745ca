import { AuditRecord } from '../../src/application/operators/audit-log';
import { TypeOrmAuditLog } from '../../src/infrastructure/persistence/operators/typeorm-audit-log';
import { planNodesOf, recordQueries, SentQuery } from '../support/recorded-queries';
import { createTestDatabase, TestDatabase } from '../support/test-database';

const ROWS = 1_000_000;

interface ExplainNode extends Record<string, unknown> {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
}

/**
 * The audit log's pages at a million entries (issue 30, item 3d): every page, the last included,
 * is an index walk from an entry that reads its own 51 entries, and the total is counted only up
 * to a cap; OFFSET paging read and dropped every entry before the page.
 */
describe('audit log paging at a million entries', () => {
  let db: TestDatabase;
  let sent: SentQuery[];
  let log: TypeOrmAuditLog;

  beforeAll(async () => {
    db = await createTestDatabase('audit_paging');
    // Times repeat (20 entries a second, ids 9 and 10 or 99 and 100 among them), so the id breaks
    // ties as numbers, never as text.
    // In chunks, each well inside the test database's statement timeout.
    for (let from = 1; from <= ROWS; from += 200_000)
      await db.dataSource.query(
        `INSERT INTO audit_log (at, action, target, ip, detail)
         SELECT timestamptz '2026-01-01T00:00:00Z' + (g / 20) * interval '1 second', 'sign_in_failed',
                'guess' || (g % 5000) || '@example.com', '198.51.100.' || (g % 250), null
           FROM generate_series($1::int, $2::int) g`,
        [from, Math.min(ROWS, from + 199_999)],
      );
    await db.dataSource.query(`VACUUM ANALYZE audit_log`);
    sent = [];
    log = new TypeOrmAuditLog(recordQueries(db.dataSource, (q) => sent.push(q)));
  }, 120_000);
  afterAll(async () => {
    await db?.drop();
  });

  const explain = async (q: SentQuery) => {
    const [row] = await db.dataSource.query<{ 'QUERY PLAN': { Plan: ExplainNode }[] }[]>(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${q.sql}`,
      q.params,
    );
    return planNodesOf(row['QUERY PLAN'][0].Plan) as ExplainNode[];
  };
  const ids = (entries: AuditRecord[]) => entries.map((e) => Number(e.id));

  it('walks older and newer pages from an entry, in (at, id) order, without gaps', async () => {
    const first = await log.page(50, { newest: true }, 10_000);
    expect(first.total).toEqual({ count: 10_000, atLeast: true });
    expect(first.hasNewer).toBe(false);
    expect(first.hasOlder).toBe(true);
    expect(ids(first.entries)).toEqual(Array.from({ length: 50 }, (_, i) => ROWS - i));
    const second = await log.page(50, { olderThan: first.entries[49].id }, 10_000);
    expect(ids(second.entries)).toEqual(Array.from({ length: 50 }, (_, i) => ROWS - 50 - i));
    expect(second.hasNewer).toBe(true);
    const back = await log.page(50, { newerThan: second.entries[0].id }, 10_000);
    expect(ids(back.entries)).toEqual(ids(first.entries));
    const last = await log.page(50, { olderThan: '51' }, 10_000);
    expect(ids(last.entries)).toEqual(Array.from({ length: 50 }, (_, i) => 50 - i));
    const tied = await log.page(3, { olderThan: '11' }, 10_000);
    expect(ids(tied.entries)).toEqual([10, 9, 8]);
    expect(last.hasOlder).toBe(false);
    const small = await log.page(50, { newest: true }, 10 * ROWS);
    expect(small.total).toEqual({ count: ROWS, atLeast: false });
  });

  it('reads only the page: the last of 20,000 pages walks the index from its entry, no sort, a few buffers', async () => {
    sent.length = 0;
    const started = process.hrtime.bigint();
    await log.page(50, { olderThan: '51' }, 10_000);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const [walk, count] = [
      sent.find((q) => /ORDER BY a.at DESC/.test(q.sql))!,
      sent.find((q) => /count\(\*\)/.test(q.sql))!,
    ];
    const nodes = await explain(walk);
    const types = nodes.map((n) => n['Node Type']);
    expect(types).not.toContain('Seq Scan');
    expect(types.filter((t) => /Sort/.test(t))).toEqual([]);
    const scan = nodes.find((n) => n['Index Name'] === 'audit_log_at_idx')!;
    expect(scan).toBeDefined();
    expect(scan['Actual Rows']).toBeLessThanOrEqual(51);
    expect(nodes[0]['Shared Hit Blocks'] + nodes[0]['Shared Read Blocks']).toBeLessThan(50);
    // The total: at most cap + 1 index entries, whatever the log holds.
    const counted = await explain(count);
    expect(Math.max(...counted.map((n) => n['Actual Rows']))).toBe(10_001);
    // Generous (the plan checks above are the real test): a page that walked the whole log of
    // 10,000+ rows would take far longer on any machine.
    expect(ms).toBeLessThan(10_000);
  });
});
