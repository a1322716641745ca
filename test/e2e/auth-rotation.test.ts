import { PgNotificationListener } from '../../src/infrastructure/database/pg-notification-listener';
import { API_KEYS_CHANGED_CHANNEL } from '../../src/infrastructure/persistence/keys/api-key-cache';
import { runKeysCommand } from '../../src/interface/cli/commands/keys.command';
import { call } from '../support/http';
import { createTestApp, TEST_KEY_HASH_SECRET, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/** POST /keys/rotate (api-v1.md, Key rotation; issue 4 §5). */
interface Issued {
  key: string;
  key_prefix: string;
  tier: string;
}
interface Row {
  id: string;
  key_prefix: string;
  tier: string;
  revoked_at: Date | null;
  replaced_by: string | null;
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe('key rotation (e2e)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let t2: TestApp;
  const issue = async () =>
    (await runKeysCommand(['issue', 'live'], {
      dataSource: t.dataSource,
      keyHashSecret: TEST_KEY_HASH_SECRET,
      config: t.config,
    })) as Issued;
  const data = (app: TestApp, key: string) =>
    call(app.app, 'GET', '/metadata/languages', bearer(key));
  const rotate = (app: TestApp, key: string) => call(app.app, 'POST', '/keys/rotate', bearer(key));
  /** Resolves when PostgreSQL's api_keys_changed notification has reached that instance. */
  const heard = (app: TestApp) =>
    app.app.get(PgNotificationListener).nextNotification(API_KEYS_CHANGED_CHANNEL);
  const rows = () =>
    db.dataSource.query<Row[]>(
      `SELECT id, key_prefix, tier, revoked_at, replaced_by FROM api_keys ORDER BY created_at, id`,
    );

  beforeAll(async () => {
    db = await createTestDatabase('auth_rotation');
    [t, t2] = await Promise.all([createTestApp(db), createTestApp(db)]);
  });
  afterAll(async () => {
    await t?.close();
    await t2?.close();
    await db?.drop();
  });

  it('returns a new key of the same tier once; the old key gets 401 at once; no second key', async () => {
    const old = await issue();
    expect((await data(t, old.key)).status).toBe(200);
    const before = await rows();

    const r = await rotate(t, old.key);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(Object.keys(r.body).sort()).toEqual(['key', 'key_prefix']);
    expect(r.body.key).toMatch(/^gtad_live_[0-9A-Za-z]{38}$/);
    expect(r.body.key_prefix).toBe(r.body.key.slice(0, 'gtad_live_'.length + 6));
    expect(r.body.key).not.toBe(old.key);

    const oldAfter = await data(t, old.key);
    expect([oldAfter.status, oldAfter.body.error]).toEqual([401, 'invalid_key']);
    expect((await data(t, r.body.key)).status).toBe(200);

    const after = await rows();
    expect(after).toHaveLength(before.length + 1);
    const oldRow = after.find((x) => x.key_prefix === old.key_prefix)!;
    const newRow = after.find((x) => x.key_prefix === r.body.key_prefix)!;
    expect(newRow.tier).toBe('live');
    expect(newRow.revoked_at).toBeNull();
    expect(oldRow.revoked_at).not.toBeNull();
    expect(oldRow.replaced_by).toBe(newRow.id);
    // Exactly one active key in this chain: the new one.
    expect(after.filter((x) => x.revoked_at === null).length).toBe(
      before.filter((x) => x.revoked_at === null).length,
    );
  });

  it('a rotated-away key cannot rotate again, and the new key rotates in turn', async () => {
    const k0 = await issue();
    const k1 = (await rotate(t, k0.key)).body.key as string;
    const again = await rotate(t, k0.key);
    expect([again.status, again.body.error]).toEqual([401, 'invalid_key']);
    const k2 = await rotate(t, k1);
    expect(k2.status).toBe(200);
    expect((await data(t, k1)).status).toBe(401);
    expect((await data(t, k2.body.key)).status).toBe(200);
  });

  it('two concurrent rotations of one key: exactly one succeeds, the other gets 401 invalid_key', async () => {
    for (let round = 0; round < 5; round++) {
      const k = await issue();
      const results = await Promise.all([rotate(t, k.key), rotate(t2, k.key)]);
      const outcomes = results
        .map((r) => `${r.status} ${r.status === 200 ? '' : r.body.error}`.trim())
        .sort();
      expect(outcomes).toEqual(['200', '401 invalid_key']);
      const winner = results.find((r) => r.status === 200)!;
      const chain = (await rows()).filter(
        (x) => x.key_prefix === k.key_prefix || x.key_prefix === winner.body.key_prefix,
      );
      expect(chain).toHaveLength(2);
      expect(chain.filter((x) => x.revoked_at === null)).toHaveLength(1);
    }
  });

  it('many concurrent rotations of one key still create exactly one replacement', async () => {
    const k = await issue();
    const before = (await rows()).length;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => rotate(i % 2 ? t2 : t, k.key)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 401 && r.body.error === 'invalid_key')).toHaveLength(
      7,
    );
    expect((await rows()).length).toBe(before + 1);
  });

  it('the old key is refused on a second instance as soon as the notification reaches it', async () => {
    const k = await issue();
    expect((await data(t2, k.key)).status).toBe(200); // seen (and cached) on instance 2 first
    expect((await data(t2, k.key)).status).toBe(200);
    const reached = heard(t2);
    const r = await rotate(t, k.key);
    expect(r.status).toBe(200);
    await reached;
    const onSecond = await data(t2, k.key);
    expect([onSecond.status, onSecond.body.error]).toEqual([401, 'invalid_key']);
    expect((await data(t2, r.body.key)).status).toBe(200);
  });

  it('a key revoked from the command line is refused at once by a running instance', async () => {
    const k = await issue();
    expect((await data(t, k.key)).status).toBe(200);
    expect((await data(t2, k.key)).status).toBe(200);
    const reached = Promise.all([heard(t), heard(t2)]);
    await runKeysCommand(['revoke', k.key_prefix], {
      dataSource: db.dataSource,
      keyHashSecret: TEST_KEY_HASH_SECRET,
      config: t.config,
    });
    await reached;
    expect((await data(t, k.key)).status).toBe(401);
    expect((await data(t2, k.key)).status).toBe(401);
  });

  it('ignores a request body and answers 200, not 201', async () => {
    const k = await issue();
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v1/keys/rotate',
      headers: { ...bearer(k.key), 'content-type': 'application/json' },
      payload: '{"tier":"admin"}',
    });
    expect(r.statusCode).toBe(200);
    expect((JSON.parse(r.body) as Issued).key).toMatch(/^gtad_live_/);
  });
});
