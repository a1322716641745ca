import { Client, Pool, PoolClient } from 'pg';
import { watchedPg } from '../../src/infrastructure/database/watched-pool';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * A backend ended while its connection is checked out and idle between two statements (an
 * operator's pg_terminate_backend, a failover) makes pg emit 'error' on the client; with nobody
 * listening the event ends the process. The directory's pools (WatchedPool, every pool TypeORM
 * opens) keep a listener on every client, so the process lives and the next statement on the
 * client fails with the cause. Plain pg's Pool is the control: the same steps end in an
 * unhandled 'error' event.
 */
describe('a backend ended under a checked-out connection (real PostgreSQL)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('ended_backends', { migrate: false });
  });
  afterAll(async () => {
    await db?.drop();
  });

  /** Checks a client out of `pool`, ends its backend, and says what the client emitted. */
  const endUnder = async (pool: Pool) => {
    const client: PoolClient = await pool.connect();
    const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    // What reaches the client's emit, whether or not anyone listens: the wrapper stands in for
    // EventEmitter's throw (an unhandled 'error' event) so the test itself survives the control.
    const unhandled: string[] = [];
    const emit = client.emit.bind(client);
    client.emit = ((event: string, ...args: unknown[]) => {
      if (event === 'error' && client.listenerCount('error') === 0) {
        unhandled.push((args[0] as Error).message);
        return false;
      }
      return emit(event, ...args);
    }) as typeof client.emit;
    const admin = new Client({ connectionString: db.url });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    // The FATAL message and the end of the socket reach the client.
    for (let i = 0; i < 200 && (client as unknown as { _queryable: boolean })._queryable; i++)
      await new Promise((r) => setTimeout(r, 10));
    const next = await client.query('SELECT 1').then(
      () => 'answered',
      (e: Error) => e.message,
    );
    client.release(true);
    return { unhandled, next };
  };

  it('keeps the process alive and fails the next statement with the cause', async () => {
    const pool = new watchedPg.Pool({ connectionString: db.url, max: 2 });
    pool.on('error', () => undefined);
    try {
      const { unhandled, next } = await endUnder(pool);
      expect(unhandled).toEqual([]);
      expect(next).not.toBe('answered');
    } finally {
      await pool.end();
    }
  });

  it("is a crash with pg's own Pool (the control)", async () => {
    const pool = new Pool({ connectionString: db.url, max: 2 });
    pool.on('error', () => undefined);
    try {
      const { unhandled } = await endUnder(pool);
      expect(unhandled.length).toBeGreaterThan(0);
    } finally {
      await pool.end();
    }
  });
});
