/** Base62 alphabet of API keys: digits, then upper-case, then lower-case letters. */
export const BASE62_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const BASE62_RE = /^[0-9A-Za-z]*$/;

export function isBase62(s: string): boolean {
  return BASE62_RE.test(s);
}

/** A non-negative safe integer in base62, left-padded with '0' to `width` characters. */
export function encodeBase62(n: number, width: number): string {
  if (!Number.isSafeInteger(n) || n < 0)
    throw new RangeError(`not a non-negative safe integer: ${n}`);
  let out = '';
  let rest = n;
  do {
    out = BASE62_ALPHABET[rest % 62] + out;
    rest = Math.floor(rest / 62);
  } while (rest > 0);
  if (out.length > width) throw new RangeError(`${n} needs more than ${width} base62 characters`);
  return out.padStart(width, '0');
}
