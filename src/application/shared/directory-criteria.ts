import { DoctorCriteria, Gender } from '../../domain/directory/criteria';
import { parseAcceptingStatusList } from '../../domain/clinics/accepting-status';
import { InvalidParamError } from '../../domain/shared/domain-error';

/** The directory filters as any interface receives them (REST query, MCP tool arguments). */
export interface DirectoryFilterInput {
  /** A list, or (MCP) a single name taken as a one-item list. */
  readonly specialties?: string | readonly string[];
  readonly specialty?: string;
  readonly languages?: string | readonly string[];
  readonly gender?: Gender;
  readonly minYears?: number;
  readonly maxYears?: number;
  readonly accepting?: boolean;
  readonly evening?: boolean;
  readonly weekend?: boolean;
  readonly wheelchair?: boolean;
  readonly virtualVisits?: boolean;
  readonly nearTTC?: boolean;
  /** Only `true` filters (false is refused: leave it out to list clinics open or not). */
  readonly openNow?: boolean;
  /** ISO 8601 date-time; checked against the clock by ListMomentsResolver. */
  readonly openAt?: string;
  /** Comma-separated graded statuses. */
  readonly acceptingStatus?: string;
}

/** The filters as domain criteria: `specialties` wins over `specialty`; years must be a range. */
export function directoryCriteria(q: DirectoryFilterInput): DoctorCriteria {
  if (q.minYears !== undefined && q.maxYears !== undefined && q.minYears > q.maxYears) {
    throw new InvalidParamError('minYears must not be greater than maxYears.');
  }
  if (q.openNow === false)
    throw new InvalidParamError(
      'openNow only takes true (open at the time of the request); leave it out to list clinics open or not.',
    );
  if (q.openNow && q.openAt !== undefined)
    throw new InvalidParamError('openNow and openAt cannot be combined: send one of them.');
  const single = q.specialty?.trim();
  const statuses =
    q.acceptingStatus === undefined ? undefined : parseAcceptingStatusList(q.acceptingStatus);
  // `accepting` alone is exactly the v1 boolean (the database keeps them equal): read it as
  // accepting=true, which every list indexes and totals from its facet counts.
  const onlyAccepting =
    statuses?.length === 1 && statuses[0] === 'accepting' && q.accepting !== false;
  const list = (v: string | readonly string[] | undefined) => (typeof v === 'string' ? [v] : v);
  return {
    specialties: list(q.specialties) ?? (single ? [single] : undefined),
    languages: list(q.languages),
    gender: q.gender,
    minYears: q.minYears,
    maxYears: q.maxYears,
    accepting: onlyAccepting ? true : q.accepting,
    evening: q.evening,
    weekend: q.weekend,
    wheelchair: q.wheelchair,
    virtualVisits: q.virtualVisits,
    nearTTC: q.nearTTC,
    openNow: q.openNow,
    openAt: q.openAt,
    acceptingStatuses: onlyAccepting ? undefined : statuses,
  };
}
