import { runKeysCommand } from '../../src/interface/cli/commands/keys.command';
import { call } from '../support/http';
import { createTestApp, TEST_KEY_HASH_SECRET, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

interface Issued {
  key: string;
  key_prefix: string;
  tier: string;
}

const GATEWAY_HOST = 'gta-doctors.p.rapidapi.com';
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** POST /keys/rotate refuses keys that do not rotate with the contract's 403 `not_rotatable`. */
describe('rotation refusals (e2e)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let gateway: Issued;

  beforeAll(async () => {
    db = await createTestDatabase('rotate_refusals');
    t = await createTestApp(db, { GATEWAY_HOST });
    gateway = (await runKeysCommand(['issue', 'gateway'], {
      dataSource: t.dataSource,
      keyHashSecret: TEST_KEY_HASH_SECRET,
      config: t.config,
    })) as Issued;
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  const keyRows = () =>
    db.dataSource.query<{ n: number; revoked: number }[]>(
      'SELECT count(*)::int AS n, count(revoked_at)::int AS revoked FROM api_keys',
    );

  it('a gateway key sent as a bearer: 403 not_rotatable in the contract shape, the key untouched', async () => {
    const before = await keyRows();
    const r = await call(t.app, 'POST', '/keys/rotate', bearer(gateway.key));
    expect(r.status).toBe(403);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.body).toEqual({
      error: 'not_rotatable',
      message: expect.stringMatching(/gateway key cannot be rotated/),
      requestId: expect.any(String),
    });
    expect(await keyRows()).toEqual(before);
    // Still a working gateway key, through the gateway headers.
    const data = await call(t.app, 'GET', '/metadata/languages', {
      'x-rapidapi-key': gateway.key,
      'x-rapidapi-host': GATEWAY_HOST,
    });
    expect(data.status).toBe(200);
  });

  it('elsewhere a gateway key as a bearer stays 403 forbidden, and so do bad gateway headers on rotate', async () => {
    const data = await call(t.app, 'GET', '/metadata/languages', bearer(gateway.key));
    expect([data.status, data.body.error]).toEqual([403, 'forbidden']);
    const wrongHost = await call(t.app, 'POST', '/keys/rotate', {
      'x-rapidapi-key': gateway.key,
      'x-rapidapi-host': 'evil.example.com',
    });
    expect([wrongHost.status, wrongHost.body.error]).toEqual([403, 'forbidden']);
    const viaGateway = await call(t.app, 'POST', '/keys/rotate', {
      'x-rapidapi-key': gateway.key,
      'x-rapidapi-host': GATEWAY_HOST,
    });
    expect([viaGateway.status, viaGateway.body.error]).toEqual([403, 'not_rotatable']);
  });
});
