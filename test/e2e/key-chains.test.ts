import { createHash } from 'node:crypto';
import { KeyHasher } from '../../src/application/keys/key-hasher';
import { PgNotificationListener } from '../../src/infrastructure/database/pg-notification-listener';
import {
  API_KEYS_CHANGED_CHANNEL,
  ApiKeyCache,
} from '../../src/infrastructure/persistence/keys/api-key-cache';
import { runKeysCommand } from '../../src/interface/cli/commands/keys.command';
import { runOperatorsCommand } from '../../src/interface/cli/commands/operators.command';
import { call } from '../support/http';
import { createTestApp, TEST_KEY_HASH_SECRET, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';
import { WebClient } from '../support/web-client';

interface Issued {
  key: string;
  key_prefix: string;
}
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const PASSWORD = 'correct horse battery staple';
const PROXY_SECRET = 'gateway-proxy-secret-for-tests-0123456789';

/**
 * A key and the keys its owner rotated to are one chain (issue 30, items 1 and 2): the dashboard's
 * revocation reaches the key in use, the rate limit is not reset by rotating, a rotation drops only
 * its own chain from the other instance's cache, and a flood of bad credentials from an address
 * locks out neither the valid keys known there nor the gateway's vouched-for users.
 */
describe('key chains: revocation, rate limit, cache, failure flood (e2e, two instances)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let t2: TestApp;
  let n = 0;

  const issue = async (tier = 'live') =>
    (await runKeysCommand(['issue', tier], {
      dataSource: t.dataSource,
      keyHashSecret: TEST_KEY_HASH_SECRET,
      config: t.config,
    })) as Issued;
  const data = (app: TestApp, key: string, ip?: string) =>
    app.app
      .inject({
        method: 'GET',
        url: '/api/v1/metadata/languages',
        headers: bearer(key),
        remoteAddress: ip ?? '127.0.0.1',
      })
      .then((r) => r.statusCode);
  const rotate = async (app: TestApp, key: string) => {
    const r = await call(app.app, 'POST', '/keys/rotate', bearer(key));
    expect(r.status).toBe(200);
    return r.body as Issued;
  };
  const heard = (app: TestApp) =>
    app.app.get(PgNotificationListener).nextNotification(API_KEYS_CHANGED_CHANNEL);
  const hashOf = (app: TestApp, key: string) => app.app.get(KeyHasher).hash(key);

  async function signedIn(app: TestApp): Promise<WebClient> {
    const email = `chains${++n}@example.com`;
    await runOperatorsCommand(['add', email], db.dataSource, async () => PASSWORD);
    const c = new WebClient(app);
    await c.get('/admin/sign-in');
    const r = await c.post('/admin/sign-in', { email, password: PASSWORD });
    expect(r.status).toBe(303);
    return c;
  }
  const keyId = async (prefix: string) =>
    (
      await db.dataSource.query<{ id: string }[]>(`SELECT id FROM api_keys WHERE key_prefix = $1`, [
        prefix,
      ])
    )[0].id;

  beforeAll(async () => {
    db = await createTestDatabase('key_chains_e2e');
    const env = {
      LIVE_RATE_PER_MIN: '5',
      AUTH_FAILURES_PER_MIN: '3',
      GATEWAY_PROXY_SECRET: PROXY_SECRET,
    };
    [t, t2] = await Promise.all([createTestApp(db, env), createTestApp(db, env)]);
  });
  afterAll(async () => {
    await t?.close();
    await t2?.close();
    await db?.drop();
  });

  it('the dashboard revokes the key its owner rotated to while the operator was on the revoke page', async () => {
    const k1 = await issue();
    const ops = await signedIn(t);
    const id = await keyId(k1.key_prefix);
    const confirm = await ops.get(`/admin/keys/${id}/revoke`);
    expect(confirm.text).toContain(k1.key_prefix);
    // Meanwhile the customer rotates, and uses the new key on the other instance.
    const k2 = await rotate(t2, k1.key);
    expect(await data(t2, k2.key)).toBe(200);
    const heardOnT2 = heard(t2);
    const done = await ops.post(`/admin/keys/${id}/revoke`);
    expect(done.status).toBe(200);
    expect(done.text).toMatch(new RegExp(`Revoked: <code>${k2.key_prefix}</code>`));
    expect(done.text).toMatch(/rotated it since/);
    await heardOnT2;
    expect(await data(t2, k2.key)).toBe(401);
    expect(await data(t, k2.key)).toBe(401);
    const audit = await db.dataSource.query<{ target: string; operator_email: string }[]>(
      `SELECT target, operator_email FROM audit_log WHERE action = 'key_revoked' AND target = $1`,
      [k2.key_prefix],
    );
    expect(audit).toEqual([{ target: k2.key_prefix, operator_email: `chains${n}@example.com` }]);
    // Posting again reports that nothing changed, from the server's state.
    const again = await ops.post(`/admin/keys/${id}/revoke`);
    expect(again.text).toMatch(/Nothing changed/);
    // The keys page shows the chain, and takes no notice from the query string.
    const page = await ops.get(`/admin/keys?prefix=${k1.key_prefix}&revoked=gtad_live_NOTREVOKED`);
    expect(page.text).toContain(`replaced by <code>${k2.key_prefix}</code>`);
    expect(page.text).not.toContain('NOTREVOKED');
  });

  it('keys revoke on the command line, naming an old prefix, revokes the chain’s current key', async () => {
    const k1 = await issue();
    const k2 = await rotate(t, k1.key);
    const r = (await runKeysCommand(['revoke', k1.key_prefix], {
      dataSource: t.dataSource,
      keyHashSecret: TEST_KEY_HASH_SECRET,
      config: t.config,
    })) as Record<string, unknown>;
    expect(r).toMatchObject({
      key_prefix: k1.key_prefix,
      revoked: [k2.key_prefix],
      current_key_prefix: k2.key_prefix,
      already_revoked: false,
    });
    expect(await data(t, k2.key)).toBe(401);
  });

  it('counts the rate limit per rotation chain: rotating does not start a fresh minute', async () => {
    const k1 = await issue();
    for (let i = 0; i < 3; i++) expect(await data(t, k1.key)).toBe(200);
    const k2 = await rotate(t, k1.key); // the 4th request of the chain's minute
    const k3 = await rotate(t, k2.key); // the 5th
    // The limit is 5 a minute for the chain, whichever of its keys is sent: the next is refused.
    // (Each instance counts in memory here; with REDIS_URL they share counts, auth-redis.test.)
    const after = await call(t.app, 'GET', '/metadata/languages', bearer(k3.key));
    expect(after.status).toBe(429);
    expect(after.body.error).toBe('rate_limited');
  });

  it('a rotation drops only its own chain from the other instance’s cache', async () => {
    const a = await issue();
    const b = await issue();
    expect(await data(t2, a.key)).toBe(200);
    expect(await data(t2, b.key)).toBe(200);
    const cache = t2.app.get(ApiKeyCache);
    expect(cache.peek(hashOf(t2, a.key))).toBeDefined();
    expect(cache.peek(hashOf(t2, b.key))).toBeDefined();
    const heardOnT2 = heard(t2);
    await rotate(t, a.key);
    await heardOnT2;
    expect(cache.peek(hashOf(t2, a.key))).toBeUndefined();
    expect(cache.peek(hashOf(t2, b.key))?.revokedAt).toBeNull();
    expect(await data(t2, a.key)).toBe(401);
  });

  it('over the failure limit, every valid key is served, seen before or not; revoked keys get 401, guesses 429', async () => {
    const ip = '198.51.100.7';
    const live = await issue();
    const admin = await issue('admin');
    const unseen = await issue();
    expect(await data(t, live.key, ip)).toBe(200);
    expect(await data(t, admin.key, ip)).toBe(200);
    // A flood of guessed keys from the same address.
    const guess = (i: number) => `gtad_live_${createHash('sha256').update(`g${i}`).digest('hex')}`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await data(t, guess(i), ip));
    expect(statuses.slice(0, 2)).toEqual([401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429, 429]);
    // Good keys are still served there, and so is a key this instance has never seen (nor the
    // other instance, whose cache is empty for it): a valid key is always served.
    expect(await data(t, live.key, ip)).toBe(200);
    expect(await data(t, admin.key, ip)).toBe(200);
    expect(await data(t, unseen.key, ip)).toBe(200);
    const unseenAdmin = await issue('admin');
    expect(await data(t2, unseenAdmin.key, ip)).toBe(200);
    // Guesses go on being refused, well-formed or not.
    expect(await data(t, guess(99), ip)).toBe(429);
    expect(await data(t, 'gtad_live_nonsense', ip)).toBe(429);
    // A key revoked meanwhile is not served from memory, and is told it is revoked: it is a real
    // key, not a guess (a 429 would tell its holder to retry later).
    const heardOnT = heard(t);
    await runKeysCommand(['revoke', live.key_prefix], {
      dataSource: t.dataSource,
      keyHashSecret: TEST_KEY_HASH_SECRET,
      config: t.config,
    });
    await heardOnT;
    expect(await data(t, live.key, ip)).toBe(401);
  });

  it('the gateway key is served from its address whatever junk Authorization headers came from there', async () => {
    const gatewayIp = '192.0.2.77';
    const gw = await issue('gateway');
    const viaGateway = (app: TestApp, extra: Record<string, string> = {}) =>
      app.app
        .inject({
          method: 'GET',
          url: '/api/v1/metadata/languages',
          remoteAddress: gatewayIp,
          headers: { 'x-rapidapi-key': gw.key, 'x-rapidapi-host': 'localhost', ...extra },
        })
        .then((r) => r.statusCode);
    // Gateway customers who add a junk Authorization header: Authorization wins (decisions.md),
    // so each is a failed authentication of the gateway's address.
    const junk: number[] = [];
    for (let i = 0; i < 6; i++)
      junk.push(await viaGateway(t, { authorization: `Bearer gtad_live_junk${i}` }));
    expect(junk.slice(0, 3)).toEqual([401, 401, 401]);
    expect(junk.slice(3)).toEqual([429, 429, 429]);
    // The gateway key alone is served there, on this instance and on one that never saw it.
    expect(await viaGateway(t)).toBe(200);
    expect(await viaGateway(t2)).toBe(200);
    for (let i = 0; i < 6; i++) await viaGateway(t2, { authorization: `Bearer junk-${i}` });
    const cache = t2.app.get(ApiKeyCache);
    cache.invalidate();
    expect(await viaGateway(t2)).toBe(200);
  });

  it('a key revoked before this instance heard of it is told 401 when its rate limit is reached, not 429', async () => {
    const k = await issue();
    for (let i = 0; i < 5; i++) expect(await data(t, k.key)).toBe(200);
    // Revoked in the store with no notification (as when it is lost): this instance's cache
    // still holds the key as active.
    await db.dataSource.transaction(async (m) => {
      await m.query(`SET LOCAL session_replication_role = replica`);
      await m.query(`UPDATE api_keys SET revoked_at = now() WHERE key_prefix = $1`, [k.key_prefix]);
    });
    const r = await call(t.app, 'GET', '/metadata/languages', bearer(k.key));
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({
      error: 'invalid_key',
      message: 'The API key has been revoked.',
    });
  });

  it('requests vouched for by the proxy secret are judged by it, not by a bearer header beside it', async () => {
    const gatewayIp = '192.0.2.50';
    const viaGateway = (user: string, extra: Record<string, string> = {}) =>
      t.app
        .inject({
          method: 'GET',
          url: '/api/v1/metadata/languages',
          remoteAddress: gatewayIp,
          headers: { 'x-rapidapi-proxy-secret': PROXY_SECRET, 'x-rapidapi-user': user, ...extra },
        })
        .then((r) => r.statusCode);
    // One gateway user adds a bad Authorization header, many times: it is ignored.
    for (let i = 0; i < 5; i++)
      expect(await viaGateway('mallory', { authorization: `Bearer bad-${i}` })).toBe(200);
    expect(await viaGateway('alice')).toBe(200);
    // Even when the gateway's address is over the failure limit, vouched-for users are served.
    for (let i = 0; i < 4; i++)
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/metadata/languages',
        remoteAddress: gatewayIp,
        headers: { authorization: `Bearer nonsense-${i}` },
      });
    expect(await viaGateway('alice')).toBe(200);
    expect(await viaGateway('bob', { 'x-rapidapi-proxy-secret': 'wrong' })).toBe(429);
  });
});
