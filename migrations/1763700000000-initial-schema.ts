import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The whole directory schema. Names are compared through `*_key` columns in the "C" collation
 * so that ordering is the same on every PostgreSQL whatever its locale (decisions.md).
 */
export class InitialSchema1763700000000 implements MigrationInterface {
  name = 'InitialSchema1763700000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE EXTENSION IF NOT EXISTS cube`);
    await q.query(`CREATE EXTENSION IF NOT EXISTS earthdistance`);

    await q.query(`
      CREATE TABLE specialties (
        id smallint PRIMARY KEY,
        name text NOT NULL UNIQUE,
        name_key text COLLATE "C" NOT NULL UNIQUE
      )`);
    await q.query(`
      CREATE TABLE languages (
        id smallint PRIMARY KEY,
        name text NOT NULL UNIQUE,
        name_key text COLLATE "C" NOT NULL UNIQUE
      )`);

    await q.query(`
      CREATE TABLE clinics (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        name_key text COLLATE "C" GENERATED ALWAYS AS (lower(name)) STORED,
        street_address text NOT NULL,
        city text NOT NULL,
        neighbourhood text,
        postal_code text NOT NULL,
        lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
        lng double precision NOT NULL CHECK (lng BETWEEN -180 AND 180),
        phone text NOT NULL,
        website text,
        type text NOT NULL CHECK (type IN ('family-practice', 'walk-in', 'specialist-clinic',
          'community-health-centre', 'hospital-outpatient', 'virtual-care')),
        hours jsonb NOT NULL,
        weekday_hours text NOT NULL,
        evening boolean NOT NULL,
        weekend boolean NOT NULL,
        wheelchair boolean NOT NULL,
        virtual_visits boolean NOT NULL,
        near_ttc boolean NOT NULL,
        accepting_new_patients boolean NOT NULL,
        availability_checked_at timestamptz,
        notes text,
        links jsonb NOT NULL DEFAULT '[]'::jsonb,
        source text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX clinics_name_idx ON clinics (name_key, id)`);
    await q.query(`CREATE INDEX clinics_earth_idx ON clinics USING gist (ll_to_earth(lat, lng))`);
    await q.query(
      `CREATE INDEX clinics_accepting_name_idx ON clinics (accepting_new_patients, name_key, id)`,
    );

    await q.query(`
      CREATE TABLE doctors (
        id uuid PRIMARY KEY,
        cpso_number text NOT NULL UNIQUE,
        name text NOT NULL,
        name_key text COLLATE "C" GENERATED ALWAYS AS (lower(name)) STORED,
        gender text NOT NULL CHECK (gender IN ('male', 'female', 'non-binary')),
        practice_start_year smallint NOT NULL CHECK (practice_start_year BETWEEN 1940 AND 2100),
        specialty_ids smallint[] NOT NULL DEFAULT '{}',
        language_ids smallint[] NOT NULL DEFAULT '{}',
        referral_required boolean NOT NULL,
        booking_phone text NOT NULL,
        booking_online text,
        referral_only boolean NOT NULL,
        source text NOT NULL,
        synced_at timestamptz NOT NULL,
        expired_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE doctor_clinics (
        doctor_id uuid NOT NULL REFERENCES doctors (id) ON DELETE CASCADE,
        clinic_id uuid NOT NULL REFERENCES clinics (id) ON DELETE CASCADE,
        is_primary boolean NOT NULL DEFAULT false,
        PRIMARY KEY (doctor_id, clinic_id)
      )`);
    await q.query(
      `CREATE UNIQUE INDEX doctor_clinics_one_primary_idx ON doctor_clinics (doctor_id) WHERE is_primary`,
    );
    await q.query(
      `CREATE INDEX doctor_clinics_clinic_idx ON doctor_clinics (clinic_id, doctor_id)`,
    );

    await q.query(`
      CREATE TABLE specialist_offerings (
        clinic_id uuid NOT NULL REFERENCES clinics (id) ON DELETE CASCADE,
        specialty_id smallint NOT NULL REFERENCES specialties (id),
        wait_weeks smallint NOT NULL CHECK (wait_weeks >= 0),
        PRIMARY KEY (clinic_id, specialty_id)
      )`);
    await q.query(
      `CREATE INDEX specialist_offerings_order_idx ON specialist_offerings (specialty_id, wait_weeks, clinic_id)`,
    );

    await q.query(`
      CREATE TABLE reviews (
        id uuid PRIMARY KEY,
        doctor_id uuid REFERENCES doctors (id) ON DELETE CASCADE,
        clinic_id uuid REFERENCES clinics (id) ON DELETE CASCADE,
        rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
        punctuality smallint CHECK (punctuality BETWEEN 1 AND 5),
        helpfulness smallint CHECK (helpfulness BETWEEN 1 AND 5),
        knowledge smallint CHECK (knowledge BETWEEN 1 AND 5),
        staff smallint CHECK (staff BETWEEN 1 AND 5),
        author text NOT NULL,
        text text NOT NULL,
        review_date date NOT NULL,
        source_url text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((doctor_id IS NULL) <> (clinic_id IS NULL))
      )`);
    await q.query(
      `CREATE INDEX reviews_doctor_idx ON reviews (doctor_id, review_date DESC, id DESC) WHERE doctor_id IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX reviews_clinic_idx ON reviews (clinic_id, review_date DESC, id DESC) WHERE clinic_id IS NOT NULL`,
    );

    await q.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY,
        key_hash bytea NOT NULL UNIQUE,
        key_prefix text NOT NULL,
        tier text NOT NULL CHECK (tier IN ('sandbox', 'live', 'gateway', 'admin')),
        label text,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz,
        replaced_by uuid REFERENCES api_keys (id)
      )`);
    await q.query(`CREATE INDEX api_keys_prefix_idx ON api_keys (key_prefix)`);

    // Read model of the doctor lists: one row per practising doctor with the flags of the
    // primary clinic, so that every filter and ordering of /doctors runs on this one table's
    // indexes. Refreshed by the command that replaces the directory data.
    await q.query(`
      CREATE MATERIALIZED VIEW doctor_search AS
      SELECT d.id AS doctor_id, d.cpso_number, d.name_key, d.gender, d.practice_start_year,
             d.specialty_ids, d.language_ids, c.id AS clinic_id,
             c.accepting_new_patients AS accepting, c.evening, c.weekend, c.wheelchair,
             c.virtual_visits, c.near_ttc, c.availability_checked_at
        FROM doctors d
        JOIN doctor_clinics dc ON dc.doctor_id = d.id AND dc.is_primary
        JOIN clinics c ON c.id = dc.clinic_id
       WHERE d.expired_at IS NULL`);
    await q.query(`CREATE UNIQUE INDEX doctor_search_pk ON doctor_search (doctor_id)`);
    await q.query(
      `CREATE UNIQUE INDEX doctor_search_name_idx ON doctor_search (name_key, cpso_number)`,
    );
    await q.query(`CREATE INDEX doctor_search_cpso_idx ON doctor_search (cpso_number)`);
    await q.query(
      `CREATE INDEX doctor_search_name_trgm_idx ON doctor_search USING gin (name_key gin_trgm_ops)`,
    );
    await q.query(
      `CREATE INDEX doctor_search_specialties_idx ON doctor_search USING gin (specialty_ids)`,
    );
    await q.query(
      `CREATE INDEX doctor_search_languages_idx ON doctor_search USING gin (language_ids)`,
    );
    await q.query(
      `CREATE INDEX doctor_search_accepting_idx ON doctor_search (accepting, name_key, cpso_number)`,
    );
    await q.query(
      `CREATE INDEX doctor_search_gender_idx ON doctor_search (gender, name_key, cpso_number)`,
    );
    await q.query(
      `CREATE INDEX doctor_search_start_year_idx ON doctor_search (practice_start_year)`,
    );
    await q.query(`CREATE INDEX doctor_search_clinic_idx ON doctor_search (clinic_id)`);

    // Read model of "the doctors practising at a clinic": one row per (clinic, practising doctor),
    // used by the clinic and specialist filters on doctors ("one doctor satisfies all of them").
    await q.query(`
      CREATE MATERIALIZED VIEW clinic_doctor_search AS
      SELECT dc.clinic_id, d.id AS doctor_id, d.gender, d.practice_start_year,
             d.specialty_ids, d.language_ids
        FROM doctor_clinics dc
        JOIN doctors d ON d.id = dc.doctor_id
       WHERE d.expired_at IS NULL`);
    await q.query(
      `CREATE UNIQUE INDEX clinic_doctor_search_pk ON clinic_doctor_search (clinic_id, doctor_id)`,
    );
    await q.query(
      `CREATE INDEX clinic_doctor_search_specialties_idx ON clinic_doctor_search USING gin (specialty_ids)`,
    );
    await q.query(
      `CREATE INDEX clinic_doctor_search_languages_idx ON clinic_doctor_search USING gin (language_ids)`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP MATERIALIZED VIEW IF EXISTS clinic_doctor_search`);
    await q.query(`DROP MATERIALIZED VIEW IF EXISTS doctor_search`);
    await q.query(`DROP TABLE IF EXISTS api_keys`);
    await q.query(`DROP TABLE IF EXISTS reviews`);
    await q.query(`DROP TABLE IF EXISTS specialist_offerings`);
    await q.query(`DROP TABLE IF EXISTS doctor_clinics`);
    await q.query(`DROP TABLE IF EXISTS doctors`);
    await q.query(`DROP TABLE IF EXISTS clinics`);
    await q.query(`DROP TABLE IF EXISTS languages`);
    await q.query(`DROP TABLE IF EXISTS specialties`);
  }
}
