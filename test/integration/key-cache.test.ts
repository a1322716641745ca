import { Client } from 'pg';
import { PgNotificationListener } from '../../src/infrastructure/database/pg-notification-listener';
import { API_KEYS_CHANGED_CHANNEL } from '../../src/infrastructure/persistence/keys/api-key-cache';
import { HmacKeyHasher } from '../../src/infrastructure/security/hmac-key-hasher';
import { authHeaders } from '../support/auth';
import { call } from '../support/http';
import { createTestApp, TEST_KEY_HASH_SECRET, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * Keys are checked from each instance's memory (no database round trip per request), and a
 * revocation made anywhere, even by plain SQL, is refused on every instance at once.
 */
describe('key checks without a database round trip, revocation seen everywhere', () => {
  let db: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let sql: Client;

  const data = (t: TestApp, auth: Record<string, string>) =>
    call(t.app, 'GET', '/metadata/languages', auth);
  const listener = (t: TestApp) => t.app.get(PgNotificationListener);
  const hasher = new HmacKeyHasher(TEST_KEY_HASH_SECRET);
  const revokeBySql = async (auth: Record<string, string>) => {
    const r = await sql.query(`UPDATE api_keys SET revoked_at = now() WHERE key_hash = $1`, [
      hasher.hash(auth.Authorization.slice('Bearer '.length)),
    ]);
    expect(r.rowCount).toBe(1);
  };

  beforeAll(async () => {
    db = await createTestDatabase('key_cache');
    [a, b] = await Promise.all([createTestApp(db), createTestApp(db)]);
    sql = new Client({ connectionString: db.url });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
    await a?.close();
    await b?.close();
    await db?.drop();
  });

  it('a key seen once is checked without reading api_keys again', async () => {
    const seen = await authHeaders(a, 'live');
    const unseen = await authHeaders(a, 'live');
    expect((await data(a, seen)).status).toBe(200);
    await sql.query(`ALTER TABLE api_keys RENAME TO api_keys_away`);
    try {
      expect((await data(a, seen)).status).toBe(200);
      expect((await data(a, unseen)).status).not.toBe(200); // this one must be looked up
    } finally {
      await sql.query(`ALTER TABLE api_keys_away RENAME TO api_keys`);
    }
  });

  it('a key revoked by any writer is refused by another instance on its next request', async () => {
    const auth = await authHeaders(a, 'live');
    expect((await data(a, auth)).status).toBe(200);
    expect((await data(b, auth)).status).toBe(200);
    const reached = Promise.all([
      listener(a).nextNotification(API_KEYS_CHANGED_CHANNEL),
      listener(b).nextNotification(API_KEYS_CHANGED_CHANNEL),
    ]);
    await revokeBySql(auth);
    await reached;
    for (const t of [a, b]) {
      const r = await data(t, auth);
      expect([r.status, r.body.error]).toEqual([401, 'invalid_key']);
    }
  });

  it('while an instance is not listening it does not trust its cache, then listens again', async () => {
    const auth = await authHeaders(a, 'live');
    expect((await data(b, auth)).status).toBe(200);
    // Cut instance b's listening connection: a revocation now would go unheard.
    await sql.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
    );
    const deadline = Date.now() + 10_000;
    while (listener(b).listening && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    expect(listener(b).listening).toBe(false);
    await revokeBySql(auth);
    const r = await data(b, auth);
    expect([r.status, r.body.error]).toEqual([401, 'invalid_key']);
    while (!listener(b).listening && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(listener(b).listening).toBe(true);
    expect((await data(b, auth)).status).toBe(401);
  });
});
