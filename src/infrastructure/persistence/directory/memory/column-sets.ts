import { Bits, emptyBits } from './bitset';

/** The clinic flags the lists filter on, by criterion, as doctor_search and clinic_search name them. */
export const FLAG_COLUMNS = {
  accepting: 'accepting',
  evening: 'evening',
  weekend: 'weekend',
  wheelchair: 'wheelchair',
  virtualVisits: 'virtual_visits',
  nearTTC: 'near_ttc',
} as const;
export type FlagCriterion = keyof typeof FLAG_COLUMNS;

/** clinic_search's flags: the lists' and whether the clinic has a website. */
export const CLINIC_FLAG_COLUMNS = { ...FLAG_COLUMNS, hasWebsite: 'has_website' } as const;
export type ClinicFlagCriterion = keyof typeof CLINIC_FLAG_COLUMNS;

/**
 * The criteria a list's columns answer (a list sending any other one is read from SQL): the
 * doctor's own, the flags given, the hours and statuses, the point and radius.
 */
export function answeredCriteria(flags: object): ReadonlySet<string> {
  return new Set<string>([
    'specialties',
    'languages',
    'gender',
    'minYears',
    'maxYears',
    ...Object.keys(flags),
    'openNow',
    'openAt',
    'acceptingStatuses',
    'near',
    'radiusKm',
  ]);
}

/** Whether every criterion sent is one of `answered`. */
export function answersAll(criteria: object, answered: ReadonlySet<string>): boolean {
  return Object.entries(criteria).every(([k, v]) => v === undefined || answered.has(k));
}

/**
 * The sets a loader fills, `n` rows each: one per value of a column (made on its first row),
 * and a true and a false set per flag.
 */
export class SetBuilder {
  constructor(private readonly n: number) {}

  /** The set of value `k` in `m` (empty when new). */
  of<K>(m: Map<K, Bits>, k: K): Bits {
    let b = m.get(k);
    if (!b) m.set(k, (b = emptyBits(this.n)));
    return b;
  }

  /** Each flag's set of rows where it is true, and where it is false. */
  flags<F>(flags: readonly F[]): Map<F, { yes: Bits; no: Bits }> {
    return new Map(flags.map((f) => [f, { yes: emptyBits(this.n), no: emptyBits(this.n) }]));
  }
}
