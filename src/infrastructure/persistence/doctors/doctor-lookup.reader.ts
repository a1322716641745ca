import { DataSource } from 'typeorm';
import { OpenMoment } from '../../../domain/directory/criteria';
import { DoctorRecord } from '../../../domain/doctors/doctor';
import { ReferenceIds } from '../directory/reference-ids';
import { SqlParams } from '../directory/sql-params';
import { DOCTOR_COLUMNS, openNowSql } from './doctor-read.sql';
import { DoctorRow, toDoctorRecord } from './doctor-row.mapper';

/**
 * Many practising doctors by CPSO number in one statement (issue 34, item 4): the numbers as an
 * array with their positions (WITH ORDINALITY), each found on doctor_search's CPSO index, so
 * the rows come back in the order asked. A named prepared statement (no page, no pattern).
 */
const lookupSql = (open: {
  column: string;
  join: string;
}) => `SELECT ${DOCTOR_COLUMNS}, ${open.column}
       FROM unnest($1::text[]) WITH ORDINALITY AS a(cpso_number, ord)
       JOIN doctor_search s ON s.cpso_number = a.cpso_number
       JOIN doctors d ON d.id = s.doctor_id
       JOIN clinics c ON c.id = s.clinic_id
       ${open.join}
      ORDER BY a.ord`;

export class DoctorLookupReader {
  constructor(
    private readonly ds: DataSource,
    private readonly refs: ReferenceIds,
  ) {}

  /** With `now`, each clinic's openNow at that moment (else null). */
  async findManyByCpso(cpsos: readonly string[], now?: OpenMoment): Promise<DoctorRecord[]> {
    if (cpsos.length === 0) return [];
    const p = new SqlParams();
    p.add(cpsos);
    const sql = lookupSql(openNowSql(now, p));
    const [rows, names] = await Promise.all([
      this.ds.query<DoctorRow[]>(sql, p.values),
      this.refs.names(),
    ]);
    return rows.map((r) => toDoctorRecord(r, names));
  }
}
