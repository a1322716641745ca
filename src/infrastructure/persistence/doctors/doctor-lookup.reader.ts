import { DataSource } from 'typeorm';
import { DoctorRecord } from '../../../domain/doctors/doctor';
import { ReferenceIds } from '../directory/reference-ids';
import { DOCTOR_COLUMNS } from './doctor-read.sql';
import { DoctorRow, toDoctorRecord } from './doctor-row.mapper';

/**
 * Many practising doctors by CPSO number in one statement (issue 34, item 4): the numbers as an
 * array with their positions (WITH ORDINALITY), each found on doctor_search's CPSO index, so
 * the rows come back in the order asked. A named prepared statement (no page, no pattern).
 */
const LOOKUP_SQL = `SELECT ${DOCTOR_COLUMNS}
       FROM unnest($1::text[]) WITH ORDINALITY AS a(cpso_number, ord)
       JOIN doctor_search s ON s.cpso_number = a.cpso_number
       JOIN doctors d ON d.id = s.doctor_id
       JOIN clinics c ON c.id = s.clinic_id
      ORDER BY a.ord`;

export class DoctorLookupReader {
  constructor(
    private readonly ds: DataSource,
    private readonly refs: ReferenceIds,
  ) {}

  async findManyByCpso(cpsos: readonly string[]): Promise<DoctorRecord[]> {
    if (cpsos.length === 0) return [];
    const [rows, names] = await Promise.all([
      this.ds.query<DoctorRow[]>(LOOKUP_SQL, [cpsos]),
      this.refs.names(),
    ]);
    return rows.map((r) => toDoctorRecord(r, names));
  }
}
