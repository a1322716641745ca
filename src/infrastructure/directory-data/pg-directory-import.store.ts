import { PoolClient } from 'pg';
import { DataSource, QueryRunner } from 'typeorm';
import {
  ApplyCounts,
  DirectoryImportSession,
  DirectoryImportStore,
  ImportOptions,
  Rejection,
} from '../../application/directory-data/directory-import.ports';
import { DirectoryRecord } from '../../domain/directory/interchange';
import { READ_MODELS } from '../persistence/directory/read-models';
import { DIRECTORY_CHANGED_CHANNEL } from '../seed/demo-data.seeder';
import { IMPORT_TIMEOUT_MS, ImportSql, importSql } from './import/import-sql';
import { ImportStaging } from './import/import-staging';
import { addNames, countNewNames, knownNames, resolveNameIds } from './import/catalogue-names';
import {
  DUPLICATE_RULES,
  FOREIGN_ID_RULES,
  REFERENCE_RULES,
  unknownNameRules,
} from './import/check-rules';
import { applyRules, readRejections } from './import/reject-rule';

/** The seed's advisory lock: an import and a seed never run at once. */
const SEED_LOCK_KEY = 0x67746164;

/**
 * Imports in one transaction on one connection: records go into temporary staging tables in
 * batches (memory stays flat), then SQL finds duplicates, unknown names and dangling references,
 * and upserts the rest. Rows that did not change are not written (IS DISTINCT FROM), so a second
 * import of the same file reports everything unchanged. The read models are refreshed
 * CONCURRENTLY (readers are never blocked) and `directory_changed` is notified in the
 * transaction, so every instance drops its caches at the commit.
 */
export class PgDirectoryImportStore extends DirectoryImportStore {
  constructor(private readonly ds: DataSource) {
    super();
  }

  async begin(opts: ImportOptions): Promise<DirectoryImportSession> {
    const runner = this.ds.createQueryRunner();
    const client = (await runner.connect()) as PoolClient;
    const session = new PgImportSession(runner, client, opts);
    await session.open();
    return session;
  }
}

class PgImportSession extends DirectoryImportSession {
  private readonly run: ImportSql;
  private readonly staging: ImportStaging;
  /** Catalogue names the file declared that the directory did not know (added). */
  private newNames = 0;
  private done = false;

  constructor(
    private readonly runner: QueryRunner,
    client: PoolClient,
    private readonly opts: ImportOptions,
  ) {
    super();
    this.run = importSql(client);
    this.staging = new ImportStaging(client, this.run);
  }

  async open(): Promise<void> {
    await this.run('BEGIN');
    await this.run(`SET LOCAL statement_timeout = ${IMPORT_TIMEOUT_MS}`);
    await this.run(`SET LOCAL lock_timeout = '120s'`);
    await this.run('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    await this.staging.createTables();
  }

  stage(line: number, record: DirectoryRecord): Promise<void> {
    return this.staging.stage(line, record);
  }

  async finish(
    opts: ImportOptions & { readonly apply: (referenceRejections: number) => boolean },
    reject: (r: Rejection) => void,
  ): Promise<ApplyCounts & { applied: boolean }> {
    try {
      await this.staging.complete();
      await applyRules(this.run, DUPLICATE_RULES);
      await applyRules(this.run, FOREIGN_ID_RULES);
      this.newNames = await countNewNames(this.run);
      await addNames(this.run, opts.addNames);
      await applyRules(this.run, unknownNameRules(await knownNames(this.run)));
      await resolveNameIds(this.run);
      await applyRules(this.run, REFERENCE_RULES);
      const rejections = await readRejections(this.run);
      rejections.forEach(reject);
      const counts = await this.applyAll(opts);
      const applied = opts.apply(rejections.length);
      if (applied) {
        await this.refreshReadModels(counts.inserted + counts.updated + counts.expired > 0);
        await this.run('COMMIT');
        if (counts.inserted + counts.updated + counts.expired > 0)
          await this.run(`ANALYZE clinics, doctors, doctor_clinics, specialist_offerings, reviews`);
      } else {
        await this.run('ROLLBACK');
      }
      return { ...counts, rejected: rejections.length, applied };
    } catch (e) {
      await this.run('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      this.done = true;
      await this.runner.release();
    }
  }

  async abort(): Promise<void> {
    if (this.done) return;
    this.done = true;
    await this.run('ROLLBACK').catch(() => undefined);
    await this.runner.release();
  }

  private async count(
    sql: string,
    values?: unknown[],
  ): Promise<{ inserted: number; updated: number }> {
    const r = (await this.run(sql, values)).rows[0] as { inserted: string; updated: string };
    return { inserted: Number(r.inserted), updated: Number(r.updated) };
  }

  private async applyAll(opts: ImportOptions): Promise<Omit<ApplyCounts, 'rejected'>> {
    const staged = async (t: string) =>
      Number(((await this.run(`SELECT count(*) AS n FROM ${t}`)).rows[0] as { n: string }).n);
    const names = await staged('s_names');
    const total =
      names +
      (await staged('s_clinics')) +
      (await staged('s_doctors')) +
      (await staged('s_offerings')) +
      (await staged('s_reviews'));

    const clinicCols = `name, street_address, city, neighbourhood, postal_code, lat, lng, phone,
      website, type, hours, weekday_hours, evening, weekend, wheelchair, virtual_visits, near_ttc,
      accepting_new_patients, availability_checked_at, notes, links`;
    const set = (cols: string) =>
      cols
        .split(',')
        .map((c) => c.trim())
        .map((c) => `${c} = EXCLUDED.${c}`)
        .join(', ');
    const distinct = (alias: string, cols: string) =>
      `(${cols
        .split(',')
        .map((c) => `${alias}.${c.trim()}`)
        .join(', ')}) IS DISTINCT FROM (${cols
        .split(',')
        .map((c) => `EXCLUDED.${c.trim()}`)
        .join(', ')})`;
    const clinics = await this.count(`
      WITH up AS (
        INSERT INTO clinics AS c (id, source, source_id, ${clinicCols})
        SELECT COALESCE(s.id, gen_random_uuid()), s.source, s.source_id, ${clinicCols.replace(/(\w+)/g, 's.$1')}
          FROM s_clinics s
        ON CONFLICT (source, source_id) DO UPDATE SET ${set(clinicCols)}, updated_at = now()
          WHERE ${distinct('c', clinicCols)}
        RETURNING (xmax = 0) AS inserted)
      SELECT count(*) FILTER (WHERE inserted) AS inserted, count(*) FILTER (WHERE NOT inserted) AS updated FROM up`);
    await this.run(
      `UPDATE s_clinics s SET clinic_id = c.id FROM clinics c WHERE c.source = s.source AND c.source_id = s.source_id`,
    );

    const doctorCols = `name, gender, practice_start_year, specialty_ids, language_ids,
      referral_required, referral_only, booking_phone, booking_online, source, expired_at`;
    // syncedAt, when the record gives it, is compared too; otherwise the import time is written
    // only when something else changed.
    const doctors = await this.count(`
      WITH up AS (
        INSERT INTO doctors AS d (id, cpso_number, ${doctorCols}, synced_at)
        SELECT COALESCE(s.id, gen_random_uuid()), s.cpso_number, s.name, s.gender,
               s.practice_start_year, s.specialty_ids, s.language_ids, s.referral_required,
               s.referral_only, s.booking_phone, s.booking_online, s.source, s.expired_at,
               COALESCE(s.synced_at, now())
          FROM s_doctors s
        ON CONFLICT (cpso_number) DO UPDATE SET ${set(doctorCols)}, synced_at = EXCLUDED.synced_at,
               updated_at = now()
          WHERE ${distinct('d', doctorCols)}
             OR (d.synced_at IS DISTINCT FROM EXCLUDED.synced_at
                 AND (SELECT s2.synced_at FROM s_doctors s2 WHERE s2.cpso_number = d.cpso_number) IS NOT NULL)
        RETURNING d.id, (xmax = 0) AS inserted)
      SELECT count(*) FILTER (WHERE inserted) AS inserted, count(*) FILTER (WHERE NOT inserted) AS updated FROM up`);
    await this.run(
      `UPDATE s_doctors s SET doctor_id = d.id FROM doctors d WHERE d.cpso_number = s.cpso_number`,
    );
    // Practice links: replaced for the doctors whose set of clinics (or primary) changed, found by
    // comparing one sorted signature per doctor (hash joins: linear in the file).
    await this.run(`
      CREATE TEMP TABLE s_links ON COMMIT DROP AS
      SELECT s.doctor_id, c.id AS clinic_id, bool_or((r->>'primary')::boolean) AS is_primary
        FROM s_doctors s, jsonb_array_elements(s.clinics) r
        JOIN clinics c ON c.source = r->>'source' AND c.source_id = r->>'sourceId'
       GROUP BY 1, 2`);
    await this.run(`
      CREATE TEMP TABLE s_relinked ON COMMIT DROP AS
      SELECT n.doctor_id
        FROM (SELECT doctor_id, array_agg(clinic_id::text || ':' || is_primary ORDER BY clinic_id) AS sig
                FROM s_links GROUP BY doctor_id) n
        LEFT JOIN (SELECT x.doctor_id,
                          array_agg(x.clinic_id::text || ':' || x.is_primary ORDER BY x.clinic_id) AS sig
                     FROM doctor_clinics x JOIN s_doctors s ON s.doctor_id = x.doctor_id
                    GROUP BY x.doctor_id) o USING (doctor_id)
       WHERE o.sig IS DISTINCT FROM n.sig`);
    await this.run(
      `DELETE FROM doctor_clinics x USING s_relinked r WHERE x.doctor_id = r.doctor_id`,
    );
    await this.run(`
      INSERT INTO doctor_clinics (doctor_id, clinic_id, is_primary)
      SELECT l.doctor_id, l.clinic_id, l.is_primary FROM s_links l JOIN s_relinked USING (doctor_id)`);
    // Doctors written above (inserted or updated now) are counted already.
    const relinked = Number(
      (
        (
          await this.run(`
      SELECT count(*) AS n FROM s_relinked r
       WHERE NOT EXISTS (SELECT 1 FROM doctors d WHERE d.id = r.doctor_id AND d.updated_at = now())`)
        ).rows[0] as { n: string }
      ).n,
    );

    const offerings = await this.count(`
      WITH up AS (
        INSERT INTO specialist_offerings AS o (clinic_id, specialty_id, wait_weeks)
        SELECT c.id, t.id, s.wait_weeks FROM s_offerings s
          JOIN clinics c ON c.source = s.clinic_source AND c.source_id = s.clinic_source_id
          JOIN specialties t ON t.name_key = lower(s.specialty)
        ON CONFLICT (clinic_id, specialty_id) DO UPDATE SET wait_weeks = EXCLUDED.wait_weeks
          WHERE o.wait_weeks IS DISTINCT FROM EXCLUDED.wait_weeks
        RETURNING (xmax = 0) AS inserted)
      SELECT count(*) FILTER (WHERE inserted) AS inserted, count(*) FILTER (WHERE NOT inserted) AS updated FROM up`);

    const reviewCols = `doctor_id, clinic_id, rating, punctuality, helpfulness, knowledge, staff,
      author, text, review_date, source_url`;
    const reviews = await this.count(`
      WITH up AS (
        INSERT INTO reviews AS r (id, source, source_id, ${reviewCols})
        SELECT COALESCE(s.id, gen_random_uuid()), s.source, s.source_id, d.id, c.id, s.rating,
               s.punctuality, s.helpfulness, s.knowledge, s.staff, s.author, s.text,
               s.review_date, s.source_url
          FROM s_reviews s
          LEFT JOIN doctors d ON d.cpso_number = s.doctor_cpso
          LEFT JOIN clinics c ON c.source = s.clinic_source AND c.source_id = s.clinic_source_id
        ON CONFLICT (source, source_id) DO UPDATE SET ${set(reviewCols)}
          WHERE ${distinct('r', reviewCols)}
        RETURNING (xmax = 0) AS inserted)
      SELECT count(*) FILTER (WHERE inserted) AS inserted, count(*) FILTER (WHERE NOT inserted) AS updated FROM up`);

    let expired = 0;
    if (opts.snapshot) {
      // The source's doctors absent from the file (and not merely refused in it) are expired.
      const r = await this.run(
        `UPDATE doctors d SET expired_at = now(), updated_at = now()
          WHERE d.source = $1 AND d.expired_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM s_doctors s WHERE s.cpso_number = d.cpso_number)
            AND NOT EXISTS (SELECT 1 FROM s_rejected x WHERE x.cpso_number = d.cpso_number)`,
        [opts.source],
      );
      expired = r.rowCount ?? 0;
    }
    const inserted =
      this.newNames + clinics.inserted + doctors.inserted + offerings.inserted + reviews.inserted;
    const updated =
      clinics.updated + doctors.updated + relinked + offerings.updated + reviews.updated;
    return { inserted, updated, unchanged: total - inserted - updated, expired };
  }

  private async refreshReadModels(changed: boolean): Promise<void> {
    if (!changed) return;
    for (const view of READ_MODELS)
      await this.run(`REFRESH MATERIALIZED VIEW CONCURRENTLY ${view}`);
    await this.run('SELECT pg_notify($1, $2)', [
      DIRECTORY_CHANGED_CHANNEL,
      JSON.stringify({ reason: 'import', source: this.opts.source }),
    ]);
  }
}
