import { ApiKeyRepository } from '../../src/application/keys/api-key.repository';
import { formatApiKey } from '../../src/domain/keys/api-key-format';
import { DEFAULT_SANDBOX_KEY } from '../../src/domain/keys/published-sandbox-key';
import { runKeysCommand } from '../../src/interface/cli/commands/keys.command';
import { call, HttpResult } from '../support/http';
import { createTestApp, TEST_KEY_HASH_SECRET, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * The access matrix of issue 4: every kind of credential against every kind of route, with the
 * exact status and error code of api-v1.md and decisions.md (Keys, Errors).
 */
interface Issued {
  key: string;
  key_prefix: string;
  tier: string;
}

const GATEWAY_HOST = 'gta-doctors.p.rapidapi.com';
const PROXY_SECRET = 'proxy-secret-0123456789-abcdefghijklmnop';
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe('access matrix (e2e)', () => {
  let db: TestDatabase;
  let t: TestApp;
  const cli = (...args: string[]) =>
    runKeysCommand(args, {
      dataSource: t.dataSource,
      keyHashSecret: TEST_KEY_HASH_SECRET,
      config: t.config,
    });
  const issue = async (tier: string) => (await cli('issue', tier)) as Issued;

  let live: Issued;
  let gateway: Issued;
  let admin: Issued;
  let revoked: Issued;
  let sandbox: Issued;

  beforeAll(async () => {
    db = await createTestDatabase('auth_matrix');
    t = await createTestApp(db, { GATEWAY_HOST, GATEWAY_PROXY_SECRET: PROXY_SECRET });
    [live, gateway, admin, revoked] = await Promise.all([
      issue('live'),
      issue('gateway'),
      issue('admin'),
      issue('live'),
    ]);
    await cli('revoke', revoked.key_prefix);
    sandbox = (await cli('sandbox')) as Issued;
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  type Credential = () => Record<string, string>;
  const unknownKey = formatApiKey('live', 'ThisKeyWasNeverIssuedByAnyone0123').value;
  const credentials: Record<string, Credential> = {
    none: () => ({}),
    malformed: () => bearer('gtad_live_short'),
    'bad check': () => bearer(live.key.slice(0, -1) + (live.key.endsWith('A') ? 'B' : 'A')),
    unknown: () => bearer(unknownKey),
    revoked: () => bearer(revoked.key),
    sandbox: () => bearer(sandbox.key),
    live: () => bearer(live.key),
    admin: () => bearer(admin.key),
    'gateway headers': () => ({ 'x-rapidapi-key': gateway.key, 'x-rapidapi-host': GATEWAY_HOST }),
    'gateway, wrong host': () => ({
      'x-rapidapi-key': gateway.key,
      'x-rapidapi-host': 'evil.example.com',
    }),
    'gateway, no host': () => ({ 'x-rapidapi-key': gateway.key }),
    'gateway headers, live key': () => ({
      'x-rapidapi-key': live.key,
      'x-rapidapi-host': GATEWAY_HOST,
    }),
    'gateway headers, unknown key': () => ({
      'x-rapidapi-key': unknownKey,
      'x-rapidapi-host': GATEWAY_HOST,
    }),
    'gateway proxy secret': () => ({
      'x-rapidapi-proxy-secret': PROXY_SECRET,
      'x-rapidapi-user': 'alice',
    }),
    'gateway, wrong proxy secret': () => ({
      'x-rapidapi-proxy-secret': 'nope',
      'x-rapidapi-user': 'alice',
    }),
    'basic auth': () => ({ authorization: 'Basic dXNlcjpwYXNz' }),
    'bearer without key': () => ({ authorization: 'Bearer' }),
    'bearer wins over gateway': () => ({
      ...bearer(live.key),
      'x-rapidapi-key': 'junk',
      'x-rapidapi-host': 'x',
    }),
  };

  type Expect = [number, string | null];
  // [credential, data route, rotate route]: rotation itself is exercised in auth-rotation.test.ts,
  // so here a live key's rotate row is checked with a throwaway key below.
  const matrix: [string, Expect, Expect][] = [
    ['none', [401, 'missing_key'], [401, 'missing_key']],
    ['malformed', [401, 'invalid_key'], [401, 'invalid_key']],
    ['bad check', [401, 'invalid_key'], [401, 'invalid_key']],
    ['unknown', [401, 'invalid_key'], [401, 'invalid_key']],
    ['revoked', [401, 'invalid_key'], [401, 'invalid_key']],
    ['sandbox', [200, null], [403, 'not_rotatable']],
    ['admin', [200, null], [403, 'not_rotatable']],
    ['gateway headers', [200, null], [403, 'not_rotatable']],
    ['gateway, wrong host', [403, 'forbidden'], [403, 'forbidden']],
    ['gateway, no host', [403, 'forbidden'], [403, 'forbidden']],
    ['gateway headers, live key', [403, 'forbidden'], [403, 'forbidden']],
    ['gateway headers, unknown key', [401, 'invalid_key'], [401, 'invalid_key']],
    ['gateway proxy secret', [200, null], [403, 'not_rotatable']],
    ['gateway, wrong proxy secret', [401, 'invalid_key'], [401, 'invalid_key']],
    ['basic auth', [401, 'invalid_key'], [401, 'invalid_key']],
    ['bearer without key', [401, 'invalid_key'], [401, 'invalid_key']],
  ];

  const expectOutcome = (r: HttpResult, [status, code]: Expect) => {
    expect({ status: r.status, error: r.status === 200 ? null : r.body.error }).toEqual({
      status,
      error: code,
    });
    if (code) {
      expect(typeof r.body.message).toBe('string');
      expect(r.headers['content-type']).toMatch(/^application\/json/);
    }
  };

  describe.each(Object.keys(credentials))('credential: %s', (name) => {
    it('public routes answer without looking at it', async () => {
      const ready = await call(t.app, 'GET', '/', credentials[name]());
      expect(ready.status).toBe(200);
      expect(ready.body.status).toBe('ok');
      const ping = await call(t.app, 'GET', '/ping', credentials[name]());
      expect(ping.status).toBe(200);
      expect(ping.text).toBe('pong');
      expect(ping.headers['ratelimit-limit']).toBeUndefined();
    });
  });

  describe.each(matrix)('credential: %s', (name, data, rotate) => {
    it(`data route → ${data.join(' ')}`, async () => {
      expectOutcome(await call(t.app, 'GET', '/metadata/specialties', credentials[name]()), data);
    });
    it(`rotate route → ${rotate.join(' ')}`, async () => {
      expectOutcome(await call(t.app, 'POST', '/keys/rotate', credentials[name]()), rotate);
    });
  });

  it('live key: data 200; rotate 200 (with a key of its own); Authorization wins over gateway headers', async () => {
    expectOutcome(await call(t.app, 'GET', '/metadata/specialties', credentials.live()), [
      200,
      null,
    ]);
    expectOutcome(
      await call(t.app, 'GET', '/metadata/specialties', credentials['bearer wins over gateway']()),
      [200, null],
    );
    const own = await issue('live');
    const r = await call(t.app, 'POST', '/keys/rotate', bearer(own.key));
    expectOutcome(r, [200, null]);
    expect(Object.keys(r.body).sort()).toEqual(['key', 'key_prefix']);
  });

  it('the proxy secret is ignored when GATEWAY_PROXY_SECRET is not configured', async () => {
    const plain = await createTestApp(db, {});
    try {
      const r = await call(plain.app, 'GET', '/metadata/specialties', {
        'x-rapidapi-proxy-secret': PROXY_SECRET,
      });
      expectOutcome(r, [401, 'missing_key']);
      // Without GATEWAY_HOST, the host header is not required.
      const g = await call(plain.app, 'GET', '/metadata/specialties', {
        'x-rapidapi-key': gateway.key,
      });
      expectOutcome(g, [200, null]);
    } finally {
      await plain.close();
    }
  });

  it('gateway header names follow GATEWAY_NAME', async () => {
    const named = await createTestApp(db, { GATEWAY_NAME: 'Market', GATEWAY_HOST });
    try {
      const ok = await call(named.app, 'GET', '/metadata/specialties', {
        'x-market-key': gateway.key,
        'x-market-host': GATEWAY_HOST,
      });
      expectOutcome(ok, [200, null]);
      const old = await call(
        named.app,
        'GET',
        '/metadata/specialties',
        credentials['gateway headers'](),
      );
      expectOutcome(old, [401, 'missing_key']);
      expect(old.body.message).toContain('X-Market-Key');
    } finally {
      await named.close();
    }
  });

  it('refuses a malformed key without a database lookup, and looks up a well-formed one once', async () => {
    const repo = t.app.get(ApiKeyRepository, { strict: false });
    const spy = jest.spyOn(repo, 'findByHash');
    try {
      await call(t.app, 'GET', '/metadata/specialties', credentials['bad check']());
      await call(t.app, 'GET', '/metadata/specialties', credentials.malformed());
      expect(spy).not.toHaveBeenCalled();
      await call(t.app, 'GET', '/metadata/specialties', credentials.unknown());
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('unknown routes stay 404 and wrong methods 405, with or without a key', async () => {
    expect((await call(t.app, 'GET', '/nope')).body.error).toBe('not_found');
    const r = await call(t.app, 'GET', '/keys/rotate');
    expect([r.status, r.body.error]).toEqual([405, 'method_not_allowed']);
  });

  it('keeps the docs public and declares each route’s security', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/v1/docs' });
    expect(ui.statusCode).toBe(200);
    const doc = await call(t.app, 'GET', '/openapi.json');
    expect(doc.status).toBe(200);
    const schemes = doc.body.components.securitySchemes;
    expect(schemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.gatewayKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-RapidAPI-Key',
    });
    expect(schemes.gatewayHost).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-RapidAPI-Host',
    });
    const rotate = doc.body.paths['/api/v1/keys/rotate'].post;
    expect(rotate.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(rotate.responses)).toEqual(
      expect.arrayContaining(['200', '401', '403', '429']),
    );
    expect(doc.body.paths['/api/v1/ping'].get.security).toEqual([]); // public, said explicitly
  });

  it('publishes the default sandbox key, stored once, whatever the number of calls', async () => {
    expect(sandbox).toEqual({
      key: DEFAULT_SANDBOX_KEY,
      key_prefix: 'gtad_sandbox_fgEqYT',
      tier: 'sandbox',
    });
    await cli('sandbox');
    const rows = await db.dataSource.query(
      `SELECT count(*)::int AS n FROM api_keys WHERE tier = 'sandbox'`,
    );
    expect(rows[0].n).toBe(1);
  });

  it('never returns or stores a key in clear', async () => {
    const listed = JSON.stringify(await cli('list'));
    for (const k of [live, gateway, admin, sandbox]) expect(listed).not.toContain(k.key);
    const stored = await db.dataSource.query(`SELECT key_hash, key_prefix FROM api_keys`);
    for (const row of stored) {
      expect(row.key_hash).toHaveLength(32);
      expect(row.key_prefix).toMatch(/^gtad_[a-z]+_[0-9A-Za-z]{6}$/);
    }
  });
});
