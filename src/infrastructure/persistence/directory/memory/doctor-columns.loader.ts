import { Bits, emptyBits, setBit } from './bitset';
import { ClinicHours, ClinicHoursRow, ExceptionRow } from './clinic-hours';
import { DoctorColumns, FLAG_COLUMNS, FlagCriterion } from './doctor-columns';
import { NameGrams } from './name-grams';

/** Rows read per statement (by keyset on the name index), so the load's memory stays flat. */
const BATCH = 50_000;

interface ClinicRow {
  id: string;
  week: string | null;
  holiday: string | null;
  accepting_status: string;
  x: number | null;
  y: number | null;
  z: number | null;
}

interface DoctorRow {
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

const FLAGS = Object.entries(FLAG_COLUMNS) as [FlagCriterion, keyof DoctorRow][];

function idWords(uuid: string): [number, number, number, number] {
  const hex = uuid.replace(/-/g, '');
  return [0, 8, 16, 24].map((a) => parseInt(hex.slice(a, a + 8), 16)) as [
    number,
    number,
    number,
    number,
  ];
}

/** Runs one read statement (the directory's read source). */
export type ReadQuery = <T>(sql: string, params?: unknown[]) => Promise<T>;

/**
 * Reads doctor_search, its rows' primary clinics (hours, graded status, point) and the dated
 * exceptions into a DoctorColumns: the clinics first, then the doctors in name order by keyset,
 * 50,000 at a time, so the load's memory stays flat. The statements are separate reads: a load
 * that straddles a change of the directory is thrown away by its owner when the change's
 * notification arrives (DoctorMemoryIndex), and one whose reads disagree fails.
 */
export async function loadDoctorColumns(query: ReadQuery): Promise<DoctorColumns> {
  return read({ query });
}

async function read(q: { query: ReadQuery }): Promise<DoctorColumns> {
  const clinics = await q.query<ClinicRow[]>(
    `SELECT c.id, c.week_minutes::text AS week, c.holiday_minutes::text AS holiday, c.accepting_status,
            cube_ll_coord(cs.earth, 1) AS x, cube_ll_coord(cs.earth, 2) AS y, cube_ll_coord(cs.earth, 3) AS z
       FROM clinics c LEFT JOIN clinic_search cs ON cs.clinic_id = c.id
      WHERE c.id IN (SELECT clinic_id FROM doctor_search)`,
  );
  const clinicIndex = new Map<string, number>();
  clinics.forEach((c, i) => clinicIndex.set(c.id, i));
  const exceptions = (
    await q.query<{ clinic_id: string; date: string; minutes: string }[]>(
      `SELECT clinic_id, date::text AS date, minutes::text AS minutes FROM clinic_hours_exceptions`,
    )
  )
    .filter((e) => clinicIndex.has(e.clinic_id))
    .map((e): ExceptionRow => ({ clinic: clinicIndex.get(e.clinic_id)!, ...e }));
  const hours = new ClinicHours(
    clinics.length,
    clinics.map((c): ClinicHoursRow => ({ week: c.week, holiday: c.holiday })),
    exceptions,
  );
  const cx = new Float64Array(clinics.length);
  const cy = new Float64Array(clinics.length);
  const cz = new Float64Array(clinics.length);
  const clinicGeo = new Uint8Array(clinics.length);
  clinics.forEach((c, i) => {
    if (c.x === null) return;
    clinicGeo[i] = 1;
    cx[i] = c.x;
    cy[i] = c.y!;
    cz[i] = c.z!;
  });

  const [{ n }] = await q.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM doctor_search`);
  const ids = new Uint32Array(4 * n);
  const nameStart = new Int32Array(n + 1);
  const cpsoStart = new Int32Array(n + 1);
  const names: string[] = [];
  const cpsos: string[] = [];
  const clinic = new Int32Array(n);
  const byYear = new Map<number, Bits>();
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const z = new Float64Array(n);
  const geo = emptyBits(n);
  const bitsOf = <K>(m: Map<K, Bits>, k: K) => {
    let b = m.get(k);
    if (!b) m.set(k, (b = emptyBits(n)));
    return b;
  };
  const specialties = new Map<number, Bits>();
  const languages = new Map<number, Bits>();
  const genders = new Map<string, Bits>();
  const statuses = new Map<string, Bits>();
  const flags = new Map(FLAGS.map(([f]) => [f, { yes: emptyBits(n), no: emptyBits(n) }]));
  let i = 0;
  let nameLength = 0;
  let cpsoLength = 0;
  let after: [string, string] | undefined;
  for (;;) {
    const rows = await q.query<DoctorRow[]>(
      `SELECT s.doctor_id, s.clinic_id, s.name_key, s.cpso_number, s.gender, s.practice_start_year,
              array_to_string(s.specialty_ids, ',') AS sp, array_to_string(s.language_ids, ',') AS la,
              s.accepting, s.evening, s.weekend, s.wheelchair, s.virtual_visits, s.near_ttc
         FROM doctor_search s
        ${after ? 'WHERE (s.name_key, s.cpso_number) > ($1, $2)' : ''}
        ORDER BY s.name_key, s.cpso_number LIMIT ${BATCH}`,
      after ?? [],
    );
    for (const r of rows) {
      if (i >= n) throw new Error('doctor_search changed while read');
      ids.set(idWords(r.doctor_id), 4 * i);
      names.push(r.name_key);
      cpsos.push(r.cpso_number);
      nameLength += r.name_key.length;
      cpsoLength += r.cpso_number.length;
      nameStart[i + 1] = nameLength;
      cpsoStart[i + 1] = cpsoLength;
      const c = clinicIndex.get(r.clinic_id) ?? -1;
      if (c < 0) throw new Error('a doctor_search row without its clinic');
      clinic[i] = c;
      if (r.practice_start_year !== null) setBit(bitsOf(byYear, r.practice_start_year), i);
      if (clinicGeo[c]) {
        setBit(geo, i);
        x[i] = cx[c];
        y[i] = cy[c];
        z[i] = cz[c];
      }
      if (r.sp) for (const s of r.sp.split(',')) setBit(bitsOf(specialties, Number(s)), i);
      if (r.la) for (const l of r.la.split(',')) setBit(bitsOf(languages, Number(l)), i);
      if (r.gender !== null) setBit(bitsOf(genders, r.gender), i);
      setBit(bitsOf(statuses, clinics[c].accepting_status), i);
      for (const [f, col] of FLAGS) {
        const v = r[col];
        if (v !== null) setBit(v ? flags.get(f)!.yes : flags.get(f)!.no, i);
      }
      i++;
    }
    if (rows.length < BATCH) break;
    const last = rows[rows.length - 1];
    after = [last.name_key, last.cpso_number];
  }
  if (i !== n) throw new Error('doctor_search changed while read');
  // Per start year, the rows that started in it or before (a range is then two set operations).
  const years = Int32Array.from([...byYear.keys()].sort((a, b) => a - b));
  const startedBy: Bits[] = [];
  years.forEach((year, j) => {
    const b = j === 0 ? emptyBits(n) : startedBy[j - 1].slice();
    const own = byYear.get(year)!;
    for (let w = 0; w < b.length; w++) b[w] |= own[w];
    startedBy.push(b);
  });
  const nameText = names.join('');
  names.length = 0;
  const grams = await NameGrams.build({ n, names: nameText, nameStart });
  const columns = new DoctorColumns({
    n,
    ids,
    names: nameText,
    nameStart,
    cpsos: cpsos.join(''),
    cpsoStart,
    clinic,
    years,
    startedBy,
    x,
    y,
    z,
    geo,
    specialties,
    languages,
    genders,
    statuses,
    flags,
    hours,
    grams,
  });
  columns.indexCpsos();
  return columns;
}
