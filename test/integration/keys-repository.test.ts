import { createHash, randomBytes } from 'node:crypto';
import { NewApiKey } from '../../src/application/keys/api-key.repository';
import { RevokeKeyUseCase, Revoker } from '../../src/application/keys/revoke-key.use-case';
import { generateApiKey } from '../../src/domain/keys/api-key-format';
import { Tier } from '../../src/domain/keys/tier';
import { revokeChainIn } from '../../src/infrastructure/persistence/keys/api-key-chain.sql';
import {
  insertKey,
  TypeOrmApiKeyRepository,
} from '../../src/infrastructure/persistence/keys/typeorm-api-key.repository';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/** The api_keys adapter on a real PostgreSQL: hashes only, row-locked rotation, revocation, last use. */
describe('TypeOrmApiKeyRepository (PostgreSQL)', () => {
  let db: TestDatabase;
  let repo: TypeOrmApiKeyRepository;
  const at = new Date('2026-11-21T12:00:00Z');
  let n = 0;
  const newKey = (tier: Tier = 'live', over: Partial<NewApiKey> = {}): NewApiKey => ({
    keyHash: randomBytes(32),
    keyPrefix: `gtad_${tier}_P${String(++n).padStart(5, '0')}`,
    tier,
    label: null,
    createdAt: at,
    ...over,
  });

  const column = async (id: string, name: 'revoked_at' | 'last_used_at') =>
    (await db.dataSource.query(`SELECT ${name} AS v FROM api_keys WHERE id = $1`, [id]))[0]
      .v as Date | null;

  beforeAll(async () => {
    db = await createTestDatabase('keys_repository');
    repo = new TypeOrmApiKeyRepository(db.dataSource);
  });
  beforeEach(async () => {
    await db.dataSource.query('DELETE FROM api_keys');
  });
  afterAll(async () => db.drop());

  it('stores a key by hash and finds it by hash only', async () => {
    const k = newKey('gateway', { label: 'marketplace' });
    const stored = await repo.insert(k);
    expect(stored).toMatchObject({
      keyPrefix: k.keyPrefix,
      tier: 'gateway',
      label: 'marketplace',
      revokedAt: null,
    });
    expect(stored.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await repo.findByHash(k.keyHash)).toEqual(stored);
    expect(await repo.findByHash(randomBytes(32))).toBeNull();
    expect(Object.keys(stored)).not.toContain('keyHash');
  });

  it('rotates in one transaction: new key inserted, old revoked and linked, label kept', async () => {
    const old = await repo.insert(newKey('live', { label: 'acme' }));
    const next = newKey('live');
    const created = await repo.rotate(old.id, next);
    expect(created).toMatchObject({
      keyPrefix: next.keyPrefix,
      tier: 'live',
      label: 'acme',
      revokedAt: null,
    });
    const oldNow = await db.dataSource.query(
      `SELECT revoked_at, replaced_by FROM api_keys WHERE id = $1`,
      [old.id],
    );
    expect(oldNow[0].revoked_at).toEqual(at);
    expect(oldNow[0].replaced_by).toBe(created!.id);
    expect(await repo.rotate(old.id, newKey('live'))).toBeNull();
    expect(await repo.rotate('00000000-0000-4000-8000-000000000000', newKey('live'))).toBeNull();
  });

  it('serialises rotations on a row lock: of two waiting rotations exactly one wins', async () => {
    const old = await repo.insert(newKey('live'));
    // Hold the row lock so that both rotations are surely waiting on it at once.
    const blocker = db.dataSource.createQueryRunner();
    await blocker.connect();
    await blocker.startTransaction();
    await blocker.query(`SELECT id FROM api_keys WHERE id = $1 FOR UPDATE`, [old.id]);
    const a = repo.rotate(old.id, newKey('live'));
    const b = repo.rotate(old.id, newKey('live'));
    await new Promise((r) => setTimeout(r, 200));
    const waiting = await db.dataSource.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
    );
    expect(waiting[0].n).toBe(2);
    await blocker.commitTransaction();
    await blocker.release();
    const results = await Promise.all([a, b]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    const rows = await db.dataSource.query(`SELECT count(*)::int AS n FROM api_keys`);
    expect(rows[0].n).toBe(2);
  });

  it('does not rotate a key into another tier', async () => {
    const old = await repo.insert(newKey('admin'));
    expect(await repo.rotate(old.id, newKey('live'))).toBeNull();
  });

  const by: Revoker = { operatorId: null, operatorEmail: 'cli', ip: null, via: 'cli' };
  const revoker = () => new RevokeKeyUseCase(repo, { hash: (k: string) => hashOf(k) }, clock);
  const hashOf = (k: string) => createHash('sha256').update(k).digest();
  const clock = { now: () => at };
  const auditedRevocations = async () =>
    (
      await db.dataSource.query<{ target: string; detail: string; operator_email: string }[]>(
        `SELECT target, detail, operator_email FROM audit_log WHERE action = 'key_revoked'
          ORDER BY id`,
      )
    ).filter((r) => r.target.startsWith('gtad_'));
  let auditBefore = 0;
  beforeEach(async () => {
    auditBefore = (await auditedRevocations()).length;
  });
  const newAudits = async () => (await auditedRevocations()).slice(auditBefore);

  it('revokes by prefix: once, idempotently, audited once, never an ambiguous prefix', async () => {
    const k = await repo.insert(newKey('live'));
    const r1 = await revoker().execute(k.keyPrefix, by);
    expect(r1.revoked.map((x) => x.id)).toEqual([k.id]);
    expect(r1.current).toMatchObject({ id: k.id, revokedAt: at });
    const r2 = await revoker().execute(k.keyPrefix, by);
    expect(r2.revoked).toEqual([]);
    expect(await newAudits()).toEqual([
      {
        target: k.keyPrefix,
        operator_email: 'cli',
        detail: `live; revocation of the rotation chain of ${k.keyPrefix}, via cli`,
      },
    ]);
    await expect(revoker().execute('gtad_live_nothin', by)).rejects.toThrow(/no key/);
    const twin1 = await repo.insert(newKey('live', { keyPrefix: 'gtad_live_Twin00' }));
    await repo.insert(newKey('live', { keyPrefix: 'gtad_live_Twin00' }));
    await expect(revoker().execute('gtad_live_Twin00', by)).rejects.toThrow(/2 active keys/);
    expect(await column(twin1.id, 'revoked_at')).toBeNull();
  });

  it('revoking any key of a rotation chain revokes its current key, and says which', async () => {
    const first = await repo.insert(newKey('live'));
    const second = (await repo.rotate(first.id, newKey('live')))!;
    const third = (await repo.rotate(second.id, newKey('live')))!;
    expect([first.chainId, second.chainId, third.chainId]).toEqual([first.id, first.id, first.id]);
    // The operator names the first key (the one they looked up); its owner has rotated twice.
    const r = await revoker().execute(first.keyPrefix, by);
    expect(r.named.id).toBe(first.id);
    expect(r.revoked.map((k) => k.id)).toEqual([third.id]);
    expect(r.current.id).toBe(third.id);
    expect(r.chain.map((k) => k.id)).toEqual([first.id, second.id, third.id]);
    expect(await column(third.id, 'revoked_at')).toEqual(at);
    expect((await newAudits()).map((a) => a.target)).toEqual([third.keyPrefix]);
  });

  it('a revocation that waits for a rotation in progress also revokes the key it produced', async () => {
    const k = await repo.insert(newKey('live'));
    // The customer's rotation holds the key's lock and has inserted its replacement...
    const rotation = db.dataSource.createQueryRunner();
    await rotation.connect();
    await rotation.startTransaction('READ COMMITTED');
    await rotation.query(`SELECT id FROM api_keys WHERE id = $1 FOR UPDATE`, [k.id]);
    const next = await insertKey(rotation.manager, newKey('live'), k.chainId);
    await rotation.query(`UPDATE api_keys SET revoked_at = $2, replaced_by = $3 WHERE id = $1`, [
      k.id,
      at,
      next.id,
    ]);
    // ...when the operator's revocation starts: it waits on the lock.
    const revocation = revoker().execute(k.keyPrefix, by);
    await waitForLockWaiters(1);
    await rotation.commitTransaction();
    await rotation.release();
    const r = await revocation;
    expect(r.revoked.map((x) => x.id)).toEqual([next.id]);
    expect(await column(next.id, 'revoked_at')).toEqual(at);
  });

  it('a rotation that starts during a revocation fails: no working key is left', async () => {
    const k = await repo.insert(newKey('live'));
    const revocation = db.dataSource.createQueryRunner();
    await revocation.connect();
    await revocation.startTransaction('READ COMMITTED');
    await revokeChainIn(revocation.manager, k.chainId, at, { ...by, reason: 'test' });
    const rotation = repo.rotate(k.id, newKey('live'));
    await waitForLockWaiters(1);
    await revocation.commitTransaction();
    await revocation.release();
    expect(await rotation).toBeNull();
    const chain = await repo.chain(k.chainId);
    expect(chain.filter((x) => x.revokedAt === null)).toEqual([]);
  });

  it('revokes by full key (hash)', async () => {
    const full = generateApiKey('gateway').value;
    const k = await repo.insert(newKey('gateway', { keyHash: hashOf(full) }));
    const uc = revoker();
    await expect(uc.execute('not a key', by)).rejects.toThrow(/expected a key prefix/);
    const r = await uc.execute(full, by);
    expect(r.revoked.map((x) => x.id)).toEqual([k.id]);
    expect((await repo.findByHash(hashOf(full)))!.revokedAt).toEqual(at);
  });

  async function waitForLockWaiters(n: number): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const [row] = await db.dataSource.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND datname = current_database()`,
      );
      if (row.n >= n) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no ${n} waiter(s) on a lock`);
  }

  it('writes last_used_at at most once per interval', async () => {
    const k = await repo.insert(newKey('live'));
    const t0 = new Date('2026-11-21T12:00:00Z');
    await repo.touchLastUsed(k.id, t0, 60_000);
    const lastUsed = () => column(k.id, 'last_used_at');
    expect(await lastUsed()).toEqual(t0);
    await repo.touchLastUsed(k.id, new Date(t0.getTime() + 30_000), 60_000);
    expect(await lastUsed()).toEqual(t0);
    const t1 = new Date(t0.getTime() + 61_000);
    await repo.touchLastUsed(k.id, t1, 60_000);
    expect(await lastUsed()).toEqual(t1);
  });

  it('ensures the sandbox key: inserted once, never duplicated, the only active sandbox key', async () => {
    const first = newKey('sandbox');
    const a = await repo.ensureSandbox(first);
    const b = await repo.ensureSandbox({ ...first, createdAt: new Date() });
    expect(b.id).toBe(a.id);
    await Promise.all([
      repo.ensureSandbox(first),
      repo.ensureSandbox(first),
      repo.ensureSandbox(first),
    ]);
    const count = async () =>
      (await db.dataSource.query(`SELECT count(*)::int AS n FROM api_keys`))[0].n;
    expect(await count()).toBe(1);

    const replacement = newKey('sandbox');
    const c = await repo.ensureSandbox(replacement);
    expect(c.revokedAt).toBeNull();
    expect((await repo.findByHash(first.keyHash))!.revokedAt).not.toBeNull();
    expect(await count()).toBe(2);
  });

  it('lists every key, oldest first, without hashes', async () => {
    await repo.insert(newKey('live', { createdAt: new Date('2026-01-02T00:00:00Z') }));
    await repo.insert(newKey('admin', { createdAt: new Date('2026-01-01T00:00:00Z') }));
    const list = await repo.list();
    expect(list.map((k) => k.tier)).toEqual(['admin', 'live']);
    expect(JSON.stringify(list)).not.toContain('keyHash');
  });
});
