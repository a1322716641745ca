import { SetBuilder } from './column-sets';
import { Bits, emptyBits, hasBit, setBit } from './bitset';
import { loadClinicColumns, loadDoctorClinics, ReadQuery } from './clinic-columns.loader';
import { idWords } from './uuid-words';
import { DoctorColumnData, DoctorColumns, FLAG_COLUMNS, FlagCriterion } from './doctor-columns';
import { NameIndex } from './name-index';
import { DOCTOR_ROW_COLUMNS, DoctorRow, DoctorRowSets, setDoctorRowBits } from './doctor-row';
import { DoctorNear } from './doctor-near';
import { OfferingLanguages } from './offering-languages';
import { yieldToRequests } from './yield-to-requests';

/** Rows read per statement (by keyset on the name index), so the load's memory stays flat. */
const BATCH = 50_000;
/** Rows processed between yields to requests. */
const YIELD_EVERY = 10_000;

export type { ReadQuery };

/**
 * Reads doctor_search, its rows' primary clinics (hours, graded status, point) and the dated
 * exceptions into a DoctorColumns: the clinics first, then the doctors in name order by keyset,
 * 50,000 at a time, so the load's memory stays flat. The statements are separate reads: a load
 * that straddles a change of the directory is thrown away by its owner when the change's
 * notification arrives (DoctorMemoryIndex), and one whose reads disagree fails.
 */
export async function loadDoctorColumns(
  query: ReadQuery,
  onProgress?: (read: number, total: number) => void,
): Promise<DoctorColumns> {
  return read({ query }, onProgress);
}

async function read(
  q: { query: ReadQuery },
  onProgress?: (read: number, total: number) => void,
): Promise<DoctorColumns> {
  const { columns: clinicColumns, index: clinicIndex } = await loadClinicColumns(q);
  const cd = clinicColumns.d;
  // Each clinic's graded status, for its doctors' rows.
  const statusOf: string[] = new Array<string>(cd.n);
  for (const [status, set] of cd.statuses)
    for (let c = 0; c < cd.n; c++) if (hasBit(set, c)) statusOf[c] = status;

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
  const sets = new SetBuilder(n);
  const bitsOf = <K>(m: Map<K, Bits>, k: K) => sets.of(m, k);
  const specialties = new Map<number, Bits>();
  const languages = new Map<number, Bits>();
  const genders = new Map<string, Bits>();
  const statuses = new Map<string, Bits>();
  const flags = sets.flags(Object.keys(FLAG_COLUMNS) as FlagCriterion[]);
  const rowSets: DoctorRowSets = {
    of: bitsOf,
    startedIn: (year) => [bitsOf(byYear, year)],
    specialties,
    languages,
    genders,
    statuses,
    flags,
  };
  let i = 0;
  let nameLength = 0;
  let cpsoLength = 0;
  let after: [string, string] | undefined;
  onProgress?.(0, n);
  for (;;) {
    const rows = await q.query<DoctorRow[]>(
      `SELECT ${DOCTOR_ROW_COLUMNS}
         FROM doctor_search s
        ${after ? 'WHERE (s.name_key, s.cpso_number) > ($1, $2)' : ''}
        ORDER BY s.name_key, s.cpso_number LIMIT ${BATCH}`,
      after ?? [],
    );
    for (const r of rows) {
      if (i >= n) throw new Error('doctor_search changed while read');
      if (i > 0 && i % YIELD_EVERY === 0) await yieldToRequests();
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
      if (hasBit(cd.geo, c)) {
        setBit(geo, i);
        x[i] = cd.x[c];
        y[i] = cd.y[c];
        z[i] = cd.z[c];
      }
      setDoctorRowBits(rowSets, i, r, statusOf[c]);
      i++;
    }
    onProgress?.(i, n);
    if (rows.length < BATCH) break;
    const last = rows[rows.length - 1];
    after = [last.name_key, last.cpso_number];
  }
  if (i !== n) throw new Error('doctor_search changed while read');
  await yieldToRequests();
  // Per start year, the rows that started in it or before (a range is then two set operations).
  const years = Int32Array.from([...byYear.keys()].sort((a, b) => a - b));
  const startedBy: Bits[] = [];
  years.forEach((year, j) => {
    const b = j === 0 ? emptyBits(n) : startedBy[j - 1].slice();
    const own = byYear.get(year)!;
    for (let w = 0; w < b.length; w++) b[w] |= own[w];
    startedBy.push(b);
  });
  await yieldToRequests();
  const doctorClinics = await loadDoctorClinics(q, n, cd.n);
  await yieldToRequests();
  const nameText = names.join('');
  names.length = 0;
  const nameIndex = await NameIndex.build({ n, names: nameText, nameStart });
  await yieldToRequests();
  const data: DoctorColumnData = {
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
    hours: cd.hours,
    clinics: clinicColumns,
    doctorClinics,
    nameIndex,
  };
  // The geometry and the offerings' languages apart, each between yields to requests.
  const near = new DoctorNear(data);
  await yieldToRequests();
  const offeringLanguages = OfferingLanguages.build(data);
  await yieldToRequests();
  const columns = new DoctorColumns(data, undefined, { near, offeringLanguages });
  await yieldToRequests();
  columns.names.indexCpsos();
  return columns;
}
