import fc from 'fast-check';
import { Pool, PoolClient } from 'pg';
import { CopyColumn, copyRows } from '../../src/infrastructure/database/copy-rows';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * The seed and the import's staging write with COPY (text format): every value arrives as the
 * column stores it, whatever characters it holds (COPY's delimiters and escapes included), nulls
 * stay nulls, and a failure, the server's or the rows' own, leaves nothing written and the
 * connection usable.
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
  const columns: CopyColumn<Row>[] = [
    { name: 'n', value: (r) => r.n },
    { name: 'label', value: (r) => r.label },
    { name: 'flag', value: (r) => r.flag },
    { name: 'tags', value: (r) => r.tags },
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

  it('leaves the event loop its turns while it writes (other connections are answered)', async () => {
    await client.query('TRUNCATE copy_rows');
    // A generator as slow as the seed's review texts: the server always has room for the next
    // chunk, so a copy that never yielded would keep every other socket waiting to the end.
    function* rows(): Generator<Row> {
      for (let n = 0; n < 20_000; n++) {
        let spin = 0;
        for (let i = 0; i < 2_000; i++) spin += i;
        yield { n, label: `r${spin}`, flag: null, tags: '{}' };
      }
    }
    let turns = 0;
    let done = false;
    const ticker = (async () => {
      while (!done) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        turns++;
      }
    })();
    await copyRows(client, 'copy_rows', columns, rows());
    done = true;
    await ticker;
    // 40 chunks of 500 rows: a turn of the loop after each.
    expect(turns).toBeGreaterThanOrEqual(40);
    expect(await count()).toBe(20_000);
  });
});
