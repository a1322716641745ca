import { PoolClient } from 'pg';
import {
  ClinicRecord,
  DirectoryRecord,
  DoctorRecord,
  NameRecord,
  OfferingRecord,
  ReviewRecord,
} from '../../../domain/directory/interchange';
import { CopyColumn, copyRows } from '../../database/copy-rows';
import { ImportSql } from './import-sql';
import {
  CLINIC_COLUMNS,
  DOCTOR_COLUMNS,
  NAME_COLUMNS,
  OFFERING_COLUMNS,
  REVIEW_COLUMNS,
  Staged,
} from './staging-columns';

/** Records staged per COPY: memory holds one batch of each record type. */
const BATCH = 2_000;

/**
 * The staging tables, one per record type, dropped at the end of the transaction. The id columns
 * at the end (clinic_id, doctor_id, specialty_ids, language_ids) and exceptions_changed are
 * filled by the later steps;
 * s_rejected is the report (cpso_number keeps a refused doctor from the snapshot's expiry).
 */
const STAGE_DDL = `
  CREATE TEMP TABLE s_clinics (line int, source text, source_id text, id uuid, name text,
    street_address text, city text, neighbourhood text, postal_code text, lat float8, lng float8,
    phone text, website text, type text, hours jsonb, weekday_hours text, evening boolean,
    weekend boolean, wheelchair boolean, virtual_visits boolean, near_ttc boolean,
    accepting_new_patients boolean, accepting_status text, availability_checked_at timestamptz,
    notes text, links jsonb, holiday_policy text, holiday_ranges jsonb, exceptions jsonb,
    clinic_id uuid, exceptions_changed boolean) ON COMMIT DROP;
  CREATE TEMP TABLE s_doctors (line int, source text, cpso_number text, id uuid, name text,
    gender text, practice_start_year smallint, specialties jsonb, languages jsonb, clinics jsonb,
    referral_required boolean, referral_only boolean, booking_phone text, booking_online text,
    synced_at timestamptz, expired_at timestamptz, doctor_id uuid, specialty_ids smallint[], language_ids smallint[])
    ON COMMIT DROP;
  CREATE TEMP TABLE s_offerings (line int, source text, clinic_source text, clinic_source_id text,
    specialty text, wait_weeks smallint) ON COMMIT DROP;
  CREATE TEMP TABLE s_reviews (line int, source text, source_id text, id uuid, doctor_cpso text,
    clinic_source text, clinic_source_id text, rating smallint, punctuality smallint,
    helpfulness smallint, knowledge smallint, staff smallint, author text, text text,
    review_date date, source_url text) ON COMMIT DROP;
  CREATE TEMP TABLE s_names (line int, kind text, name text, aliases jsonb) ON COMMIT DROP;
  CREATE TEMP TABLE s_rejected (line int PRIMARY KEY, key text, field text, reason text,
    cpso_number text) ON COMMIT DROP;`;

const RECORD_TYPES = ['clinic', 'doctor', 'offering', 'review', 'specialty', 'language'] as const;

/**
 * Stages records as they stream in: each type is buffered and written with COPY a batch at a
 * time, so memory stays flat whatever the file's size.
 */
export class ImportStaging {
  private readonly buffers = {
    clinic: [] as Staged<ClinicRecord>[],
    doctor: [] as Staged<DoctorRecord>[],
    offering: [] as Staged<OfferingRecord>[],
    review: [] as Staged<ReviewRecord>[],
    specialty: [] as Staged<NameRecord>[],
    language: [] as Staged<NameRecord>[],
  };

  constructor(
    private readonly client: PoolClient,
    private readonly sql: ImportSql,
  ) {}

  async createTables(): Promise<void> {
    await this.sql(STAGE_DDL);
  }

  async stage(line: number, record: DirectoryRecord): Promise<void> {
    const buffer = this.buffers[record.type] as Staged<DirectoryRecord>[];
    buffer.push({ line, r: record });
    if (buffer.length >= BATCH) await this.flush(record.type);
  }

  /** Writes what is still buffered, then indexes and analyzes the staging tables for the checks. */
  async complete(): Promise<void> {
    for (const t of RECORD_TYPES) await this.flush(t);
    await this.sql(`CREATE INDEX ON s_clinics (source, source_id)`);
    await this.sql(`CREATE INDEX ON s_doctors (cpso_number)`);
    await this.sql(`ANALYZE s_clinics, s_doctors, s_offerings, s_reviews`);
  }

  private async flush(type: DirectoryRecord['type']): Promise<void> {
    const insert = <R>(table: string, cols: CopyColumn<R>[], rows: R[]) =>
      copyRows(this.client, table, cols, rows);
    switch (type) {
      case 'clinic':
        await insert('s_clinics', CLINIC_COLUMNS, this.buffers.clinic);
        this.buffers.clinic = [];
        break;
      case 'doctor':
        await insert('s_doctors', DOCTOR_COLUMNS, this.buffers.doctor);
        this.buffers.doctor = [];
        break;
      case 'offering':
        await insert('s_offerings', OFFERING_COLUMNS, this.buffers.offering);
        this.buffers.offering = [];
        break;
      case 'review':
        await insert('s_reviews', REVIEW_COLUMNS, this.buffers.review);
        this.buffers.review = [];
        break;
      case 'specialty':
      case 'language':
        await insert('s_names', NAME_COLUMNS, this.buffers[type]);
        this.buffers[type] = [];
        break;
    }
  }
}
