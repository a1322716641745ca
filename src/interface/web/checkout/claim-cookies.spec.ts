import {
  claimCookieName,
  claimCookieValue,
  claimsToDrop,
  claimTokenOf,
  MAX_CLAIMS,
} from './claim-cookies';

describe('claim cookies', () => {
  it('names one cookie per session, the same each time, as a cookie-name token', () => {
    const a = claimCookieName('cs_test_a1');
    expect(a).toBe(claimCookieName('cs_test_a1'));
    expect(a).not.toBe(claimCookieName('cs_test_a2'));
    expect(a).toMatch(/^gtad_claim_[A-Za-z0-9_-]{16}$/);
  });

  it('keeps the token after the time it was set; a malformed value has none', () => {
    const v = claimCookieValue('tok-en_1', new Date(1_700_000_000_000));
    expect(v).toBe(`${(1_700_000_000).toString(36)}.tok-en_1`);
    expect(claimTokenOf(v)).toBe('tok-en_1');
    for (const bad of [undefined, '', 'no-dot', '.lead', 'trail.'])
      expect(claimTokenOf(bad)).toBeUndefined();
  });

  it('drops nothing below the bound, then the oldest (malformed first) so one more fits', () => {
    const held = (n: number) =>
      Object.fromEntries(
        Array.from({ length: n }, (_, i) => [
          `gtad_claim_${String(i).padStart(16, '0')}`,
          `${(1000 + i).toString(36)}.t`,
        ]),
      );
    expect(claimsToDrop(held(MAX_CLAIMS - 1))).toEqual([]);
    expect(claimsToDrop({ ...held(MAX_CLAIMS - 1), other_cookie: 'x' })).toEqual([]);
    expect(claimsToDrop(held(MAX_CLAIMS))).toEqual(['gtad_claim_0000000000000000']);
    const many = { ...held(MAX_CLAIMS + 2), gtad_claim_zzzzzzzzzzzzzzzz: 'garbage' };
    expect(claimsToDrop(many)).toEqual([
      'gtad_claim_zzzzzzzzzzzzzzzz',
      'gtad_claim_0000000000000000',
      'gtad_claim_0000000000000001',
      'gtad_claim_0000000000000002',
    ]);
    // 13 held: 4 go, 9 stay, and the new one makes 10.
    expect(Object.keys(many).length - claimsToDrop(many).length + 1).toBe(MAX_CLAIMS);
  });
});
