import { AddressInfo } from 'node:net';
import { walk } from '../../src/infrastructure/database/prepared-reads';
import { createFloor, Floor } from '../../scripts/bench/floor';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * The benchmark's floor server (issue 14, item 6): each captured URL sends exactly its statements,
 * in order, on sessions set up as the service's, and answers the last one's rows.
 */
describe('bench floor server', () => {
  let db: TestDatabase;
  let floor: Floor;
  let origin: string;

  beforeAll(async () => {
    db = await createTestDatabase('bench_floor');
    floor = createFloor(
      {
        '/doctors?x=1': [{ sql: 'SELECT $1::int + 1 AS n', params: [41] }],
        '/two': [
          { sql: 'SELECT 1 AS first', params: [] },
          { sql: 'SELECT $1::text AS second', params: ['b'] },
        ],
        '/walk': [{ sql: walk("SELECT current_setting('enable_seqscan') AS s"), params: [] }],
        '/plain': [{ sql: "SELECT current_setting('enable_seqscan') AS s", params: [] }],
        '/session': [{ sql: "SELECT current_setting('jit') AS s", params: [] }],
      },
      db.url,
      2,
    );
    await new Promise<void>((resolve) => floor.server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(floor.server.address() as AddressInfo).port}/api/v1`;
  });

  afterAll(async () => {
    await floor?.close();
    await db?.drop();
  });

  const get = async (path: string) => {
    const res = await fetch(`${origin}${path}`);
    return { status: res.status, body: (await res.json()) as { rows?: unknown[] } };
  };

  it('answers a captured URL, query string included, with its statement run on its parameters', async () => {
    expect(await get('/doctors?x=1')).toEqual({ status: 200, body: { rows: [{ n: 42 }] } });
  });

  it('sends every statement of a URL and answers the last one', async () => {
    expect((await get('/two')).body.rows).toEqual([{ second: 'b' }]);
  });

  it('runs a walk on a session of the walks and the rest on serving sessions, as the service does', async () => {
    expect((await get('/walk')).body.rows).toEqual([{ s: 'off' }]);
    expect((await get('/plain')).body.rows).toEqual([{ s: 'on' }]);
    expect((await get('/session')).body.rows).toEqual([{ s: 'off' }]);
  });

  it('is ready at the root and answers 404 for anything it did not capture', async () => {
    expect((await get('/')).status).toBe(200);
    expect((await get('/doctors?x=2')).status).toBe(404);
    expect((await fetch(origin.replace('/api/v1', '/other'))).status).toBe(404);
  });
});
