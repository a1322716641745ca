import fc from 'fast-check';

/**
 * Hostile values for the fuzz suites (sync-hostile.test.ts): percent-encoded NUL, invalid and
 * overlong UTF-8, 5,000-character values, 40-digit, negative, NaN and out-of-range numbers, and
 * valid tokens (cursors, page tokens) altered as careless or hostile clients alter them.
 */
export const HOSTILE = [
  '%00',
  'a%00b',
  '%e2%28%a1', // invalid UTF-8
  '%c0%af', // overlong "/"
  '%c0%80', // overlong NUL
  '%ed%a0%80', // a surrogate in UTF-8
  '%ff%fe',
  '%',
  '%G1',
  '%0d%0aX-Injected:%201',
  "'%20OR%201%3D1--",
  '%F0%9F%98%80',
  '..%2f..%2fetc%2fpasswd',
  '',
];
export const NUMBERS = [
  '-1',
  '0',
  '1',
  '1000',
  '1001',
  '-0',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '9007199254740993',
  '9'.repeat(40),
  '1' + '0'.repeat(39),
  '-' + '9'.repeat(40),
];
export const long = fc.constantFrom('x', '9', '%00', 'é').map((c) => c.repeat(5000));
/** A valid token altered as a careless or hostile client would. */
export const altered = (token: string) =>
  fc
    .tuple(
      fc.constantFrom('flip', 'truncate', 'append', 'double', 'nul', 'upper', 'json', 'space'),
      fc.nat(),
    )
    .map(([how, i]) => {
      const at = i % Math.max(1, token.length);
      if (how === 'flip')
        return token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
      if (how === 'truncate') return token.slice(0, at);
      if (how === 'append') return `${token}${'A'.repeat(1 + (i % 3))}`;
      if (how === 'double') return token + token;
      if (how === 'nul') return `${token.slice(0, at)}%00${token.slice(at)}`;
      if (how === 'upper') return token.toUpperCase();
      if (how === 'space') return `%20${token}`;
      // Well-formed base64url of JSON that is not ours.
      return Buffer.from(JSON.stringify([1, 'doctors', 'x', -i, ['\u0000', 1e308]])).toString(
        'base64url',
      );
    });
export const token = (tokens: () => string[]) =>
  fc.oneof(
    fc.constantFrom(...HOSTILE),
    fc.constantFrom(...NUMBERS),
    long,
    fc.constant(null).chain(() => fc.constantFrom(...tokens())),
    fc.constant(null).chain(() => fc.constantFrom(...tokens()).chain(altered)),
  );
export const number = fc.oneof(fc.constantFrom(...NUMBERS), fc.constantFrom(...HOSTILE), long);

/** `name=value`, sometimes sent twice, or once with a second, different value. */
export const param = (name: string, v: fc.Arbitrary<string>) =>
  fc
    .tuple(v, fc.constantFrom('once', 'once', 'twice', 'other'), v)
    .map(([a, how, b]) =>
      how === 'once'
        ? `${name}=${a}`
        : how === 'twice'
          ? `${name}=${a}&${name}=${a}`
          : `${name}=${a}&${name}=${b}`,
    );
export const query = (...parts: fc.Arbitrary<string>[]) =>
  fc
    .tuple(...parts.map((p) => fc.option(p, { nil: undefined })))
    .map((ps) => ps.filter((p): p is string => p !== undefined).join('&'));
