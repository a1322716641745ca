import { Bits, setBit } from './bitset';
import { FLAG_COLUMNS, FlagCriterion } from './column-sets';

/** A row of doctor_search as the columns read it (a full load, and a change applied in place). */
export interface DoctorRow {
  doctor_id: string;
  clinic_id: string;
  name_key: string;
  cpso_number: string;
  gender: string | null;
  practice_start_year: number | null;
  sp: string | null;
  la: string | null;
  accepting: boolean | null;
  evening: boolean | null;
  weekend: boolean | null;
  wheelchair: boolean | null;
  virtual_visits: boolean | null;
  near_ttc: boolean | null;
}

/** doctor_search's columns of a DoctorRow (alias `s`). */
export const DOCTOR_ROW_COLUMNS = `s.doctor_id, s.clinic_id, s.name_key, s.cpso_number, s.gender, s.practice_start_year,
       array_to_string(s.specialty_ids, ',') AS sp, array_to_string(s.language_ids, ',') AS la,
       s.accepting, s.evening, s.weekend, s.wheelchair, s.virtual_visits, s.near_ttc`;

const FLAGS = Object.entries(FLAG_COLUMNS) as [FlagCriterion, keyof DoctorRow][];

/** The sets a row's values go into (the loader's, being built, or a loaded copy's). */
export interface DoctorRowSets {
  /** The set of value `k` of `m` (made, empty, when new). */
  of<K>(m: Map<K, Bits>, k: K): Bits;
  /** The sets a row that started practising in `year` belongs to. */
  startedIn(year: number): readonly Bits[];
  readonly specialties: Map<number, Bits>;
  readonly languages: Map<number, Bits>;
  readonly genders: Map<string, Bits>;
  readonly statuses: Map<string, Bits>;
  readonly flags: ReadonlyMap<FlagCriterion, { readonly yes: Bits; readonly no: Bits }>;
}

/**
 * Row `i`'s filter values, set in `t` (the one reading of a doctor_search row into the sets):
 * its start year, specialties, languages, gender, its primary clinic's graded `status`, and each
 * flag (a null flag in neither of its sets).
 */
export function setDoctorRowBits(t: DoctorRowSets, i: number, r: DoctorRow, status: string): void {
  const set = (b: Bits) => setBit(b, i);
  if (r.practice_start_year !== null) for (const b of t.startedIn(r.practice_start_year)) set(b);
  if (r.sp) for (const s of r.sp.split(',')) set(t.of(t.specialties, Number(s)));
  if (r.la) for (const l of r.la.split(',')) set(t.of(t.languages, Number(l)));
  if (r.gender !== null) set(t.of(t.genders, r.gender));
  set(t.of(t.statuses, status));
  for (const [f, col] of FLAGS) {
    const v = r[col];
    if (v !== null) set(v ? t.flags.get(f)!.yes : t.flags.get(f)!.no);
  }
}
