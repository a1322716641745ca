import { ApiKey } from '../../domain/keys/api-key';
import { generateApiKey } from '../../domain/keys/api-key-format';
import { InvalidKeyError, NotRotatableError } from '../../domain/keys/key.errors';
import { DEFAULT_SANDBOX_KEY } from '../../domain/keys/published-sandbox-key';
import { Clock } from '../shared/clock';
import { ApiKeyRepository, ChainRevocation, NewApiKey } from './api-key.repository';
import { AuthenticateKeyUseCase } from './authenticate-key.use-case';
import { NoKeyLookupCache } from './key-lookup-cache';
import { IssueKeyUseCase } from './issue-key.use-case';
import { KeyHasher } from './key-hasher';
import { PublishedSandboxKey } from './published-sandbox-key.setting';
import { RevokeKeyUseCase } from './revoke-key.use-case';
import { RotateKeyUseCase } from './rotate-key.use-case';

/** Hand-written in-memory fake of the port. */
class InMemoryApiKeys extends ApiKeyRepository {
  rows: (ApiKey & { hash: string })[] = [];
  calls: string[] = [];
  touches: Date[] = [];

  async findByHash(h: Buffer) {
    this.calls.push('findByHash');
    return this.rows.find((r) => r.hash === h.toString('hex')) ?? null;
  }
  async isRevoked(id: string) {
    return this.rows.find((r) => r.id === id)?.revokedAt != null;
  }
  async insert(k: NewApiKey, chainId?: string) {
    const id = `id-${this.rows.length + 1}`;
    const row = {
      id,
      chainId: chainId ?? id,
      hash: k.keyHash.toString('hex'),
      keyPrefix: k.keyPrefix,
      tier: k.tier,
      label: k.label,
      createdAt: k.createdAt,
      lastUsedAt: null,
      revokedAt: null,
      replacedBy: null,
    };
    this.rows.push(row);
    return row;
  }
  async rotate(id: string, k: NewApiKey) {
    const old = this.rows.find((r) => r.id === id && r.revokedAt === null);
    if (!old) return null;
    const created = await this.insert(k, old.chainId);
    Object.assign(old, { revokedAt: k.createdAt, replacedBy: created.id });
    return created;
  }
  async findByPrefix(p: string) {
    return this.rows.filter((r) => r.keyPrefix === p);
  }
  async chain(chainId: string) {
    return this.rows.filter((r) => r.chainId === chainId);
  }
  async revokeChain(chainId: string, at: Date): Promise<ChainRevocation> {
    const revoked = this.rows.filter((r) => r.chainId === chainId && r.revokedAt === null);
    for (const r of revoked) Object.assign(r, { revokedAt: at });
    return { revoked, chain: await this.chain(chainId) };
  }
  async list() {
    return this.rows;
  }
  async touchLastUsed(_id: string, at: Date) {
    this.touches.push(at);
  }
  async ensureSandbox(k: NewApiKey) {
    this.calls.push('ensureSandbox');
    return (await this.findByHash(k.keyHash)) ?? this.insert(k);
  }
}

class PlainHasher extends KeyHasher {
  hash(key: string) {
    return Buffer.from(`h:${key}`);
  }
}

class SteppingClock extends Clock {
  constructor(public at = new Date('2026-11-21T12:00:00Z')) {
    super();
  }
  now() {
    return new Date(this.at);
  }
  advance(ms: number) {
    this.at = new Date(this.at.getTime() + ms);
  }
}

describe('keys use cases', () => {
  let repo: InMemoryApiKeys;
  let clock: SteppingClock;
  let auth: AuthenticateKeyUseCase;
  let issue: IssueKeyUseCase;
  let rotate: RotateKeyUseCase;
  const hasher = new PlainHasher();

  beforeEach(() => {
    repo = new InMemoryApiKeys();
    clock = new SteppingClock();
    auth = new AuthenticateKeyUseCase(
      repo,
      hasher,
      clock,
      new PublishedSandboxKey(undefined),
      new NoKeyLookupCache(),
    );
    issue = new IssueKeyUseCase(repo, hasher, clock);
    rotate = new RotateKeyUseCase(repo, hasher, clock);
  });

  it('refuses a malformed key without asking the repository', async () => {
    await expect(auth.execute('gtad_live_nope')).rejects.toBeInstanceOf(InvalidKeyError);
    const k = generateApiKey('live').value;
    await expect(auth.execute(k.slice(0, -1) + (k.endsWith('0') ? '1' : '0'))).rejects.toThrow(
      'malformed',
    );
    expect(repo.calls).toEqual([]);
  });

  it('refuses unknown and revoked keys, accepts active ones', async () => {
    await expect(auth.execute(generateApiKey('live').value)).rejects.toThrow('not recognised');
    const k = await issue.execute('live');
    await expect(auth.execute(k.key)).resolves.toEqual({
      id: k.id,
      chainId: k.id,
      tier: 'live',
      keyPrefix: k.keyPrefix,
    });
    repo.rows[0] = { ...repo.rows[0], revokedAt: clock.now() };
    await expect(auth.execute(k.key)).rejects.toThrow('revoked');
  });

  it('a rotated key authenticates in its first key’s chain; revoking the old prefix revokes it', async () => {
    const k = await issue.execute('live');
    const r = await rotate.execute({ keyId: k.id, tier: 'live' });
    await expect(auth.execute(r.key)).resolves.toMatchObject({ id: r.id, chainId: k.id });
    const revoke = new RevokeKeyUseCase(repo, hasher, clock);
    const by = { operatorId: null, operatorEmail: 'cli', ip: null, via: 'cli' as const };
    const done = await revoke.execute(k.keyPrefix, by);
    expect(done.revoked.map((x) => x.id)).toEqual([r.id]);
    expect(done.current.id).toBe(r.id);
    await expect(auth.execute(r.key)).rejects.toThrow('revoked');
    expect((await revoke.execute(k.keyPrefix, by)).revoked).toEqual([]);
  });

  it('creates the published sandbox key on first use, and only that key', async () => {
    await expect(auth.execute(DEFAULT_SANDBOX_KEY)).resolves.toMatchObject({ tier: 'sandbox' });
    await expect(auth.execute(DEFAULT_SANDBOX_KEY)).resolves.toMatchObject({ tier: 'sandbox' });
    expect(repo.rows).toHaveLength(1);
    expect(repo.calls.filter((c) => c === 'ensureSandbox')).toHaveLength(1);
    await expect(auth.execute(generateApiKey('sandbox').value)).rejects.toBeInstanceOf(
      InvalidKeyError,
    );
  });

  it('records last use at most once a minute per key', async () => {
    const k = await issue.execute('live');
    await auth.execute(k.key);
    clock.advance(30_000);
    await auth.execute(k.key);
    clock.advance(31_000);
    await auth.execute(k.key);
    expect(repo.touches.map((d) => d.toISOString())).toEqual([
      '2026-11-21T12:00:00.000Z',
      '2026-11-21T12:01:01.000Z',
    ]);
  });

  it('never fails a request when recording last use fails', async () => {
    const k = await issue.execute('live');
    repo.touchLastUsed = () => Promise.reject(new Error('db down'));
    await expect(auth.execute(k.key)).resolves.toMatchObject({ tier: 'live' });
  });

  it('rotates only live keys, into a live key, once', async () => {
    for (const tier of ['sandbox', 'gateway', 'admin'] as const) {
      await expect(rotate.execute({ keyId: 'x', tier })).rejects.toBeInstanceOf(NotRotatableError);
    }
    await expect(rotate.execute({ keyId: null, tier: 'gateway' })).rejects.toBeInstanceOf(
      NotRotatableError,
    );
    const k = await issue.execute('live');
    const r = await rotate.execute({ keyId: k.id, tier: 'live' });
    expect(r.tier).toBe('live');
    expect(r.key).toMatch(/^gtad_live_/);
    await expect(auth.execute(k.key)).rejects.toThrow('revoked');
    await expect(auth.execute(r.key)).resolves.toMatchObject({ id: r.id });
    await expect(rotate.execute({ keyId: k.id, tier: 'live' })).rejects.toBeInstanceOf(
      InvalidKeyError,
    );
  });

  it('issues only live, gateway and admin keys', async () => {
    await expect(issue.execute('sandbox')).rejects.toThrow(/tier must be one of/);
    for (const tier of ['live', 'gateway', 'admin'])
      expect((await issue.execute(tier)).tier).toBe(tier);
  });

  it('refuses a configured sandbox key that is not a well-formed sandbox key', () => {
    expect(() => new PublishedSandboxKey('gtad_sandbox_x')).toThrow(/SANDBOX_KEY/);
    expect(() => new PublishedSandboxKey(generateApiKey('live').value)).toThrow(/SANDBOX_KEY/);
    const own = generateApiKey('sandbox').value;
    expect(new PublishedSandboxKey(own).key.value).toBe(own);
  });
});
