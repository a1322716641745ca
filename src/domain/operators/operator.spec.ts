import { normalizeEmail, passwordProblem } from './operator';

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
});
