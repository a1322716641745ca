import { addressDelayMs, lockedUntil, signInDecision } from './sign-in-throttle';

const at = (min: number) => new Date(Date.UTC(2026, 10, 25, 12, 0) + min * 60_000);

describe('sign-in throttle', () => {
  it('locks sign-in for 15 minutes from the failure that completes 5 within 15 minutes', () => {
    const fails = [at(10), at(8), at(6), at(4), at(2)]; // newest first
    expect(lockedUntil(fails, 5, 15, at(11))).toEqual(at(25));
    expect(lockedUntil(fails, 5, 15, at(25))).toBeNull();
    expect(lockedUntil(fails.slice(0, 4), 5, 15, at(11))).toBeNull();
    // Five failures spread over more than 15 minutes lock nothing.
    expect(lockedUntil([at(40), at(30), at(20), at(10), at(0)], 5, 15, at(41))).toBeNull();
  });

  it('slows an address after 5 failures from anywhere, 1 s doubling to at most 10 s, never a lock', () => {
    expect([0, 4, 5, 6, 7, 8, 9, 50, 1e6].map(addressDelayMs)).toEqual([
      0, 0, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000,
    ]);
    expect(signInDecision({ pair: [], ip: [], address: 1000 }, at(0))).toEqual({
      kind: 'allowed',
      delayMs: 10_000,
    });
  });

  it('locks the pair after 5 and the IP after 20, saying which lock ends last', () => {
    const five = [at(5), at(4), at(3), at(2), at(1)];
    expect(signInDecision({ pair: five, ip: five, address: 5 }, at(6))).toEqual({
      kind: 'locked',
      by: 'pair',
      until: at(20),
    });
    const twenty = Array.from({ length: 20 }, (_, i) => at(9 - i * 0.25));
    expect(signInDecision({ pair: [], ip: twenty, address: 0 }, at(10))).toEqual({
      kind: 'locked',
      by: 'ip',
      until: at(24),
    });
  });
});
