/** Collects positional parameters so that no client value is ever spliced into SQL text. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Escapes LIKE wildcards so a client's `%` or `_` matches itself. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The last code point (U+10FFFF): no text sorts after it in one position. */
const MAX_CODE_POINT = 0x10ffff;

/**
 * The least text above every text that starts with `prefix`, in byte order (collation "C",
 * which for UTF-8 is code point order): `prefix` with its last character raised by one, past
 * the surrogates that text cannot hold (trailing U+10FFFF characters dropped first). Undefined
 * when there is none (empty, or only U+10FFFF): every text from `prefix` on starts with it.
 * So `x >= prefix AND x < upper` is exactly `x LIKE prefix || '%'` on a "C" column, as a range
 * a generic plan can give its index.
 */
export function prefixUpperBound(prefix: string): string | undefined {
  const chars = [...prefix];
  while (chars.length > 0 && chars[chars.length - 1].codePointAt(0) === MAX_CODE_POINT) chars.pop();
  if (chars.length === 0) return undefined;
  let next = chars.pop()!.codePointAt(0)! + 1;
  if (next >= 0xd800 && next <= 0xdfff) next = 0xe000;
  return chars.join('') + String.fromCodePoint(next);
}
