import { PoolClient } from 'pg';
import { QueryRunner } from 'typeorm';
import {
  ApplyCounts,
  DirectoryImportSession,
  ImportOptions,
  Rejection,
} from '../../../application/directory-data/directory-import.ports';
import { DirectoryRecord } from '../../../domain/directory/interchange';
import { applyUpserts } from './apply-upserts';
import { closeChangeLog, openChangeLog } from './change-log';
import {
  addNames,
  setDeclaredAliases,
  countNewNames,
  knownNames,
  resolveNameIds,
} from './catalogue-names';
import {
  DUPLICATE_RULES,
  FOREIGN_ID_RULES,
  REFERENCE_RULES,
  unknownNameRules,
} from './check-rules';
import { IMPORT_TIMEOUT_MS, ImportSql, importSql } from './import-sql';
import { ImportStaging } from './import-staging';
import { analyzeDirectory, refreshReadModels } from './read-model-refresh';
import { applyRules, readRejections } from './reject-rule';
import { expireAbsentDoctors, removeAbsentRecords } from './snapshot-expiry';

/** The seed's advisory lock: an import and a seed never run at once. */
const SEED_LOCK_KEY = 0x67746164;

/**
 * One import, in one transaction on one connection: the steps in their order. Records are staged
 * as they stream in; `finish` runs the checks (named rules, check-rules.ts), reports what they
 * refused, upserts the rest and, when the import is applied, refreshes the read models and
 * commits; otherwise it rolls everything back (dry run, strict with refusals).
 */
export class PgImportSession extends DirectoryImportSession {
  private readonly sql: ImportSql;
  private readonly staging: ImportStaging;
  private done = false;

  constructor(
    private readonly runner: QueryRunner,
    client: PoolClient,
    private readonly opts: ImportOptions,
    /** Change-log rows older than this many days go at the import's end (CHANGES_RETENTION_DAYS). */
    private readonly changesRetentionDays: number,
  ) {
    super();
    this.sql = importSql(client);
    this.staging = new ImportStaging(client, this.sql);
  }

  async open(): Promise<void> {
    await this.sql('BEGIN');
    await this.sql(`SET LOCAL statement_timeout = ${IMPORT_TIMEOUT_MS}`);
    await this.sql(`SET LOCAL lock_timeout = '120s'`);
    await this.sql('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    await this.staging.createTables();
  }

  stage(line: number, record: DirectoryRecord): Promise<void> {
    return this.staging.stage(line, record);
  }

  async finish(
    opts: ImportOptions & { readonly apply: (referenceRejections: number) => boolean },
    reject: (r: Rejection) => void,
  ): Promise<ApplyCounts & { applied: boolean }> {
    const sql = this.sql;
    try {
      // 1. Staging: the last batches, then indexes and statistics for the checks.
      await this.staging.complete();
      // 2. Checks, in this order (a line keeps its first reason).
      await applyRules(sql, DUPLICATE_RULES);
      await applyRules(sql, FOREIGN_ID_RULES);
      const newNames = await countNewNames(sql);
      await addNames(sql, opts.addNames);
      await setDeclaredAliases(sql);
      await applyRules(sql, unknownNameRules(await knownNames(sql)));
      await resolveNameIds(sql);
      await applyRules(sql, REFERENCE_RULES);
      const rejections = await readRejections(sql);
      rejections.forEach(reject);
      // 3. Apply: upserts, then the snapshot's expiry and removals, each logged in the change
      // log of the import's version (rolled back below unless applied).
      await openChangeLog(sql, opts.source);
      const written = await applyUpserts(sql, newNames);
      const expired = opts.snapshot ? await expireAbsentDoctors(sql, opts.source) : 0;
      const removed = opts.snapshot ? await removeAbsentRecords(sql, opts.source) : 0;
      const counts = { ...written, expired, removed };
      // 4. Close the version, refresh and commit, or roll back.
      const applied = opts.apply(rejections.length);
      const changed = counts.inserted + counts.updated + counts.expired + counts.removed > 0;
      if (applied) {
        await closeChangeLog(sql, changed, this.changesRetentionDays);
        if (changed) await refreshReadModels(sql, this.opts.source);
        await sql('COMMIT');
        if (changed) await analyzeDirectory(sql);
      } else {
        await sql('ROLLBACK');
      }
      return { ...counts, rejected: rejections.length, applied };
    } catch (e) {
      await sql('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      this.done = true;
      await this.runner.release();
    }
  }

  async abort(): Promise<void> {
    if (this.done) return;
    this.done = true;
    await this.sql('ROLLBACK').catch(() => undefined);
    await this.runner.release();
  }
}
