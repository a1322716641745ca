import { randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { BASE62_ALPHABET, encodeBase62, isBase62 } from './base62';
import { Tier, TIERS } from './tier';

/**
 * Key format of decisions.md: `gtad_<tier>_<random><check>`. The random part comes from a CSPRNG
 * (32 base62 characters here, about 190 bits; at least 30 are accepted) and `<check>` is the CRC32
 * of the random part in 6 base62 characters, so a mistyped or truncated key is refused without a
 * database lookup and secret scanners can recognise leaked keys by shape and checksum.
 */
export const KEY_PREFIX = 'gtad_';
export const RANDOM_LENGTH = 32;
export const MIN_RANDOM_LENGTH = 30;
export const CHECK_LENGTH = 6;
/** Displayable part: the tier prefix plus this many random characters. */
export const PREFIX_RANDOM_CHARS = 6;
/** Anything longer is refused before it is even parsed (header abuse). */
export const MAX_KEY_LENGTH = 128;

const KEY_RE = /^gtad_(sandbox|live|gateway|admin)_([0-9A-Za-z]+)$/;

export interface ParsedApiKey {
  /** The whole key, as sent. */
  readonly value: string;
  readonly tier: Tier;
  readonly random: string;
  /** `gtad_<tier>_` plus the first 6 random characters: safe to display and log. */
  readonly keyPrefix: string;
}

/** The 6 base62 check characters of a random part (CRC32, big-endian digits, zero-padded). */
export function checkCharsOf(random: string): string {
  return encodeBase62(crc32(random) >>> 0, CHECK_LENGTH);
}

export function keyPrefixOf(tier: Tier, random: string): string {
  return `${KEY_PREFIX}${tier}_${random.slice(0, PREFIX_RANDOM_CHARS)}`;
}

/** Builds the full key string from a tier and a random part (checks the random part's shape). */
export function formatApiKey(tier: Tier, random: string): ParsedApiKey {
  if (!(TIERS as readonly string[]).includes(tier))
    throw new RangeError(`unknown tier ${String(tier)}`);
  if (random.length < MIN_RANDOM_LENGTH || !isBase62(random)) {
    throw new RangeError(`the random part must be at least ${MIN_RANDOM_LENGTH} base62 characters`);
  }
  const value = `${KEY_PREFIX}${tier}_${random}${checkCharsOf(random)}`;
  return { value, tier, random, keyPrefix: keyPrefixOf(tier, random) };
}

/** A new key of `tier` with a CSPRNG random part (rejection sampling: no modulo bias). */
export function generateApiKey(
  tier: Tier,
  pick: (max: number) => number = randomInt,
): ParsedApiKey {
  let random = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) random += BASE62_ALPHABET[pick(BASE62_ALPHABET.length)];
  return formatApiKey(tier, random);
}

/**
 * Parses a presented key; null when it is malformed (wrong shape, unknown tier, too short, too
 * long, or a check that does not match). Pure and cheap: no I/O.
 */
export function parseApiKey(raw: string): ParsedApiKey | null {
  if (raw.length > MAX_KEY_LENGTH) return null;
  const m = KEY_RE.exec(raw);
  if (!m) return null;
  const tier = m[1] as Tier;
  const body = m[2];
  if (body.length < MIN_RANDOM_LENGTH + CHECK_LENGTH) return null;
  const random = body.slice(0, -CHECK_LENGTH);
  if (body.slice(-CHECK_LENGTH) !== checkCharsOf(random)) return null;
  return { value: raw, tier, random, keyPrefix: keyPrefixOf(tier, random) };
}

/** True when `s` looks like a key prefix as `keys list` shows it (`gtad_live_AbC123`). */
export function isKeyPrefix(s: string): boolean {
  return new RegExp(`^gtad_(sandbox|live|gateway|admin)_[0-9A-Za-z]{${PREFIX_RANDOM_CHARS}}$`).test(
    s,
  );
}
