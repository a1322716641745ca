import { InvalidParamError } from '../../domain/shared/domain-error';

/** The most keys one batch lookup takes (issue 34, item 4). */
export const MAX_BATCH_KEYS = 100;

/**
 * The distinct keys of a batch lookup, in the order first asked (a repeated key is answered
 * once, where it first appears), each checked by `valid`: a malformed key, or more than
 * MAX_BATCH_KEYS distinct keys, is 400 invalid_param naming the parameter. `canonical` gives
 * the form keys are compared and looked up in.
 */
export function batchKeys(
  param: string,
  what: string,
  asked: readonly string[],
  valid: (key: string) => boolean,
  canonical: (key: string) => string = (k) => k,
): string[] {
  const keys = new Set<string>();
  for (const raw of asked) {
    if (!valid(raw))
      throw new InvalidParamError(
        `${param} must be a comma-separated list of ${what}: ${JSON.stringify(raw.slice(0, 40))} is not one.`,
      );
    keys.add(canonical(raw));
  }
  if (keys.size > MAX_BATCH_KEYS)
    throw new InvalidParamError(
      `${param} takes at most ${MAX_BATCH_KEYS} distinct values (${keys.size} were sent): split the lookup into several calls.`,
    );
  return [...keys];
}

/** The keys asked for that the answer does not hold, in the order asked, each once. */
export function notFoundOf(keys: readonly string[], found: ReadonlySet<string>): string[] {
  return keys.filter((k) => !found.has(k));
}
