import { DataSource } from 'typeorm';
import { ClinicDetailRecord } from '../../../domain/clinics/clinic';
import { CLINIC_ADDRESS_SQL, namesOf } from '../directory/criteria-sql';
import { ClinicDetailRow, toClinicDetailRecord } from './clinic-row.mapper';
import { clinicScheduleColumn } from './clinic-schedule.sql';
import { LocalDate } from '../../../domain/clinics/hours/toronto-time';

/**
 * One clinic's detail with its practising doctors, its hours, status and exceptions from
 * `fromDate` (Toronto's today) on: one statement.
 */
export class ClinicDetailReader {
  constructor(private readonly ds: DataSource) {}

  async findById(id: string, fromDate: LocalDate): Promise<ClinicDetailRecord | null> {
    const rows = await this.ds.query<ClinicDetailRow[]>(
      `SELECT c.id, c.name, ${CLINIC_ADDRESS_SQL} AS address, c.lat, c.lng, c.phone, c.accepting_new_patients,
              c.website, c.type, c.weekday_hours, c.evening, c.weekend, c.wheelchair, c.virtual_visits,
              c.near_ttc, c.notes, c.links, c.availability_checked_at, c.source,
              ${clinicScheduleColumn('c', '$2::date')},
              COALESCE((SELECT json_agg(json_build_object(
                         'name', d.name, 'gender', d.gender, 'practice_start_year', d.practice_start_year,
                         'languages', ${namesOf('languages', 'd.language_ids')},
                         'specialties', ${namesOf('specialties', 'd.specialty_ids')})
                       ORDER BY d.name_key, d.cpso_number)
                  FROM doctor_clinics dc JOIN doctors d ON d.id = dc.doctor_id
                 WHERE dc.clinic_id = c.id AND d.expired_at IS NULL), '[]'::json) AS doctors
         FROM clinics c WHERE c.id = $1`,
      [id, fromDate],
    );
    return rows[0] ? toClinicDetailRecord(rows[0]) : null;
  }
}
