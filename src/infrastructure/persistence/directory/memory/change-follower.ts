import { DataVersion } from '../../../../application/sync/sync.ports';
import { ReadQuery } from './clinic-columns.loader';
import { DoctorColumns, RowChange } from './doctor-columns';
import { DOCTOR_ROW_COLUMNS, DoctorRow } from './doctor-row';

/**
 * Most change rows applied in place at once: past it a load (which reads everything once) is
 * the cheaper way, and the rows read for the changes stay few.
 */
export const MAX_CHANGES_IN_PLACE = 5_000;

/** The change types a copy follows in place; any other one (a clinic, an offering) needs a load. */
const FOLLOWED = new Set(['doctor', 'review']);

/** What following the change log from a copy's version to the directory's found. */
export type Followed =
  /** The copy is as new as the directory already. */
  | { readonly kind: 'current' }
  /** The changes, read: `apply` applies them to the copy (false: one cannot be, load instead). */
  | { readonly kind: 'changes'; readonly changes: number; readonly apply: () => boolean }
  /** The copy cannot follow (a gap in the log, a seed, a change of another kind): a load. */
  | { readonly kind: 'load'; readonly reason: string };

interface ChangeRow {
  type: string;
  op: string;
  cpso: string | null;
}

/**
 * Reads what changed between the copy's data version `from` and the directory's `to` from the
 * change log (docs/sync.md: the positions the change feed publishes) and the rows it names as
 * doctor_search and clinic_search have them now, so that the copy can apply them in place
 * (DoctorColumns.applyRows) instead of loading everything again (issue 49, item 1). Rows read
 * after `to` may already be newer: the copy is then at least `to` (as a load is), and a change
 * applied twice is applied the same.
 */
export async function readChanges(
  query: ReadQuery,
  m: DoctorColumns,
  from: DataVersion | undefined,
  to: DataVersion | undefined,
): Promise<Followed> {
  if (!from || !to) return { kind: 'load', reason: 'no data version to follow from' };
  if (Number(to.version) === Number(from.version)) return { kind: 'current' };
  if (Number(to.version) < Number(from.version))
    return { kind: 'load', reason: 'the directory is older than the copy' };
  // A seed (or anything that starts the log afresh) moves its floor past the copy's position.
  if (to.floorSeq > from.lastSeq) return { kind: 'load', reason: 'a gap in the change log' };
  const [other] = await query<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM directory_versions
      WHERE version > $1 AND version <= $2 AND source NOT LIKE 'import:%'`,
    [from.version, to.version],
  );
  if (other.n > 0) return { kind: 'load', reason: 'a version not made by an import' };
  const rows = await query<ChangeRow[]>(
    `SELECT type, op, key->>'cpsoNumber' AS cpso FROM directory_changes
      WHERE seq > $1 AND seq <= $2 ORDER BY seq LIMIT ${MAX_CHANGES_IN_PLACE + 1}`,
    [from.lastSeq, to.lastSeq],
  );
  if (rows.length > MAX_CHANGES_IN_PLACE)
    return { kind: 'load', reason: `more than ${MAX_CHANGES_IN_PLACE} changes` };
  const foreign = rows.find((r) => !FOLLOWED.has(r.type));
  if (foreign) return { kind: 'load', reason: `a change of type ${foreign.type}` };
  const cpsos = [...new Set(rows.filter((r) => r.type === 'doctor').map((r) => r.cpso!))];
  const positions = new Map<string, number>();
  for (const cpso of cpsos) {
    const at = m.names.rowsOfCpso(cpso);
    if (at.length > 1) return { kind: 'load', reason: `CPSO ${cpso} held twice` };
    if (at.length === 1) positions.set(cpso, at[0]);
  }
  const now = cpsos.length
    ? await query<DoctorRow[]>(
        `SELECT ${DOCTOR_ROW_COLUMNS} FROM doctor_search s WHERE s.cpso_number = ANY($1::text[])`,
        [cpsos],
      )
    : [];
  const clinicsOf = new Map<string, string[]>();
  if (now.length)
    for (const r of await query<{ doctor_id: string; clinic_id: string }[]>(
      `SELECT doctor_id, clinic_id FROM clinic_doctor_search WHERE doctor_id = ANY($1::uuid[])`,
      [now.map((r) => r.doctor_id)],
    ))
      clinicsOf.set(r.doctor_id, [...(clinicsOf.get(r.doctor_id) ?? []), r.clinic_id]);
  const clinics = m.d.clinics;
  const changes: RowChange[] = [];
  // The clinics whose doctors change: those they practised at and those they practise at now.
  const touched = new Set<number>();
  const rowNow = new Map(now.map((r) => [r.cpso_number, r]));
  for (const cpso of cpsos) {
    const p = positions.get(cpso);
    const r = rowNow.get(cpso);
    if (p === undefined) {
      if (r) return { kind: 'load', reason: 'a new doctor' };
      continue;
    }
    const { start, clinics: was } = m.d.doctorClinics;
    for (let k = start[p]; k < start[p + 1]; k++) touched.add(was[k]);
    if (!r) {
      changes.push({ position: p });
      continue;
    }
    const at = (clinicsOf.get(r.doctor_id) ?? []).map((id) => clinics.positionOf(id));
    const clinic = clinics.positionOf(r.clinic_id);
    if (clinic < 0 || at.some((c) => c < 0)) return { kind: 'load', reason: 'a new clinic' };
    for (const c of at) touched.add(c);
    changes.push({ position: p, now: { row: r, clinic, clinics: at } });
  }
  const clinicRows = touched.size
    ? await query<{ clinic_id: string; sp: string | null; la: string | null }[]>(
        `SELECT clinic_id, array_to_string(specialty_ids, ',') AS sp, array_to_string(language_ids, ',') AS la
           FROM clinic_search WHERE clinic_id = ANY($1::uuid[])`,
        [[...touched].map((c) => clinics.clinicId(c))],
      )
    : [];
  const clinicSets = clinicRows.map((r) => ({ ...r, position: clinics.positionOf(r.clinic_id) }));
  if (clinicSets.some((c) => c.position < 0)) return { kind: 'load', reason: 'a clinic moved' };
  return {
    kind: 'changes',
    changes: rows.length,
    apply: () => {
      if (!m.applyRows(changes)) return false;
      clinics.applyDoctorSets(clinicSets);
      return true;
    },
  };
}
