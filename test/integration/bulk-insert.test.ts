import fc from 'fast-check';
import { Pool, PoolClient } from 'pg';
import { BulkColumn, bulkInsert, copyRows } from '../../src/infrastructure/seed/bulk-insert';
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

/**
 * The seed writes with COPY (text format): every value arrives as the column stores it, whatever
 * characters it holds (COPY's delimiters and escapes included), nulls stay nulls, and a failure,
 * the server's or the rows' own, leaves nothing written and the connection usable.
 */
describe('copyRows', () => {
  let db: TestDatabase;
  let pool: Pool;
  let client: PoolClient;

  interface Row {
    n: number;
    label: string | null;
    flag: boolean | null;
    tags: string;
  }
  const columns: BulkColumn<Row>[] = [
    { name: 'n', type: 'int', value: (r) => r.n },
    { name: 'label', type: 'text', value: (r) => r.label },
    { name: 'flag', type: 'boolean', value: (r) => r.flag },
    { name: 'tags', type: 'text', cast: 'smallint[]', value: (r) => r.tags },
  ];
  const count = async () =>
    Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM copy_rows')).rows[0].n);

  beforeAll(async () => {
    db = await createTestDatabase('copy_rows', { migrate: false });
    pool = new Pool({ connectionString: db.url, max: 1 });
    client = await pool.connect();
    await client.query(
      'CREATE TABLE copy_rows (n int PRIMARY KEY, label text, flag boolean, tags smallint[] NOT NULL)',
    );
  });
  afterAll(async () => {
    client?.release();
    await pool?.end();
    await db?.drop();
  });

  it('stores any text exactly as given, and nulls as nulls (property)', async () => {
    // COPY's own characters, backslash sequences it would read as escapes, and astral ones.
    const char = fc.oneof(
      fc.constantFrom('\\', '\t', '\n', '\r', 'N', '.', ' ', 'a', 'é', '😀', '\u2028'),
      fc.string({ unit: 'grapheme', maxLength: 1 }).filter((c) => !c.includes('\u0000')),
    );
    const text = fc.array(char, { maxLength: 10 }).map((cs) => cs.join(''));
    const rows = fc.uniqueArray(
      fc.record({
        n: fc.integer({ min: -1000, max: 1000 }),
        label: fc.option(text, { nil: null }),
        flag: fc.option(fc.boolean(), { nil: null }),
        tags: fc.array(fc.integer({ min: -32768, max: 32767 }), { maxLength: 4 }),
      }),
      { selector: (r) => r.n, maxLength: 30 },
    );
    await fc.assert(
      fc.asyncProperty(rows, async (given) => {
        await client.query('TRUNCATE copy_rows');
        const written = await copyRows(
          client,
          'copy_rows',
          columns,
          given.map((r) => ({ ...r, tags: `{${r.tags.join(',')}}` })),
        );
        expect(written).toBe(given.length);
        const stored = await client.query<Row & { tags: number[] }>(
          'SELECT n, label, flag, tags FROM copy_rows ORDER BY n',
        );
        expect(stored.rows).toEqual([...given].sort((a, b) => a.n - b.n));
      }),
      { numRuns: 200 },
    );
  });

  it('writes many rows from a generator, reading each once', async () => {
    await client.query('TRUNCATE copy_rows');
    let generated = 0;
    function* rows(): Generator<Row> {
      for (let n = 0; n < 20_000; n++) {
        generated++;
        yield { n, label: `row ${n}`, flag: n % 2 === 0, tags: '{}' };
      }
    }
    expect(await copyRows(client, 'copy_rows', columns, rows())).toBe(20_000);
    expect(generated).toBe(20_000);
    expect(await count()).toBe(20_000);
    const last = await client.query('SELECT label, flag FROM copy_rows WHERE n = 19999');
    expect(last.rows).toEqual([{ label: 'row 19999', flag: false }]);
  });

  it("fails with the server's error and writes no row of the COPY", async () => {
    await client.query('TRUNCATE copy_rows');
    const rows: Row[] = [1, 2, 3, 2, 4].map((n) => ({ n, label: null, flag: null, tags: '{}' }));
    await expect(copyRows(client, 'copy_rows', columns, rows)).rejects.toMatchObject({
      code: '23505',
    });
    expect(await count()).toBe(0);
  });

  it('fails with the error of the rows themselves, writes nothing, and the connection goes on', async () => {
    await client.query('TRUNCATE copy_rows');
    function* rows(): Generator<Row> {
      for (let n = 0; n < 5000; n++) yield { n, label: 'x', flag: true, tags: '{1}' };
      throw new Error('the source broke');
    }
    await expect(copyRows(client, 'copy_rows', columns, rows())).rejects.toThrow(
      'the source broke',
    );
    expect(await count()).toBe(0);
  });
});
