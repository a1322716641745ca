import { Pool, PoolClient } from 'pg';
import { BulkColumn, bulkInsert } from '../../src/infrastructure/seed/bulk-insert';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * The seed's batched insert reads its rows once, a batch at a time (a million-doctor seed
 * generates 7.5 million reviews while it writes them): every row lands, full batches and the
 * last partial one; no batch is sent before the one before it is written, and the next batch is
 * generated while the database writes the one before.
 */
describe('bulkInsert from a generator', () => {
  let db: TestDatabase;
  let pool: Pool;
  let client: PoolClient;

  interface Row {
    n: number;
    label: string;
  }
  const columns: BulkColumn<Row>[] = [
    { name: 'n', type: 'int', value: (r) => r.n },
    { name: 'label', type: 'text', value: (r) => r.label },
  ];

  beforeAll(async () => {
    db = await createTestDatabase('bulk_insert', { migrate: false });
    pool = new Pool({ connectionString: db.url, max: 1 });
    client = await pool.connect();
    await client.query('CREATE TABLE bulk_rows (n int PRIMARY KEY, label text NOT NULL)');
  });
  afterAll(async () => {
    client?.release();
    await pool?.end();
    await db?.drop();
  });

  it.each([
    [7, 3],
    [6, 3],
    [2, 5],
    [0, 4],
  ])(
    'writes all %i rows in batches of %i, generating at most one batch ahead of the one written',
    async (total, size) => {
      await client.query('TRUNCATE bulk_rows');
      let generated = 0;
      const aheadAtEachBatch: number[] = [];
      function* rows(): Generator<Row> {
        for (let n = 0; n < total; n++) {
          generated++;
          yield { n, label: `row ${n}` };
        }
      }
      const counted = new Proxy(client, {
        get(target, prop, receiver) {
          if (prop !== 'query') return Reflect.get(target, prop, receiver) as unknown;
          return async (...args: Parameters<PoolClient['query']>) => {
            const before = Number(
              (await target.query<{ n: string }>('SELECT count(*) AS n FROM bulk_rows')).rows[0].n,
            );
            aheadAtEachBatch.push(generated - before);
            return (target.query as (...a: unknown[]) => unknown)(...args);
          };
        },
      });
      const written = await bulkInsert(counted, 10_000, 'bulk_rows', columns, rows(), size);
      expect(written).toBe(total);
      const stored = await client.query<{ n: number; label: string }>(
        'SELECT n, label FROM bulk_rows ORDER BY n',
      );
      expect(stored.rows).toEqual(
        Array.from({ length: total }, (_, n) => ({ n, label: `row ${n}` })),
      );
      expect(aheadAtEachBatch).toHaveLength(Math.ceil(total / size));
      // The batch being sent, and the next one, generated while it is written.
      expect(Math.max(0, ...aheadAtEachBatch)).toBeLessThanOrEqual(2 * size);
    },
  );

  it('generates the next batch while the database writes the one before', async () => {
    await client.query('TRUNCATE bulk_rows');
    let inFlight = 0;
    const inFlightAtRow: number[] = [];
    function* rows(): Generator<Row> {
      for (let n = 0; n < 9; n++) {
        inFlightAtRow.push(inFlight);
        yield { n, label: `row ${n}` };
      }
    }
    const watched = new Proxy(client, {
      get(target, prop, receiver) {
        if (prop !== 'query') return Reflect.get(target, prop, receiver) as unknown;
        return (...args: unknown[]) => {
          inFlight++;
          const out = (target.query as (...a: unknown[]) => Promise<unknown>)(...args);
          return out.finally(() => inFlight--);
        };
      },
    });
    expect(await bulkInsert(watched, 10_000, 'bulk_rows', columns, rows(), 3)).toBe(9);
    // Rows 3-5 are generated while the first batch is written, rows 6-8 while the second is.
    expect(inFlightAtRow).toEqual([0, 0, 0, 1, 1, 1, 1, 1, 1]);
  });

  it('fails with the database error of a batch, and writes nothing after it', async () => {
    await client.query('TRUNCATE bulk_rows');
    const sent: number[] = [];
    function* rows(): Generator<Row> {
      for (const n of [1, 2, 3, 4, 4, 5, 6, 7, 8]) {
        sent.push(n);
        yield { n, label: `row ${n}` };
      }
    }
    await expect(bulkInsert(client, 10_000, 'bulk_rows', columns, rows(), 3)).rejects.toMatchObject(
      { code: '23505' },
    );
    const stored = await client.query<{ n: number }>('SELECT n FROM bulk_rows ORDER BY n');
    expect(stored.rows.map((r) => r.n)).toEqual([1, 2, 3]);
    expect(sent.length).toBeLessThanOrEqual(9);
  });
});
