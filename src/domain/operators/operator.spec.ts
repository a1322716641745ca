import { lockedUntil, normalizeEmail, passwordProblem } from './operator';

const at = (min: number) => new Date(Date.UTC(2026, 10, 25, 12, 0) + min * 60_000);

describe('operators', () => {
  it('normalises addresses and refuses what is not one', () => {
    expect(normalizeEmail('  Ops@Example.COM ')).toBe('ops@example.com');
    expect(normalizeEmail('ops@example')).toBeNull();
    expect(normalizeEmail('no at sign')).toBeNull();
    expect(normalizeEmail('<script>@x.com')).toBeNull();
  });

  it('wants passwords of 12 to 256 characters', () => {
    expect(passwordProblem('short')).toMatch(/at least 12/);
    expect(passwordProblem('x'.repeat(12))).toBeNull();
    expect(passwordProblem('x'.repeat(257))).toMatch(/at most 256/);
  });

  it('locks sign-in for 15 minutes from the failure that completes 5 within 15 minutes', () => {
    const fails = [at(10), at(8), at(6), at(4), at(2)]; // newest first
    expect(lockedUntil(fails, 5, 15, at(11))).toEqual(at(25));
    expect(lockedUntil(fails, 5, 15, at(25))).toBeNull();
    expect(lockedUntil(fails.slice(0, 4), 5, 15, at(11))).toBeNull();
    // Five failures spread over more than 15 minutes lock nothing.
    expect(lockedUntil([at(40), at(30), at(20), at(10), at(0)], 5, 15, at(41))).toBeNull();
  });
});
