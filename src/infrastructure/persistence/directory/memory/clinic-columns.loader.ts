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
import { yieldToRequests } from './yield-to-requests';

/** Clinic rows read between yields to requests. */
const CHUNK = 50_000;

interface ClinicRow {
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

/** Runs one read statement (the directory's read source). */
export type ReadQuery = <T>(sql: string, params?: unknown[]) => Promise<T>;

const FLAGS = Object.entries(CLINIC_FLAG_COLUMNS) as [ClinicFlagCriterion, keyof ClinicRow][];

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
    `SELECT c.id, cs.name_key, c.week_minutes::text AS week, c.holiday_minutes::text AS holiday,
            c.accepting_status,
            cube_ll_coord(cs.earth, 1) AS x, cube_ll_coord(cs.earth, 2) AS y, cube_ll_coord(cs.earth, 3) AS z,
            array_to_string(cs.specialty_ids, ',') AS sp, array_to_string(cs.language_ids, ',') AS la,
            cs.accepting, cs.evening, cs.weekend, cs.wheelchair, cs.virtual_visits, cs.near_ttc, cs.has_website
       FROM clinic_search cs JOIN clinics c ON c.id = cs.clinic_id
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
  const flags = sets.flags(FLAGS.map(([f]) => f));
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
    if (r.sp) for (const s of r.sp.split(',')) setBit(bitsOf(specialties, Number(s)), i);
    if (r.la) for (const l of r.la.split(',')) setBit(bitsOf(languages, Number(l)), i);
    setBit(bitsOf(statuses, r.accepting_status), i);
    for (const [f, col] of FLAGS) {
      const v = r[col];
      if (v !== null) setBit(v ? flags.get(f)!.yes : flags.get(f)!.no, i);
    }
  }
  // The offerings, in the specialists' order (specialist_search_order_idx's).
  const pairs = await q.query<{ clinic_id: string; specialty_id: number; wait_weeks: number }[]>(
    `SELECT clinic_id, specialty_id, wait_weeks FROM specialist_search
      ORDER BY specialty_id, wait_weeks, name_key, clinic_id`,
  );
  const offerings = new Map<number, Offerings>();
  for (let at = 0; at < pairs.length;) {
    const s = pairs[at].specialty_id;
    let end = at;
    while (end < pairs.length && pairs[end].specialty_id === s) end++;
    const clinics = new Int32Array(end - at);
    const waits = new Int32Array(end - at);
    const set = emptyBits(n);
    for (let j = at; j < end; j++) {
      const c = index.get(pairs[j].clinic_id);
      if (c === undefined) throw new Error('specialist_search changed while read');
      clinics[j - at] = c;
      waits[j - at] = pairs[j].wait_weeks;
      setBit(set, c);
    }
    offerings.set(s, { clinics, waits, set });
    at = end;
  }
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
