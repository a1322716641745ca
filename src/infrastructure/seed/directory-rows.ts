import { defaultAliases } from '../../domain/directory/catalogue-aliases';
import { PoolClient } from 'pg';
import { CopyColumn, copyRows } from '../database/copy-rows';
import { SeedableDataset } from './demo-dataset';
import {
  CLINIC_COLUMNS,
  CLINIC_HOURS_EXCEPTION_COLUMNS,
  DOCTOR_CLINIC_COLUMNS,
  DOCTOR_COLUMNS,
  OFFERING_COLUMNS,
  REVIEW_COLUMNS,
} from './directory-columns';
import { loadWithoutIndexes } from './initial-load';
import { runOn } from './seed-session';
import { Progress, step } from './seed-progress';

/** What a seed wrote, table by table. */
export interface DirectoryCounts {
  specialties: number;
  languages: number;
  clinics: number;
  /** Rows of clinic_hours_exceptions. */
  hoursExceptions: number;
  doctors: number;
  doctorClinics: number;
  offerings: number;
  reviews: number;
}

/** Children first, so that no cascade has work to do. api_keys is never touched. */
export const DIRECTORY_TABLES = [
  'clinic_hours_exceptions',
  'reviews',
  'specialist_offerings',
  'doctor_clinics',
  'doctors',
  'clinics',
  'specialties',
  'languages',
] as const;

/**
 * Tables loaded without their indexes into an empty directory (initial-load.ts): the largest,
 * which no other table references.
 */
const INITIAL_LOAD_TABLES: ReadonlySet<string> = new Set(['reviews', 'doctor_clinics', 'clinics']);
/**
 * Writes every row of `data` with COPY, table by table (parents first); into an empty directory
 * the largest tables without their indexes (initial-load.ts). Returns the rows written.
 */
export async function writeDirectoryRows(
  client: PoolClient,
  data: SeedableDataset,
  emptyDirectory: boolean,
  progress: Progress,
): Promise<DirectoryCounts> {
  const run = runOn(client);
  const insert = <R>(table: string, columns: readonly CopyColumn<R>[], rows: Iterable<R>) =>
    step(
      `insert ${table}`,
      () => {
        const counted = progress.rows(`insert ${table}`, rows);
        const load = () => copyRows(client, table, columns, counted);
        return emptyDirectory && INITIAL_LOAD_TABLES.has(table)
          ? loadWithoutIndexes(run, table, load)
          : load();
      },
      progress,
    );
  // name_key is lower(name) as PostgreSQL computes it, the same as the generated columns elsewhere.
  const catalogue = async (
    table: 'specialties' | 'languages',
    rows: { id: number; name: string }[],
  ) =>
    (
      await run(
        `INSERT INTO ${table} (id, name, name_key, aliases)
         SELECT id, name, lower(name), ARRAY(SELECT jsonb_array_elements_text(aliases))
           FROM unnest($1::smallint[], $2::text[], $3::jsonb[]) AS t(id, name, aliases)`,
        [
          rows.map((r) => r.id),
          rows.map((r) => r.name),
          rows.map((r) => JSON.stringify(defaultAliases(table, r.name))),
        ],
      )
    ).rowCount ?? 0;
  return {
    specialties: await catalogue('specialties', data.specialties),
    languages: await catalogue('languages', data.languages),
    clinics: await insert('clinics', CLINIC_COLUMNS, data.clinics),
    hoursExceptions: await insert(
      'clinic_hours_exceptions',
      CLINIC_HOURS_EXCEPTION_COLUMNS,
      data.clinicHoursExceptions,
    ),
    doctors: await insert('doctors', DOCTOR_COLUMNS, data.doctors),
    doctorClinics: await insert('doctor_clinics', DOCTOR_CLINIC_COLUMNS, data.doctorClinics),
    offerings: await insert('specialist_offerings', OFFERING_COLUMNS, data.specialistOfferings),
    reviews: await insert('reviews', REVIEW_COLUMNS, data.reviews),
  };
}
