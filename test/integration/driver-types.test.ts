import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/infrastructure/database/data-source-options';
import {
  parseIntArray,
  parseTimestamptz,
} from '../../src/infrastructure/database/fast-type-parsers';
import { createTestDatabase, TEST_DB_SETTINGS, TestDatabase } from '../support/test-database';

/**
 * The directory's pg clients read timestamptz, smallint[] and int4[] with the fast parsers (issue 14, item
 * 6), for serving and tool connections alike, and read what a real PostgreSQL writes, in any
 * session time zone, to the same instants and numbers.
 */
describe('pg type parsers of the directory connections (real PostgreSQL)', () => {
  let db: TestDatabase;
  let serving: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('driver_types');
    serving = new DataSource(dataSourceOptions(db.url, TEST_DB_SETTINGS, 'serving'));
    await serving.initialize();
  });
  afterAll(async () => {
    await serving?.destroy();
    await db?.drop();
  });

  it('uses the fast parsers on every connection', async () => {
    for (const ds of [serving, db.dataSource]) {
      const runner = ds.createQueryRunner();
      try {
        const client = (await runner.connect()) as {
          getTypeParser(oid: number, format?: string): unknown;
        };
        expect(client.getTypeParser(1184, 'text')).toBe(parseTimestamptz);
        expect(client.getTypeParser(1007, 'text')).toBe(parseIntArray);
        expect(client.getTypeParser(1005, 'text')).toBe(parseIntArray);
      } finally {
        await runner.release();
      }
    }
  });

  it('serving sessions run without parallel workers and without JIT; tools keep the defaults', async () => {
    const settings = async (ds: DataSource) =>
      (
        await ds.query<{ jit: string; workers: string }[]>(
          `SELECT current_setting('jit') AS jit, current_setting('max_parallel_workers_per_gather') AS workers`,
        )
      )[0];
    expect(await settings(serving)).toEqual({ jit: 'off', workers: '0' });
    const tool = await settings(db.dataSource);
    expect(tool.workers).not.toBe('0');
  });

  it.each(['UTC', 'America/Toronto', 'Asia/Kolkata', 'America/St_Johns'])(
    'reads what PostgreSQL writes in time zone %s',
    async (zone) => {
      const runner = serving.createQueryRunner();
      try {
        await runner.query(`SET TIME ZONE '${zone}'`);
        const [row] = (await runner.query(`SELECT '2026-11-20 08:15:00.57Z'::timestamptz AS a,
                  '2026-06-30 23:59:59.999999Z'::timestamptz AS b,
                  '1883-11-18 12:00:00Z'::timestamptz AS c,
                  'infinity'::timestamptz AS d,
                  '{3,-17,2147483647}'::int4[] AS e, '{}'::int4[] AS f, '{1,NULL}'::int4[] AS g,
                  '{7,-32768,32767}'::smallint[] AS h`)) as {
          a: Date;
          b: Date;
          c: Date;
          d: Date;
          e: number[];
          f: number[];
          g: (number | null)[];
          h: number[];
        }[];
        // 1883 predates standard time: local mean time offsets carry seconds (St. John's).
        expect(row.a.toISOString()).toBe('2026-11-20T08:15:00.570Z');
        expect(row.b.toISOString()).toBe('2026-06-30T23:59:59.999Z');
        expect(row.c.toISOString()).toBe('1883-11-18T12:00:00.000Z');
        expect(row.d).toBe(Infinity);
        expect([row.e, row.f, row.g, row.h]).toEqual([
          [3, -17, 2147483647],
          [],
          [1, null],
          [7, -32768, 32767],
        ]);
      } finally {
        await runner.release();
      }
    },
  );
});
