import { InvalidParamError } from '../../domain/shared/domain-error';
import { FhirType, SORTS, SUMMARIES, TOTALS } from './fhir-search-params';

export type Query = Record<string, string | string[] | undefined>;

/** What a search's handling decided before its criteria are read (issue 51, item 5). */
export interface SearchHandling {
  /** The query without what lenient handling ignored. */
  readonly query: Query;
  readonly summary?: (typeof SUMMARIES)[number];
  readonly totalMode?: (typeof TOTALS)[number];
  /** What was ignored, and why, for the Bundle's OperationOutcome. */
  readonly ignored: string[];
}

/**
 * FHIR's search handling: a parameter outside `allowed`, or a value of `_summary`, `_total` or
 * `_sort` this view does not serve, is a 400 naming it, or, with `lenient` (the client sent
 * `Prefer: handling=lenient`), ignored and listed.
 */
export function searchHandling(
  type: FhirType,
  query: Query,
  allowed: ReadonlySet<string>,
  lenient: boolean,
): SearchHandling {
  const unsupported = Object.keys(query).filter((k) => !allowed.has(k));
  const ignored: string[] = [];
  if (unsupported.length && !lenient)
    throw new InvalidParamError(
      `Unsupported search parameter${unsupported.length > 1 ? 's' : ''} for ${type}: ${unsupported.join(', ')}. ` +
        `Supported: ${[...allowed].join(', ')}. Send Prefer: handling=lenient to have unsupported parameters ignored (and listed in the Bundle).`,
    );
  if (unsupported.length) {
    ignored.push(...unsupported.map((k) => `${k} (not supported for ${type})`));
    query = Object.fromEntries(Object.entries(query).filter(([k]) => allowed.has(k)));
  }
  /** A result parameter's value among `values`, else 400 (strict) or ignored (lenient). */
  const choice = <T extends string>(k: string, values: readonly T[]): T | undefined => {
    const v = query[k];
    if (v === undefined) return undefined;
    if (Array.isArray(v)) throw new InvalidParamError(`${k} may be sent once.`);
    if ((values as readonly string[]).includes(v)) return v as T;
    if (!lenient)
      throw new InvalidParamError(
        `${k}=${JSON.stringify(v.slice(0, 40))} is not supported for ${type}: it takes ${values.join(', ')}.`,
      );
    ignored.push(`${k}=${v.slice(0, 40)} (it takes ${values.join(', ')})`);
    return undefined;
  };
  const summary = choice('_summary', SUMMARIES);
  const totalMode = choice('_total', TOTALS);
  choice('_sort', SORTS[type]);
  return { query, summary, totalMode, ignored };
}
