import { encodeBase62 } from './base62';
import {
  checkCharsOf,
  formatApiKey,
  generateApiKey,
  isKeyPrefix,
  MAX_KEY_LENGTH,
  parseApiKey,
} from './api-key-format';
import { DEFAULT_SANDBOX_KEY } from './published-sandbox-key';
import { TIERS } from './tier';

describe('API key format', () => {
  it('generates keys of every tier that parse back, with the prefix and check of decisions.md', () => {
    for (const tier of TIERS) {
      const k = generateApiKey(tier);
      expect(k.value).toMatch(new RegExp(`^gtad_${tier}_[0-9A-Za-z]{38}$`));
      expect(k.keyPrefix).toBe(`gtad_${tier}_${k.random.slice(0, 6)}`);
      expect(k.value.endsWith(checkCharsOf(k.random))).toBe(true);
      expect(parseApiKey(k.value)).toEqual(k);
    }
  });

  it('draws the random part from the whole alphabet (no fixed characters)', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) for (const c of generateApiKey('live').random) seen.add(c);
    expect(seen.size).toBeGreaterThan(55);
    expect(generateApiKey('live').value).not.toBe(generateApiKey('live').value);
  });

  it('encodes the CRC32 as 6 zero-padded base62 characters', () => {
    expect(encodeBase62(0, 6)).toBe('000000');
    expect(encodeBase62(61, 6)).toBe('00000z');
    expect(encodeBase62(62, 6)).toBe('000010');
    expect(encodeBase62(0xffffffff, 6)).toBe('4gfFC3');
    // CRC32("123456789") is the standard check value 0xCBF43926.
    expect(checkCharsOf('123456789')).toBe(encodeBase62(0xcbf43926, 6));
  });

  it('refuses malformed keys without any I/O', () => {
    const k = generateApiKey('live').value;
    const flipped = k.slice(0, 20) + (k[20] === 'a' ? 'b' : 'a') + k.slice(21);
    const cases = [
      '',
      'gtad_live_',
      k.replace('gtad_', 'gtab_'),
      k.replace('_live_', '_gold_'),
      k.slice(0, -1),
      k + 'x',
      flipped,
      k.replace(/.$/, '-'),
      ' ' + k,
      'gtad_live_' + 'a'.repeat(MAX_KEY_LENGTH),
    ];
    for (const c of cases) expect(parseApiKey(c)).toBeNull();
  });

  it('rejects a random part shorter than 30 characters even with a matching check', () => {
    const short = 'A'.repeat(29);
    expect(parseApiKey(`gtad_live_${short}${checkCharsOf(short)}`)).toBeNull();
    expect(() => formatApiKey('live', short)).toThrow(RangeError);
    const ok = 'A'.repeat(30);
    expect(parseApiKey(`gtad_live_${ok}${checkCharsOf(ok)}`)?.tier).toBe('live');
  });

  it('publishes a default sandbox key that is well formed', () => {
    const k = parseApiKey(DEFAULT_SANDBOX_KEY);
    expect(k?.tier).toBe('sandbox');
    expect(k?.keyPrefix).toBe('gtad_sandbox_fgEqYT');
  });

  it('recognises displayable key prefixes', () => {
    expect(isKeyPrefix('gtad_live_AbC123')).toBe(true);
    expect(isKeyPrefix('gtad_live_AbC12')).toBe(false);
    expect(isKeyPrefix(generateApiKey('live').value)).toBe(false);
  });
});
