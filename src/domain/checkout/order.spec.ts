import fc from 'fast-check';
import { applyOutcome, canFulfil, OrderState, PAYMENT_OUTCOMES, PaymentOutcome } from './order';

/** Plays outcomes onto a pending order. */
function play(outcomes: readonly PaymentOutcome[]): OrderState {
  let state: OrderState = 'pending';
  for (const o of outcomes) state = applyOutcome(state, o)?.to ?? state;
  return state;
}

describe('order ladder', () => {
  it('moves a pending order on every outcome, and a paid one only upward', () => {
    for (const o of PAYMENT_OUTCOMES) expect(applyOutcome('pending', o)?.to).toBe(o);
    expect(applyOutcome('paid', 'expired')).toBeNull();
    expect(applyOutcome('paid', 'failed')).toBeNull();
    expect(applyOutcome('fulfilled', 'paid')).toBeNull();
    expect(applyOutcome('refunded', 'paid')).toBeNull();
    expect(applyOutcome('disputed', 'refunded')).toBeNull();
    expect(applyOutcome('refunded', 'disputed')?.to).toBe('disputed');
  });

  it('asks for the key to be revoked on a refund or a dispute only, with the reason', () => {
    expect(applyOutcome('fulfilled', 'refunded')).toEqual({
      to: 'refunded',
      revokeKey: true,
      reason: 'payment refunded',
    });
    expect(applyOutcome('paid', 'disputed')).toMatchObject({ revokeKey: true });
    expect(applyOutcome('pending', 'paid')).toMatchObject({ revokeKey: false, reason: null });
  });

  it('ignores a duplicate of the outcome that set the state', () => {
    for (const o of PAYMENT_OUTCOMES) expect(applyOutcome(o, o)).toBeNull();
  });

  it('ends in the same state whatever the order of arrival, duplicates included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PAYMENT_OUTCOMES), { minLength: 1, maxLength: 8 }),
        fc.infiniteStream(fc.nat()),
        (outcomes, rand) => {
          const shuffled = [...outcomes];
          for (let i = shuffled.length - 1; i > 0; i--) {
            const j = rand.next().value % (i + 1);
            [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
          }
          expect(play(shuffled)).toBe(play(outcomes));
        },
      ),
      { numRuns: 2000, seed: 20261125 },
    );
  });

  it('lets only a paid order without a key produce one', () => {
    expect(canFulfil({ state: 'paid', keyId: null })).toBe(true);
    expect(canFulfil({ state: 'paid', keyId: 'k' })).toBe(false);
    for (const s of ['pending', 'fulfilled', 'failed', 'expired', 'refunded', 'disputed'] as const)
      expect(canFulfil({ state: s, keyId: null })).toBe(false);
  });
});
