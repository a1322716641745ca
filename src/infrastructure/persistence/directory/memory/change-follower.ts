import { DataVersion } from '../../../../application/sync/sync.ports';
import {
  buildOfferings,
  OFFERING_ORDER,
  OFFERING_ROWS,
  OfferingRow,
  ReadQuery,
} from './clinic-columns.loader';
import { Offerings } from './clinic-columns';
import { CLINIC_ROW_SELECT, ClinicRow } from './clinic-row';
import { DoctorColumns, RowChange } from './doctor-columns';
import { DOCTOR_ROW_COLUMNS, DoctorRow } from './doctor-row';

/**
 * Most change rows applied in place at once: past it a load (which reads everything once) is
 * the cheaper way, and the rows read for the changes stay few.
 */
export const MAX_CHANGES_IN_PLACE = 5_000;

/** The change types a copy follows in place (a review changes only the items kept). */
const FOLLOWED = new Set(['doctor', 'clinic', 'offering', 'review']);

/** What following the change log from a copy's version to the directory's found. */
export type Followed =
  /** The copy is as new as the directory already. */
  | { readonly kind: 'current' }
  /** The changes, read: `apply` applies them to the copy (false: one cannot be, load instead). */
  | { readonly kind: 'changes'; readonly changes: number; readonly apply: () => boolean }
  /** The copy cannot follow (a gap in the log, a seed, a new doctor or clinic...): a load. */
  | { readonly kind: 'load'; readonly reason: string };

interface ChangeRow {
  type: string;
  op: string;
  cpso: string | null;
  /** A clinic's key, or an offering's clinic's. */
  source: string | null;
  source_id: string | null;
  specialty: string | null;
}

const load = (reason: string): Followed => ({ kind: 'load', reason });

/**
 * Reads what changed between the copy's data version `from` and the directory's `to` from the
 * change log (docs/sync.md: the positions the change feed publishes) and the rows it names as
 * the read models have them now (doctors, with the doctors of the clinics changed; clinics, with
 * those the changed doctors practise or practised at; the offerings of the specialties changed),
 * so that the copy can apply them in place (DoctorColumns.applyRows, ClinicColumns.applyClinicRows)
 * instead of loading everything again (issue 49, item 1). Rows read after `to` may already be
 * newer: the copy is then at least `to` (as a load is), and a change applied twice is applied
 * the same.
 */
export async function readChanges(
  query: ReadQuery,
  m: DoctorColumns,
  from: DataVersion | undefined,
  to: DataVersion | undefined,
): Promise<Followed> {
  if (!from || !to) return load('no data version to follow from');
  if (Number(to.version) === Number(from.version)) return { kind: 'current' };
  if (Number(to.version) < Number(from.version))
    return load('the directory is older than the copy');
  // A seed (or anything that starts the log afresh) moves its floor past the copy's position.
  if (to.floorSeq > from.lastSeq) return load('a gap in the change log');
  const [other] = await query<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM directory_versions
      WHERE version > $1 AND version <= $2 AND source NOT LIKE 'import:%'`,
    [from.version, to.version],
  );
  if (other.n > 0) return load('a version not made by an import');
  const rows = await query<ChangeRow[]>(
    `SELECT type, op, key->>'cpsoNumber' AS cpso,
            coalesce(key->'clinic'->>'source', key->>'source') AS source,
            coalesce(key->'clinic'->>'sourceId', key->>'sourceId') AS source_id,
            key->>'specialty' AS specialty
       FROM directory_changes
      WHERE seq > $1 AND seq <= $2 ORDER BY seq LIMIT ${MAX_CHANGES_IN_PLACE + 1}`,
    [from.lastSeq, to.lastSeq],
  );
  if (rows.length > MAX_CHANGES_IN_PLACE) return load(`more than ${MAX_CHANGES_IN_PLACE} changes`);
  const foreign = rows.find((r) => !FOLLOWED.has(r.type));
  if (foreign) return load(`a change of type ${foreign.type}`);
  if (rows.some((r) => r.type === 'clinic' && r.op !== 'upsert')) return load('a clinic removed');
  const of = (type: string) => rows.filter((r) => r.type === type);
  const clinics = m.d.clinics;

  // The clinics changed, by id.
  const clinicKeys = of('clinic');
  const changedClinics = clinicKeys.length
    ? (
        await query<{ id: string }[]>(
          `SELECT c.id FROM clinics c
             JOIN unnest($1::text[], $2::text[]) AS k(source, source_id)
               ON c.source = k.source AND c.source_id = k.source_id`,
          [clinicKeys.map((r) => r.source), clinicKeys.map((r) => r.source_id)],
        )
      ).map((r) => r.id)
    : [];
  const changedAt = changedClinics.map((id) => clinics.positionOf(id));
  if (changedAt.some((c) => c < 0)) return load('a new clinic');

  // The doctors changed, and those whose primary clinic changed (their rows carry its flags).
  const cpsos = new Set(of('doctor').map((r) => r.cpso!));
  if (changedClinics.length)
    for (const r of await query<{ cpso_number: string }[]>(
      `SELECT cpso_number FROM doctor_search WHERE clinic_id = ANY($1::uuid[])`,
      [changedClinics],
    ))
      cpsos.add(r.cpso_number);
  const positions = new Map<string, number>();
  for (const cpso of cpsos) {
    const at = m.names.rowsOfCpso(cpso);
    if (at.length > 1) return load(`CPSO ${cpso} held twice`);
    if (at.length === 1) positions.set(cpso, at[0]);
  }
  const now = cpsos.size
    ? await query<DoctorRow[]>(
        `SELECT ${DOCTOR_ROW_COLUMNS} FROM doctor_search s WHERE s.cpso_number = ANY($1::text[])`,
        [[...cpsos]],
      )
    : [];
  const clinicsOf = new Map<string, string[]>();
  if (now.length)
    for (const r of await query<{ doctor_id: string; clinic_id: string }[]>(
      // doctor_clinics by its key (clinic_doctor_search's rows of these practising doctors).
      `SELECT doctor_id, clinic_id FROM doctor_clinics WHERE doctor_id = ANY($1::uuid[])`,
      [now.map((r) => r.doctor_id)],
    ))
      clinicsOf.set(r.doctor_id, [...(clinicsOf.get(r.doctor_id) ?? []), r.clinic_id]);
  const changes: RowChange[] = [];
  // The clinics read again: those changed, and those the changed doctors practised or practise at.
  const touched = new Set<number>(changedAt);
  const rowNow = new Map(now.map((r) => [r.cpso_number, r]));
  for (const cpso of cpsos) {
    const p = positions.get(cpso);
    const r = rowNow.get(cpso);
    if (p === undefined) {
      if (r) return load('a new doctor');
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
    if (clinic < 0 || at.some((c) => c < 0)) return load('a new clinic');
    for (const c of at) touched.add(c);
    changes.push({ position: p, now: { row: r, clinic, clinics: at } });
  }
  const ids = [...touched].map((c) => clinics.clinicId(c));
  const clinicRows = ids.length
    ? await query<ClinicRow[]>(`${CLINIC_ROW_SELECT} WHERE cs.clinic_id = ANY($1::uuid[])`, [ids])
    : [];
  const exceptions = new Map<string, { date: string; minutes: string }[]>();
  if (ids.length)
    for (const e of await query<{ clinic_id: string; date: string; minutes: string }[]>(
      `SELECT clinic_id, date::text AS date, minutes::text AS minutes
         FROM clinic_hours_exceptions WHERE clinic_id = ANY($1::uuid[])`,
      [ids],
    ))
      exceptions.set(e.clinic_id, [...(exceptions.get(e.clinic_id) ?? []), e]);
  // The offerings' languages of those clinics: their practising doctors' ids, as the specialists'
  // statement reads them.
  const offeringDoctors = ids.length
    ? (
        await query<{ clinic_id: string; sp: string | null; la: string | null }[]>(
          `SELECT cd.clinic_id, array_to_string(cd.specialty_ids, ',') AS sp,
                  array_to_string(cd.language_ids, ',') AS la
             FROM clinic_doctor_search cd JOIN doctor_search s ON s.doctor_id = cd.doctor_id
            WHERE cd.clinic_id = ANY($1::uuid[])`,
          [ids],
        )
      ).map((r) => ({
        clinic: clinics.positionOf(r.clinic_id),
        specialties: r.sp ? r.sp.split(',').map(Number) : [],
        languages: r.la ? r.la.split(',').map(Number) : [],
      }))
    : [];
  const clinicChanges = clinicRows.map((row) => ({
    position: clinics.positionOf(row.id),
    row,
    exceptions: exceptions.get(row.id) ?? [],
  }));
  if (clinicChanges.length !== touched.size) return load('a clinic removed');

  // The specialties whose offerings changed: each one's offerings read again whole.
  const offerings = new Map<number, Offerings | undefined>();
  const specialties = [...new Set(of('offering').map((r) => r.specialty!))];
  if (specialties.length) {
    const sids = (
      await query<{ id: number }[]>(`SELECT id FROM specialties WHERE name = ANY($1::text[])`, [
        specialties,
      ])
    ).map((r) => r.id);
    const pairs = await query<OfferingRow[]>(
      `${OFFERING_ROWS} WHERE specialty_id = ANY($1::int[]) ${OFFERING_ORDER}`,
      [sids],
    );
    const built = buildOfferings(pairs, (id) => clinics.positionOf(id), clinics.size);
    if (!built) return load('an offering of a new clinic');
    for (const s of sids) offerings.set(s, built.get(s));
  }
  return {
    kind: 'changes',
    changes: rows.length,
    apply: () => {
      // Checked whole first: the change is applied entirely or not at all.
      if (!clinicChanges.every((c) => clinics.canApply(c.position, c.row))) return false;
      if (!changes.every((c) => m.canApply(c))) return false;
      // The clinics first: the doctors' rows take their primary clinic's status from them.
      clinics.applyClinicRows(clinicChanges, offerings);
      return m.applyRows(changes, { clinics: touched, doctors: offeringDoctors });
    },
  };
}
