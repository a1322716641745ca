import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Opening hours, holidays and graded accepting status (issue 33; design in docs/hours.md).
 *
 * - `clinics.hours` may be null: the clinic's hours are unknown (openNow is then null).
 * - `clinics.week_minutes` (generated): the week's openings as minutes of the week, Monday 00:00
 *   = 0 … 10079, as an int4multirange; null when the hours are unknown. Open at minute w of the
 *   week is `week_minutes @> w`, which a GiST index answers.
 * - `clinics.holiday_policy` and `holiday_ranges`: what the clinic does on Ontario's public
 *   holidays (`closed`, the default; `regular`; or `hours`, these ranges), and
 *   `holiday_minutes` (generated): `{}` when closed, the ranges as minutes of the day, or null
 *   for `regular` (the week applies).
 * - `clinics.accepting_status`: the graded status (Plan-Net's codes); the v1 boolean
 *   `accepting_new_patients` is true exactly when it is `accepting` (a CHECK keeps them equal).
 *   `availability_checked_at` is the date it was checked (acceptingCheckedAt).
 * - `clinic_hours_exceptions`: dated closures (`ranges` null) or special hours, with `minutes`
 *   (generated) as minutes of that day.
 *
 * The hours are stored as given (the demo's one `{open, close}` or null a day, or an import's
 * list of ranges a day); the SQL functions below read both forms.
 */
export class ClinicHoursStatus1766900000000 implements MigrationInterface {
  name = 'ClinicHoursStatus1766900000000';

  async up(q: QueryRunner): Promise<void> {
    // 'HH:MM' as minutes of the day; '24:00' is 1440.
    await q.query(`
      CREATE FUNCTION hhmm_minutes(t text) RETURNS int
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        RETURN split_part(t, ':', 1)::int * 60 + split_part(t, ':', 2)::int`);
    // One {open, close} as minutes of the day shifted by \`shift\`; an empty range when \`r\` is null.
    await q.query(`
      CREATE FUNCTION hours_range_minutes(r jsonb, shift int) RETURNS int4range
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        RETURN int4range(coalesce(shift + hhmm_minutes(r->>'open'), 0),
                         coalesce(shift + hhmm_minutes(r->>'close'), 0))`);
    // A day's ranges (a list of {open, close}, one {open, close}, or null) as minutes of the day,
    // shifted by \`shift\` minutes. A list holds at most 6 ranges (the interchange schema's
    // maxItems, MAX_RANGES_PER_DAY of weekly-hours.ts), read by position: one expression without
    // a FROM, so PostgreSQL inlines these functions into the generated columns. A body that read
    // the list with jsonb_array_elements ran as a function call per day and row: at 1,000,000
    // doctors, 266,667 clinics' week_minutes took 19.5 s to generate instead of 3.0 s (0.7 s
    // without the column), the same values for the demo's and the import's forms.
    await q.query(`
      CREATE FUNCTION hours_day_minutes(day jsonb, shift int) RETURNS int4multirange
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        RETURN CASE jsonb_typeof(day)
                 WHEN 'object' THEN int4multirange(hours_range_minutes(day, shift))
                 WHEN 'array' THEN int4multirange(
                   hours_range_minutes(day->0, shift), hours_range_minutes(day->1, shift),
                   hours_range_minutes(day->2, shift), hours_range_minutes(day->3, shift),
                   hours_range_minutes(day->4, shift), hours_range_minutes(day->5, shift))
                 ELSE '{}'::int4multirange END`);
    await q.query(`
      CREATE FUNCTION hours_week_minutes(h jsonb) RETURNS int4multirange
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        RETURN CASE WHEN h IS NULL OR jsonb_typeof(h) <> 'object' THEN NULL
               ELSE hours_day_minutes(h->'mon', 0) + hours_day_minutes(h->'tue', 1440)
                  + hours_day_minutes(h->'wed', 2880) + hours_day_minutes(h->'thu', 4320)
                  + hours_day_minutes(h->'fri', 5760) + hours_day_minutes(h->'sat', 7200)
                  + hours_day_minutes(h->'sun', 8640) END`);

    // Open at a Toronto date's minute of the day \`m\` and minute of the week \`w\`: the clinic's
    // exception for that date (its minutes), else on a public holiday the holiday policy's minutes
    // (null for 'regular'), else the week's. Null when the hours are unknown. Lists use it for the
    // openNow / openAt filters and for each item's openNow, so the two cannot disagree; the
    // domain's isOpenAt says the same (a property test compares them).
    await q.query(`
      CREATE FUNCTION clinic_open_at(week int4multirange, holiday int4multirange,
                                     exception int4multirange, is_holiday boolean, m int, w int)
        RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
        RETURN CASE WHEN week IS NULL THEN NULL
                    WHEN exception IS NOT NULL THEN exception @> m
                    WHEN is_holiday AND holiday IS NOT NULL THEN holiday @> m
                    ELSE week @> w END`);
    await q.query(`ALTER TABLE clinics ALTER COLUMN hours DROP NOT NULL`);
    await q.query(`
      ALTER TABLE clinics
        ADD COLUMN week_minutes int4multirange GENERATED ALWAYS AS (hours_week_minutes(hours)) STORED,
        ADD COLUMN holiday_policy text NOT NULL DEFAULT 'closed'
          CHECK (holiday_policy IN ('closed', 'regular', 'hours')),
        ADD COLUMN holiday_ranges jsonb,
        ADD COLUMN holiday_minutes int4multirange GENERATED ALWAYS AS (
          CASE holiday_policy WHEN 'closed' THEN '{}'::int4multirange
                              WHEN 'hours' THEN hours_day_minutes(holiday_ranges, 0) END) STORED,
        ADD COLUMN accepting_status text,
        ADD CONSTRAINT clinics_holiday_ranges_check
          CHECK ((holiday_policy = 'hours') = (holiday_ranges IS NOT NULL))`);
    await q.query(`
      UPDATE clinics SET accepting_status =
        CASE WHEN accepting_new_patients THEN 'accepting' ELSE 'not-accepting' END`);
    await q.query(`
      ALTER TABLE clinics
        ALTER COLUMN accepting_status SET NOT NULL,
        ADD CONSTRAINT clinics_accepting_status_check CHECK (accepting_status IN
          ('accepting', 'existing-patients-only', 'existing-patients-family', 'not-accepting',
           'unknown')),
        ADD CONSTRAINT clinics_accepting_status_boolean_check
          CHECK (accepting_new_patients = (accepting_status = 'accepting'))`);
    // Open at a minute of the week, when the time filter is the selective one (Sunday night).
    await q.query(`CREATE INDEX clinics_week_minutes_idx ON clinics USING gist (week_minutes)`);
    await q.query(
      `CREATE INDEX clinics_accepting_status_idx ON clinics (accepting_status, name_key, id)`,
    );

    await q.query(`
      CREATE TABLE clinic_hours_exceptions (
        clinic_id uuid NOT NULL REFERENCES clinics (id) ON DELETE CASCADE,
        date date NOT NULL,
        ranges jsonb,
        reason text,
        minutes int4multirange GENERATED ALWAYS AS (
          CASE WHEN ranges IS NULL THEN '{}'::int4multirange
               ELSE hours_day_minutes(ranges, 0) END) STORED,
        PRIMARY KEY (clinic_id, date)
      )`);
    // The clinics with an exception on a date (a filter at a date reads only those).
    await q.query(
      `CREATE INDEX clinic_hours_exceptions_date_idx ON clinic_hours_exceptions (date, clinic_id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE clinic_hours_exceptions`);
    await q.query(`
      ALTER TABLE clinics
        DROP COLUMN week_minutes, DROP COLUMN holiday_minutes, DROP COLUMN holiday_ranges,
        DROP COLUMN holiday_policy, DROP COLUMN accepting_status`);
    await q.query(`UPDATE clinics SET hours = '{}'::jsonb WHERE hours IS NULL`);
    await q.query(`ALTER TABLE clinics ALTER COLUMN hours SET NOT NULL`);
    await q.query(
      `DROP FUNCTION clinic_open_at(int4multirange, int4multirange, int4multirange, boolean, int, int)`,
    );
    await q.query(`DROP FUNCTION hours_week_minutes(jsonb)`);
    await q.query(`DROP FUNCTION hours_day_minutes(jsonb, int)`);
    await q.query(`DROP FUNCTION hours_range_minutes(jsonb, int)`);
    await q.query(`DROP FUNCTION hhmm_minutes(text)`);
  }
}
