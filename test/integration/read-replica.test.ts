import { Client } from 'pg';
import { loadDirectoryFixture } from '../fixtures/directory.fixture';
import { ReplicaSync } from '../../src/infrastructure/database/directory-read-source';
import { PgNotificationListener } from '../../src/infrastructure/database/pg-notification-listener';
import { API_KEYS_CHANGED_CHANNEL } from '../../src/infrastructure/persistence/keys/api-key-cache';
import { HmacKeyHasher } from '../../src/infrastructure/security/hmac-key-hasher';
import { loadConfig } from '../../src/infrastructure/config/app-config';
import { authHeaders } from '../support/auth';
import { call } from '../support/http';
import { createTestApp, TEST_KEY_HASH_SECRET, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * DATABASE_READ_URL (issue 14, item 5): directory reads go to the replica; keys, their
 * revocation and the notifications stay on the primary. A second database stands in for the
 * replica: it holds the directory, the primary holds none, so where each answer came from shows.
 */
describe('directory reads on a replica, keys on the primary', () => {
  let primary: TestDatabase;
  let replica: TestDatabase;
  let t: TestApp;
  let sql: Client;

  beforeAll(async () => {
    [primary, replica] = await Promise.all([
      createTestDatabase('replica_primary'),
      createTestDatabase('replica_read'),
    ]);
    await loadDirectoryFixture(replica.dataSource);
    t = await createTestApp(primary, { DATABASE_READ_URL: replica.url });
    sql = new Client({ connectionString: primary.url });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
    await t?.close();
    await Promise.all([primary?.drop(), replica?.drop()]);
  });

  const count = async (db: TestDatabase, table: string) =>
    Number((await db.dataSource.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);

  it('lists, details, search and metadata come from the read database', async () => {
    expect(await count(primary, 'doctors')).toBe(0);
    const auth = await authHeaders(t, 'live');
    const doctors = await call(t.app, 'GET', '/doctors?limit=5', auth);
    expect(doctors.status).toBe(200);
    expect(doctors.body.total).toBe(await count(replica, 'doctors WHERE expired_at IS NULL'));
    expect(doctors.body.total).toBeGreaterThan(0);
    const cpso = doctors.body.doctors[0].cpsoNumber;
    expect((await call(t.app, 'GET', `/doctors/${cpso}`, auth)).status).toBe(200);
    expect((await call(t.app, 'GET', `/doctors/${cpso}/reviews`, auth)).status).toBe(200);
    expect((await call(t.app, 'GET', '/clinics?limit=2', auth)).body.total).toBeGreaterThan(0);
    expect(
      (await call(t.app, 'GET', '/metadata/languages', auth)).body.languages.length,
    ).toBeGreaterThan(0);
  });

  it('keys are checked on the primary: the replica holds none, and a revocation there is seen at once', async () => {
    const auth = await authHeaders(t, 'live');
    expect((await call(t.app, 'GET', '/doctors?limit=1', auth)).status).toBe(200);
    expect(await count(replica, 'api_keys')).toBe(0);
    const heard = t.app.get(PgNotificationListener).nextNotification(API_KEYS_CHANGED_CHANNEL);
    const hash = new HmacKeyHasher(TEST_KEY_HASH_SECRET).hash(
      auth.Authorization.slice('Bearer '.length),
    );
    await sql.query('UPDATE api_keys SET revoked_at = now() WHERE key_hash = $1', [hash]);
    await heard;
    expect((await call(t.app, 'GET', '/doctors?limit=1', auth)).status).toBe(401);
  });

  it('knows it has a replica, and a database that is not a standby counts as caught up', async () => {
    const sync = t.app.get(ReplicaSync);
    expect(sync.hasReplica).toBe(true);
    await expect(sync.caughtUp()).resolves.toBeUndefined();
  });

  it('readiness asks both databases', async () => {
    const ready = await call(t.app, 'GET', '/');
    expect(ready.status).toBe(200);
    expect(ready.body.database).toBe('up');
  });

  it('a replica address without a primary is refused at start', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://replica/db' })).toThrow(
      /DATABASE_READ_URL needs DATABASE_URL/,
    );
  });
});
