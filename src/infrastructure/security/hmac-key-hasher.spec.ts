import { createHmac } from 'node:crypto';
import { HmacKeyHasher, MAX_REMEMBERED_HASHES } from './hmac-key-hasher';

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

  it('answers a key presented again with the same hash, past the bound too, whatever a caller did with its copy', () => {
    const h = new HmacKeyHasher(secret);
    const expected = (k: string) => createHmac('sha256', secret).update(k).digest();
    const first = h.hash('gtad_live_a');
    first.fill(0);
    expect(h.hash('gtad_live_a').equals(expected('gtad_live_a'))).toBe(true);
    for (let i = 0; i <= MAX_REMEMBERED_HASHES + 5; i++) {
      const k = `gtad_live_${i % 7 === 0 ? 'a' : i}`;
      expect(h.hash(k).equals(expected(k))).toBe(true);
    }
    expect(h.hash('gtad_live_b').equals(expected('gtad_live_b'))).toBe(true);
    expect(h.hash('gtad_live_a').equals(h.hash('gtad_live_b'))).toBe(false);
  });

  it('refuses a short secret', () => {
    expect(() => new HmacKeyHasher('short')).toThrow();
  });
});
