import { InvalidParamError } from '../../domain/shared/domain-error';

/** The most keys one batch lookup takes (issue 34, item 4). */
export const MAX_BATCH_KEYS = 100;
/** A batch lookup counts as one request per this many keys against the rate limit (issue 48). */
export const KEYS_PER_REQUEST_COST = 10;

/** The most keys one batch lookup takes for a caller: the sandbox's page size, else 100. */
export interface BatchCap {
  readonly max: number;
  /** Said when the cap is the caller's tier's, not the contract's 100. */
  readonly why?: string;
}
export const CONTRACT_BATCH_CAP: BatchCap = { max: MAX_BATCH_KEYS };

/**
 * The distinct keys of a batch lookup, in the order first asked (a repeated key is answered
 * once, where it first appears), each checked by `valid`: a malformed key, or more distinct keys
 * than the caller's cap (MAX_BATCH_KEYS, the sandbox's page size for the sandbox key), is 400
 * invalid_param naming the parameter. `canonical` gives
 * the form keys are compared and looked up in.
 */
export function batchKeys(
  param: string,
  what: string,
  asked: readonly string[],
  valid: (key: string) => boolean,
  canonical: (key: string) => string = (k) => k,
  cap: BatchCap = CONTRACT_BATCH_CAP,
): string[] {
  const keys = new Set<string>();
  for (const raw of asked) {
    if (!valid(raw))
      throw new InvalidParamError(
        `${param} must be a comma-separated list of ${what}: ${JSON.stringify(raw.slice(0, 40))} is not one.`,
      );
    keys.add(canonical(raw));
  }
  if (keys.size > cap.max)
    throw new InvalidParamError(
      `${param} takes at most ${cap.max} distinct values${cap.why ? ` ${cap.why}` : ''} (${keys.size} were sent): split the lookup into several calls.`,
    );
  return [...keys];
}

/** The keys asked for that the answer does not hold, in the order asked, each once. */
export function notFoundOf(keys: readonly string[], found: ReadonlySet<string>): string[] {
  return keys.filter((k) => !found.has(k));
}
