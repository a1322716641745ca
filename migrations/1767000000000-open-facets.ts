import { MigrationInterface, QueryRunner } from 'typeorm';

/** The dimensions the open facets count by: the clinic's graded status and its flags. */
const DOCTOR_DIMS =
  'accepting_status, accepting, evening, weekend, wheelchair, virtual_visits, near_ttc';
const CLINIC_DIMS = `${DOCTOR_DIMS}, has_website`;

/** The stretches between consecutive edges of the clinics' ranges in `column`, over [0, end). */
function stretches(column: string, end: number): string {
  return `
    SELECT lo, hi FROM (
      SELECT b AS lo, lead(b) OVER (ORDER BY b) AS hi FROM (
        SELECT lower(r) AS b FROM clinics, unnest(${column}) AS r
        UNION SELECT upper(r) FROM clinics, unnest(${column}) AS r
        UNION SELECT 0 UNION SELECT ${end}) e) x
     WHERE hi IS NOT NULL`;
}

/**
 * Counts per moment of the week, for exact totals of openNow / openAt (issue 33, item 6) without
 * reading every clinic (docs/hours.md).
 *
 * The distinct edges of the clinics' weekly ranges cut the week into stretches in which no clinic
 * opens or closes (112 at 1,000,000 doctors: `week_stretches`); the holiday ranges cut the day
 * alike (`day_stretches`). A clinic open at a stretch's start is open throughout it. The facets
 * count the rows of a read model (`doctor_search`, `clinic_search`) by stretch and by the clinic's
 * status and flags, in four kinds:
 *
 * - 0: open in the stretch of the week, by the week's ranges (a day that is not a holiday);
 * - 1: the same, for the clinics whose holiday policy is `regular` (a holiday);
 * - 2: open in the stretch of the day, by the holiday ranges (a holiday; `closed` never is);
 * - 3: one row per status and flags over the whole week, hours known or not (a status alone).
 *
 * Clinics with unknown hours are in kind 3 only. The dated exceptions are not in the facets: a
 * total adds, for the clinics with an exception on that date, the difference the exception makes
 * (few rows, by clinic_hours_exceptions' date index).
 */
export class OpenFacets1767000000000 implements MigrationInterface {
  name = 'OpenFacets1767000000000';

  public async up(q: QueryRunner): Promise<void> {
    // Each clinic's ranges one per row, exactly indexed: a GiST index on the multiranges keeps
    // one range per clinic, from its first opening of the week to its last, which most clinics
    // with weekend hours cover whatever the minute (opening-sql.ts, openClinicsCollected).
    // Kind 0: the week's ranges; 1: the holiday ranges; 2: the week's ranges of the clinics
    // whose holiday policy is `regular`. Clinics with unknown hours are left out. Stored in the
    // order of the ranges, so the clinics open at a minute are on few pages (scattered, the
    // 88,807 open on a Saturday at 10:00 at 1,000,000 doctors took 632 ms to read cold).
    await q.query(`
      CREATE MATERIALIZED VIEW clinic_open_ranges AS
      SELECT c.id AS clinic_id, 0::smallint AS kind, r FROM clinics c, unnest(c.week_minutes) AS r
      UNION ALL
      SELECT c.id, 1::smallint, r FROM clinics c, unnest(c.holiday_minutes) AS r
       WHERE c.week_minutes IS NOT NULL
      UNION ALL
      SELECT c.id, 2::smallint, r FROM clinics c, unnest(c.week_minutes) AS r
       WHERE c.holiday_minutes IS NULL
      ORDER BY kind, r`);
    await q.query(
      `CREATE UNIQUE INDEX clinic_open_ranges_uq ON clinic_open_ranges (clinic_id, kind, r)`,
    );
    for (const kind of [0, 1, 2])
      await q.query(
        `CREATE INDEX clinic_open_ranges_${kind}_idx ON clinic_open_ranges USING gist (r) WHERE kind = ${kind}`,
      );
    await q.query(`CREATE MATERIALIZED VIEW week_stretches AS ${stretches('week_minutes', 10080)}`);
    await q.query(`CREATE UNIQUE INDEX week_stretches_uq ON week_stretches (lo)`);
    await q.query(
      `CREATE MATERIALIZED VIEW day_stretches AS ${stretches('holiday_minutes', 1440)}`,
    );
    await q.query(`CREATE UNIQUE INDEX day_stretches_uq ON day_stretches (lo)`);
    for (const [view, source, dims] of [
      ['doctor_open_facets', 'doctor_search', DOCTOR_DIMS],
      ['clinic_open_facets', 'clinic_search', CLINIC_DIMS],
    ]) {
      const pd = dims
        .split(', ')
        .map((d) => `pd.${d}`)
        .join(', ');
      // Grouped by the clinic's ranges first (a few thousand hours patterns), then spread over
      // the stretches: 8 s at 1,000,000 doctors rather than a join of every row with each.
      await q.query(`
        CREATE MATERIALIZED VIEW ${view} AS
        WITH pd AS (
          SELECT c.week_minutes, c.holiday_minutes, c.accepting_status, ${dims
            .split(', ')
            .slice(1)
            .map((d) => `r.${d}`)
            .join(', ')}, count(*)::int AS n
            FROM ${source} r JOIN clinics c ON c.id = r.clinic_id
           GROUP BY c.week_minutes, c.holiday_minutes, c.accepting_status, ${dims
             .split(', ')
             .slice(1)
             .map((d) => `r.${d}`)
             .join(', ')})
        SELECT 0::smallint AS kind, st.lo, st.hi, ${pd}, sum(pd.n)::int AS n
          FROM pd JOIN week_stretches st ON pd.week_minutes @> st.lo
         GROUP BY st.lo, st.hi, ${pd}
        UNION ALL
        SELECT 1::smallint, st.lo, st.hi, ${pd}, sum(pd.n)::int
          FROM pd JOIN week_stretches st ON pd.week_minutes @> st.lo
         WHERE pd.holiday_minutes IS NULL
         GROUP BY st.lo, st.hi, ${pd}
        UNION ALL
        SELECT 2::smallint, st.lo, st.hi, ${pd}, sum(pd.n)::int
          FROM pd JOIN day_stretches st ON pd.holiday_minutes @> st.lo
         WHERE pd.week_minutes IS NOT NULL
         GROUP BY st.lo, st.hi, ${pd}
        UNION ALL
        SELECT 3::smallint, 0, 10080, ${pd}, sum(pd.n)::int
          FROM pd
         GROUP BY ${pd}`);
      await q.query(`CREATE UNIQUE INDEX ${view}_uq ON ${view} (kind, lo, ${dims})`);
    }
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const view of [
      'clinic_open_facets',
      'doctor_open_facets',
      'day_stretches',
      'week_stretches',
      'clinic_open_ranges',
    ])
      await q.query(`DROP MATERIALIZED VIEW IF EXISTS ${view}`);
  }
}
