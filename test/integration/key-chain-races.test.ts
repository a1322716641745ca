import { randomBytes, randomUUID } from 'node:crypto';
import { NewApiKey } from '../../src/application/keys/api-key.repository';
import { applyOutcome } from '../../src/domain/checkout/order';
import { TypeOrmApiKeyRepository } from '../../src/infrastructure/persistence/keys/typeorm-api-key.repository';
import { TypeOrmOrderRepository } from '../../src/infrastructure/persistence/orders/typeorm-order.repository';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * A refund (or dispute) racing the customer's rotation of the order's key (issue 30, item 1): the
 * refund locks the order then revokes the chain; a rotation locks the key's order before the key.
 * With that one lock order the two never deadlock, and whichever commits first, no working key of
 * the order's chain is left. Real concurrency on a real PostgreSQL, many times over.
 */
describe('refunds racing rotations (PostgreSQL)', () => {
  let db: TestDatabase;
  let keys: TypeOrmApiKeyRepository;
  let orders: TypeOrmOrderRepository;
  let n = 0;
  const newKey = (): NewApiKey => ({
    keyHash: randomBytes(32),
    keyPrefix: `gtad_live_R${String(++n).padStart(5, '0')}`,
    tier: 'live',
    label: null,
    createdAt: new Date(),
  });

  beforeAll(async () => {
    db = await createTestDatabase('key_chain_races');
    keys = new TypeOrmApiKeyRepository(db.dataSource);
    orders = new TypeOrmOrderRepository(db.dataSource);
  });
  afterAll(async () => db?.drop());

  /** A paid order with its first key issued. */
  async function boughtKey(): Promise<{ sessionId: string; keyId: string; chainId: string }> {
    const sessionId = `cs_${randomUUID()}`;
    const order = await orders.insert({
      id: randomUUID(),
      provider: 'demo',
      providerSessionId: sessionId,
      amountCents: 500,
      currency: 'cad',
      claimHash: randomBytes(32),
      createdAt: new Date(),
    });
    await orders.transition('demo', sessionId, 'paid', applyOutcome, new Date());
    const key = (await orders.fulfil(order.id, newKey(), new Date()))!;
    return { sessionId, keyId: key.id, chainId: key.chainId };
  }

  const refund = (sessionId: string) =>
    orders.transition('demo', sessionId, 'refunded', applyOutcome, new Date(), {
      eventId: `evt_${randomUUID()}`,
      type: 'charge.refunded',
    });

  it('never deadlocks and never leaves a working key, over 30 races started together', async () => {
    const outcomes = { rotatedFirst: 0, refundedFirst: 0 };
    for (let i = 0; i < 30; i++) {
      const b = await boughtKey();
      // Rotations keep coming: the first may win, the refund then revokes its replacement.
      const [rotated, refunded] = await Promise.all([
        keys.rotate(b.keyId, newKey()),
        refund(b.sessionId),
      ]);
      expect(refunded.order?.state).toBe('refunded');
      if (rotated) outcomes.rotatedFirst++;
      else outcomes.refundedFirst++;
      const chain = await keys.chain(b.chainId);
      expect(chain.filter((k) => k.revokedAt === null)).toEqual([]);
      expect(chain).toHaveLength(rotated ? 2 : 1);
    }
    expect(outcomes.rotatedFirst + outcomes.refundedFirst).toBe(30);
  });

  it('a refund that arrives while a rotation holds the key waits for it, then revokes the new key', async () => {
    const b = await boughtKey();
    // The rotation has begun (it holds its order's share lock and its key's lock)...
    const rotation = db.dataSource.createQueryRunner();
    await rotation.connect();
    await rotation.startTransaction('READ COMMITTED');
    await rotation.query(
      `SELECT 1 FROM orders WHERE id = (SELECT order_id FROM api_keys WHERE id = $1) FOR KEY SHARE`,
      [b.keyId],
    );
    await rotation.query(`SELECT id FROM api_keys WHERE id = $1 FOR UPDATE`, [b.keyId]);
    // ...the refund arrives and must wait on the order, not take it and then the key.
    const refunding = refund(b.sessionId);
    await new Promise((r) => setTimeout(r, 300));
    const replacement = newKey();
    const [next] = (await rotation.query(
      `INSERT INTO api_keys (id, key_hash, key_prefix, tier, created_at, chain_id, order_id)
       SELECT gen_random_uuid(), $2, $3, 'live', now(), chain_id, order_id FROM api_keys WHERE id = $1
       RETURNING id`,
      [b.keyId, replacement.keyHash, replacement.keyPrefix],
    )) as { id: string }[];
    await rotation.query(`UPDATE api_keys SET revoked_at = now(), replaced_by = $2 WHERE id = $1`, [
      b.keyId,
      next.id,
    ]);
    await rotation.commitTransaction();
    await rotation.release();
    expect((await refunding).order?.state).toBe('refunded');
    const chain = await keys.chain(b.chainId);
    expect(chain.map((k) => k.id)).toEqual([b.keyId, next.id]);
    expect(chain.every((k) => k.revokedAt !== null)).toBe(true);
    const [audit] = await db.dataSource.query<{ detail: string }[]>(
      `SELECT detail FROM audit_log WHERE action = 'key_revoked' AND target = $1`,
      [replacement.keyPrefix],
    );
    expect(audit.detail).toMatch(/^live; order .* refunded/);
  });
});
