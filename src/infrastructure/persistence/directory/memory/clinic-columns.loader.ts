import { SetBuilder } from './column-sets';
import { Bits, emptyBits, setBit } from './bitset';
import { ClinicHours, ClinicHoursRow, ExceptionRow } from './clinic-hours';
import {
  ClinicColumns,
  CLINIC_FLAG_COLUMNS,
  ClinicFlagCriterion,
  Offerings,
} from './clinic-columns';
import { idWords } from './uuid-words';
import { CLINIC_ROW_SELECT, ClinicRow, ClinicRowSets, setClinicRowBits } from './clinic-row';
import { yieldToRequests } from './yield-to-requests';

/** Clinic rows read between yields to requests. */
const CHUNK = 50_000;

/** Runs one read statement (the directory's read source). */
export type ReadQuery = <T>(sql: string, params?: unknown[]) => Promise<T>;

/**
 * Reads clinic_search (every clinic, in (name_key, clinic_id) order: the clinic lists' order),
 * with each clinic's hours, graded status and point, and the dated exceptions, into a
 * ClinicColumns; its `index` maps a clinic's id to its position, for the doctors' rows and the
 * doctors' clinics (clinic_doctor_search, read by `loadDoctorClinics` once the doctors are).
 */
export async function loadClinicColumns(q: {
  query: ReadQuery;
}): Promise<{ columns: ClinicColumns; index: Map<string, number> }> {
  const rows = await q.query<ClinicRow[]>(
    `${CLINIC_ROW_SELECT}
      ORDER BY cs.name_key, cs.clinic_id`,
  );
  const n = rows.length;
  const index = new Map<string, number>();
  rows.forEach((c, i) => index.set(c.id, i));
  await yieldToRequests();
  const exceptions = (
    await q.query<{ clinic_id: string; date: string; minutes: string }[]>(
      `SELECT clinic_id, date::text AS date, minutes::text AS minutes FROM clinic_hours_exceptions`,
    )
  )
    .filter((e) => index.has(e.clinic_id))
    .map((e): ExceptionRow => ({ clinic: index.get(e.clinic_id)!, ...e }));
  const hours = new ClinicHours(
    n,
    rows.map((c): ClinicHoursRow => ({ week: c.week, holiday: c.holiday })),
    exceptions,
  );
  await yieldToRequests();
  const ids = new Uint32Array(4 * n);
  const nameStart = new Int32Array(n + 1);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const z = new Float64Array(n);
  const geo = emptyBits(n);
  const sets = new SetBuilder(n);
  const bitsOf = <K>(m: Map<K, Bits>, k: K) => sets.of(m, k);
  const specialties = new Map<number, Bits>();
  const languages = new Map<number, Bits>();
  const statuses = new Map<string, Bits>();
  const flags = sets.flags(Object.keys(CLINIC_FLAG_COLUMNS) as ClinicFlagCriterion[]);
  const rowSets: ClinicRowSets = { of: bitsOf, specialties, languages, statuses, flags };
  let length = 0;
  for (let i = 0; i < n; i++) {
    if (i > 0 && i % CHUNK === 0) await yieldToRequests();
    const r = rows[i];
    ids.set(idWords(r.id), 4 * i);
    length += r.name_key.length;
    nameStart[i + 1] = length;
    if (r.x !== null) {
      setBit(geo, i);
      x[i] = r.x;
      y[i] = r.y!;
      z[i] = r.z!;
    }
    setClinicRowBits(rowSets, i, r);
  }
  // The offerings, in the specialists' order (specialist_search_order_idx's).
  const pairs = await q.query<OfferingRow[]>(`${OFFERING_ROWS} ${OFFERING_ORDER}`);
  const offerings = buildOfferings(pairs, (id) => index.get(id) ?? -1, n);
  if (!offerings) throw new Error('specialist_search changed while read');
  await yieldToRequests();
  const columns = new ClinicColumns({
    n,
    ids,
    names: rows.map((r) => r.name_key).join(''),
    nameStart,
    x,
    y,
    z,
    geo,
    specialties,
    languages,
    statuses,
    flags,
    hours,
    offerings,
  });
  return { columns, index };
}

/** A row of specialist_search as the columns read it. */
export interface OfferingRow {
  clinic_id: string;
  specialty_id: number;
  wait_weeks: number;
}

/** specialist_search's rows in the specialists' order (specialist_search_order_idx's). */
export const OFFERING_ROWS = `SELECT clinic_id, specialty_id, wait_weeks FROM specialist_search`;
export const OFFERING_ORDER = `ORDER BY specialty_id, wait_weeks, name_key, clinic_id`;

/**
 * Per specialty, its offerings from `pairs` (in OFFERING_ORDER): the clinics' positions (by
 * `positionOf`, of `n` clinics), their waits and set; undefined when a clinic has no position.
 */
export function buildOfferings(
  pairs: readonly OfferingRow[],
  positionOf: (clinicId: string) => number,
  n: number,
): Map<number, Offerings> | undefined {
  const offerings = new Map<number, Offerings>();
  for (let at = 0; at < pairs.length;) {
    const s = pairs[at].specialty_id;
    let end = at;
    while (end < pairs.length && pairs[end].specialty_id === s) end++;
    const clinics = new Int32Array(end - at);
    const waits = new Int32Array(end - at);
    const set = emptyBits(n);
    for (let j = at; j < end; j++) {
      const c = positionOf(pairs[j].clinic_id);
      if (c < 0) return undefined;
      clinics[j - at] = c;
      waits[j - at] = pairs[j].wait_weeks;
      setBit(set, c);
    }
    offerings.set(s, { clinics, waits, set });
    at = end;
  }
  return offerings;
}

/**
 * The clinics of each doctor (clinic_doctor_search: every clinic a practising doctor practises
 * at), as positions: for doctor position d, clinics[start[d]] to clinics[start[d + 1] - 1]. Both
 * sides are numbered in SQL by the same orders the columns were read in (a change meanwhile is
 * caught by the count, or thrown away with the load when its notification arrives).
 */
export async function loadDoctorClinics(
  q: { query: ReadQuery },
  doctors: number,
  clinics: number,
): Promise<{ start: Int32Array; clinics: Int32Array }> {
  const rows = await q.query<{ d: number; c: number }[]>(
    `SELECT d.rn AS d, c.rn AS c
       FROM clinic_doctor_search cd
       JOIN (SELECT doctor_id, (row_number() OVER (ORDER BY name_key, cpso_number) - 1)::int AS rn
               FROM doctor_search) d ON d.doctor_id = cd.doctor_id
       JOIN (SELECT clinic_id, (row_number() OVER (ORDER BY name_key, clinic_id) - 1)::int AS rn
               FROM clinic_search) c ON c.clinic_id = cd.clinic_id
      ORDER BY d.rn`,
  );
  const start = new Int32Array(doctors + 1);
  const list = new Int32Array(rows.length);
  rows.forEach((r, at) => {
    if (r.d >= doctors || r.c >= clinics)
      throw new Error('clinic_doctor_search changed while read');
    start[r.d + 1]++;
    list[at] = r.c;
  });
  for (let d = 0; d < doctors; d++) start[d + 1] += start[d];
  return { start, clinics: list };
}
