import { Bits, setBit } from './bitset';
import { CLINIC_FLAG_COLUMNS, ClinicFlagCriterion } from './column-sets';

/** A row of clinic_search (with the clinic's hours) as the columns read it. */
export interface ClinicRow {
  id: string;
  name_key: string;
  week: string | null;
  holiday: string | null;
  accepting_status: string;
  x: number | null;
  y: number | null;
  z: number | null;
  sp: string | null;
  la: string | null;
  accepting: boolean | null;
  evening: boolean | null;
  weekend: boolean | null;
  wheelchair: boolean | null;
  virtual_visits: boolean | null;
  near_ttc: boolean | null;
  has_website: boolean | null;
}

/** The statement reading ClinicRows (a load adds its order, a change its clinics). */
export const CLINIC_ROW_SELECT = `SELECT c.id, cs.name_key, c.week_minutes::text AS week, c.holiday_minutes::text AS holiday,
            c.accepting_status,
            cube_ll_coord(cs.earth, 1) AS x, cube_ll_coord(cs.earth, 2) AS y, cube_ll_coord(cs.earth, 3) AS z,
            array_to_string(cs.specialty_ids, ',') AS sp, array_to_string(cs.language_ids, ',') AS la,
            cs.accepting, cs.evening, cs.weekend, cs.wheelchair, cs.virtual_visits, cs.near_ttc, cs.has_website
       FROM clinic_search cs JOIN clinics c ON c.id = cs.clinic_id`;

const FLAGS = Object.entries(CLINIC_FLAG_COLUMNS) as [ClinicFlagCriterion, keyof ClinicRow][];

/** The sets a clinic row's values go into (a load's, being built, or a loaded copy's). */
export interface ClinicRowSets {
  of<K>(m: Map<K, Bits>, k: K): Bits;
  readonly specialties: Map<number, Bits>;
  readonly languages: Map<number, Bits>;
  readonly statuses: Map<string, Bits>;
  readonly flags: ReadonlyMap<ClinicFlagCriterion, { readonly yes: Bits; readonly no: Bits }>;
}

/**
 * Clinic `i`'s filter values, set in `t` (the one reading of a clinic_search row into the sets):
 * its doctors' specialties and languages, its graded status and each flag (a null flag in
 * neither of its sets).
 */
export function setClinicRowBits(t: ClinicRowSets, i: number, r: ClinicRow): void {
  if (r.sp) for (const s of r.sp.split(',')) setBit(t.of(t.specialties, Number(s)), i);
  if (r.la) for (const l of r.la.split(',')) setBit(t.of(t.languages, Number(l)), i);
  setBit(t.of(t.statuses, r.accepting_status), i);
  for (const [f, col] of FLAGS) {
    const v = r[col];
    if (v !== null) setBit(v ? t.flags.get(f)!.yes : t.flags.get(f)!.no, i);
  }
}
