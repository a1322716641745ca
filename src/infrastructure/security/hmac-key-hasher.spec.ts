import { createHmac } from 'node:crypto';
import { HmacKeyHasher } from './hmac-key-hasher';

describe('HmacKeyHasher', () => {
  const secret = 'a-test-secret-of-at-least-32-characters';

  it('is HMAC-SHA-256 of the key with the secret (32 bytes, deterministic)', () => {
    const h = new HmacKeyHasher(secret);
    const expected = createHmac('sha256', secret).update('gtad_live_x').digest();
    expect(h.hash('gtad_live_x').equals(expected)).toBe(true);
    expect(h.hash('gtad_live_x')).toHaveLength(32);
  });

  it('depends on the secret, so the stored hash is useless without it', () => {
    const a = new HmacKeyHasher(secret).hash('k');
    const b = new HmacKeyHasher(secret + '!').hash('k');
    expect(a.equals(b)).toBe(false);
  });

  it('refuses a short secret', () => {
    expect(() => new HmacKeyHasher('short')).toThrow();
  });
});
