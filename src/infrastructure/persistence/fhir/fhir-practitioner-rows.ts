import { DataSource } from 'typeorm';
import { FhirPractitionerRecord } from '../../../application/fhir/fhir-records';
import { namesOf } from '../directory/criteria-sql';
import { PractitionerRow, toPractitioner } from './fhir-row.mapper';

/** A Practitioner's columns (doctors `d`, with its specialty and language names). */
export const DOCTOR_COLUMNS = `d.cpso_number, d.name, d.gender, ${namesOf('languages', 'd.language_ids')} AS languages,
  ${namesOf('specialties', 'd.specialty_ids')} AS specialties, d.expired_at IS NULL AS active, d.updated_at`;

/**
 * The Practitioners of listed doctors by id, in name order (the order of the columns in memory
 * that chose them): one statement, none for no id.
 */
export async function practitionersById(
  ds: DataSource,
  ids: readonly string[],
): Promise<FhirPractitionerRecord[]> {
  if (ids.length === 0) return [];
  const rows = await ds.query<PractitionerRow[]>(
    `SELECT ${DOCTOR_COLUMNS} FROM doctor_search ds JOIN doctors d ON d.id = ds.doctor_id
      WHERE ds.doctor_id = ANY($1::uuid[]) ORDER BY ds.name_key, ds.cpso_number`,
    [ids],
  );
  return rows.map(toPractitioner);
}

/** The Practitioners of these CPSO numbers (expired doctors included), by number. */
export async function practitionersByCpso(
  ds: DataSource,
  cpsos: readonly string[],
): Promise<FhirPractitionerRecord[]> {
  if (cpsos.length === 0) return [];
  const rows = await ds.query<PractitionerRow[]>(
    `SELECT ${DOCTOR_COLUMNS} FROM doctors d WHERE d.cpso_number = ANY($1::text[]) ORDER BY d.cpso_number`,
    [cpsos],
  );
  return rows.map(toPractitioner);
}
