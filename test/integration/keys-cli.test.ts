import { DEFAULT_SANDBOX_KEY } from '../../src/domain/keys/published-sandbox-key';
import { formatApiKey, parseApiKey } from '../../src/domain/keys/api-key-format';
import { loadConfig } from '../../src/infrastructure/config/app-config';
import { runKeysCommand } from '../../src/interface/cli/commands/keys.command';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/** `keys …` of the command line (decisions.md, Operating the service) on a real PostgreSQL. */
const SECRET = 'cli-test-key-hash-secret-0123456789abcdef';

describe('keys command line', () => {
  let db: TestDatabase;
  const run = (args: string[], env: Record<string, string> = {}) =>
    runKeysCommand(args, {
      dataSource: db.dataSource,
      keyHashSecret: SECRET,
      config: loadConfig({ ...env }),
    });

  beforeAll(async () => {
    db = await createTestDatabase('keys_cli');
  });
  afterAll(async () => db.drop());

  it('keys sandbox prints the published default, stores its hash once, and is stable', async () => {
    const a = await run(['sandbox']);
    expect(a).toEqual({
      key: DEFAULT_SANDBOX_KEY,
      key_prefix: DEFAULT_SANDBOX_KEY.slice(0, 19),
      tier: 'sandbox',
    });
    expect(await run(['sandbox'])).toEqual(a);
    const rows = await db.dataSource.query(
      `SELECT key_prefix, tier FROM api_keys WHERE tier = 'sandbox' AND revoked_at IS NULL`,
    );
    expect(rows).toEqual([{ key_prefix: 'gtad_sandbox_fgEqYT', tier: 'sandbox' }]);
  });

  it('keys sandbox uses SANDBOX_KEY when set, which retires the previous published key', async () => {
    await expect(run(['sandbox'], { SANDBOX_KEY: 'gtad_sandbox_nope' })).rejects.toThrow(
      /SANDBOX_KEY/,
    );
    const live = formatApiKey('live', 'CustomSandboxKeyForTheseTests0001').value;
    await expect(run(['sandbox'], { SANDBOX_KEY: live })).rejects.toThrow(/SANDBOX_KEY/);

    const custom = formatApiKey('sandbox', 'CustomSandboxKeyForTheseTests0001').value;
    expect(await run(['sandbox'], { SANDBOX_KEY: custom })).toMatchObject({
      key: custom,
      tier: 'sandbox',
    });
    const active = await db.dataSource.query(
      `SELECT key_prefix FROM api_keys WHERE tier = 'sandbox' AND revoked_at IS NULL`,
    );
    expect(active).toEqual([{ key_prefix: 'gtad_sandbox_Custom' }]);
    // The README default is now revoked for good: printing it would mislead.
    await expect(run(['sandbox'])).rejects.toThrow(
      /gtad_sandbox_fgEqYT is revoked: set SANDBOX_KEY/,
    );
  });

  it('keys issue <tier> prints a new well-formed key of that tier, once', async () => {
    for (const tier of ['live', 'gateway', 'admin']) {
      const r = (await run(['issue', tier])) as { key: string; key_prefix: string; tier: string };
      expect(Object.keys(r).sort()).toEqual(['key', 'key_prefix', 'tier']);
      expect(r.tier).toBe(tier);
      expect(parseApiKey(r.key)).toMatchObject({ tier, keyPrefix: r.key_prefix });
      expect(JSON.stringify(await db.dataSource.query(`SELECT * FROM api_keys`))).not.toContain(
        r.key,
      );
    }
    const labelled = (await run(['issue', 'live', '--label', 'acme corp'])) as {
      key_prefix: string;
    };
    const [row] = await db.dataSource.query(`SELECT label FROM api_keys WHERE key_prefix = $1`, [
      labelled.key_prefix,
    ]);
    expect(row.label).toBe('acme corp');
  });

  it('refuses bad usage with a clear message', async () => {
    await expect(run([])).rejects.toThrow(/usage: keys/);
    await expect(run(['frobnicate'])).rejects.toThrow(/unknown keys command "frobnicate"/);
    await expect(run(['issue'])).rejects.toThrow(/needs a tier/);
    await expect(run(['issue', 'sandbox'])).rejects.toThrow(
      /tier must be one of live, gateway, admin/,
    );
    await expect(run(['issue', 'gold'])).rejects.toThrow(/tier must be one of/);
    await expect(run(['issue', 'live', '--colour', 'red'])).rejects.toThrow(/unexpected arguments/);
    await expect(run(['revoke'])).rejects.toThrow(/needs a key prefix/);
    await expect(run(['revoke', 'not-a-prefix'])).rejects.toThrow(/expected a key prefix/);
    await expect(run(['revoke', 'gtad_live_ZZZZZZ'])).rejects.toThrow(
      /no key with prefix gtad_live_ZZZZZZ/,
    );
    await expect(run(['list', 'extra'])).rejects.toThrow(/unexpected arguments/);
  });

  it('keys revoke <key_prefix> revokes once and says so on a second call; a full key works too', async () => {
    const k = (await run(['issue', 'live'])) as { key: string; key_prefix: string };
    const r1 = (await run(['revoke', k.key_prefix])) as Record<string, unknown>;
    expect(r1).toMatchObject({ key_prefix: k.key_prefix, tier: 'live', already_revoked: false });
    expect(typeof r1.revoked_at).toBe('string');
    expect(await run(['revoke', k.key_prefix])).toMatchObject({
      already_revoked: true,
      revoked_at: r1.revoked_at,
    });
    const g = (await run(['issue', 'gateway'])) as { key: string; key_prefix: string };
    expect(await run(['revoke', g.key])).toMatchObject({
      key_prefix: g.key_prefix,
      already_revoked: false,
    });
  });

  it('keys list shows prefix, tier, dates and replacement, never a secret, as JSON', async () => {
    const k = (await run(['issue', 'admin'])) as { key: string; key_prefix: string };
    const out = (await run(['list'])) as { keys: Record<string, unknown>[] };
    expect(JSON.parse(JSON.stringify(out))).toEqual(out);
    const row = out.keys.find((x) => x.key_prefix === k.key_prefix)!;
    expect(row).toEqual({
      key_prefix: k.key_prefix,
      tier: 'admin',
      label: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      last_used_at: null,
      revoked_at: null,
      replaced_by: null,
    });
    expect(JSON.stringify(out)).not.toContain(k.key);
    expect(JSON.stringify(out)).not.toMatch(/gtad_[a-z]+_[0-9A-Za-z]{30,}/);
  });
});
