import { execFile } from 'node:child_process';
import { createWriteStream, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { openDataSource } from '../../src/infrastructure/database/data-source-options';
import { PgDirectoryExporter } from '../../src/infrastructure/directory-data/pg-directory-exporter';
import { CLI_MAIN, PROJECT_ROOT } from './paths';

const execFileP = promisify(execFile);

/**
 * How the bench fills the change log after the seed (a seed records no change: it raises the
 * feed's floor). `import`: a real `data import` of the directory's own export, every clinic and
 * doctor touched (the clinics' `availabilityCheckedAt` and the doctors' `syncedAt` set to now, as
 * a daily re-check of every record would), through the CLI, so the log is the import's own.
 * `sql`: one statement writing what that import logs for its doctors (an upsert per practising
 * doctor, in CPSO order), for when the import would take too long. `none`: no log.
 */
export type ChangeLogMode = 'import' | 'sql' | 'none';

export interface ChangeLogFacts {
  readonly mode: ChangeLogMode | 'kept';
  /** The log's first position minus one: the cursor of its start. */
  readonly floor: number;
  readonly last: number;
  readonly changes: number;
  /** The position before the first doctor change (the import logs clinics first). */
  readonly beforeFirstDoctor: number;
  readonly ms: number;
  /** The import's JSON summary, or the statement's row count. */
  readonly detail: string;
}

async function logBounds(url: string): Promise<Omit<ChangeLogFacts, 'mode' | 'ms' | 'detail'>> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    const [r] = (
      await c.query<{ lo: string | null; hi: string | null; n: string; doc: string | null }>(
        `SELECT min(seq)::text AS lo, max(seq)::text AS hi, count(*)::text AS n,
                (SELECT min(seq)::text FROM directory_changes WHERE type = 'doctor') AS doc
           FROM directory_changes`,
      )
    ).rows;
    const lo = Number(r.lo ?? 1);
    return {
      floor: lo - 1,
      last: Number(r.hi ?? 0),
      changes: Number(r.n),
      beforeFirstDoctor: Number(r.doc ?? lo) - 1,
    };
  } finally {
    await c.end();
  }
}

/** The export of the clinics and doctors (catalogues first), each record touched, as NDJSON. */
async function writeTouchedExport(url: string, file: string, now: string): Promise<number> {
  const ds = await openDataSource(url, {
    poolSize: 1,
    connectTimeoutMs: 10_000,
    statementTimeoutMs: 600_000,
  });
  const out = createWriteStream(file);
  let n = 0;
  try {
    for await (const r of new PgDirectoryExporter(ds).records()) {
      // The export yields catalogues, clinics, doctors, then offerings and reviews: stop there.
      if (r.type === 'offering' || r.type === 'review') break;
      const touched =
        r.type === 'clinic'
          ? { ...r, availabilityCheckedAt: now }
          : r.type === 'doctor'
            ? { ...r, syncedAt: now }
            : r;
      n++;
      if (!out.write(JSON.stringify(touched) + '\n')) await once(out, 'drain');
    }
  } finally {
    out.end();
    await once(out, 'close');
    await ds.destroy();
  }
  return n;
}

async function importTouched(url: string, env: NodeJS.ProcessEnv, log: (m: string) => void) {
  const file = join(tmpdir(), `gtad-bench-touched-${process.pid}.ndjson`);
  try {
    const t0 = Date.now();
    const records = await writeTouchedExport(url, file, new Date().toISOString());
    log(`  exported ${records} records (clinics and doctors touched) in ${Date.now() - t0} ms`);
    const c = new Client({ connectionString: url });
    await c.connect();
    const source = (
      await c.query<{ source: string }>(
        'SELECT source FROM doctors GROUP BY source ORDER BY count(*) DESC LIMIT 1',
      )
    ).rows[0].source;
    await c.end();
    const { stdout } = await execFileP(
      process.execPath,
      [CLI_MAIN, 'data', 'import', file, '--source', source],
      { cwd: PROJECT_ROOT, env, timeout: 3 * 3600_000, maxBuffer: 16 * 2 ** 20 },
    );
    return stdout.trim().split('\n').pop() ?? '';
  } finally {
    rmSync(file, { force: true });
  }
}

/** What the import logs for its doctors, in one statement (and its version row). */
async function writeLogBySql(url: string): Promise<string> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('BEGIN');
    const r = await c.query(
      `WITH prev AS (SELECT last_seq, floor_seq FROM directory_versions ORDER BY version DESC LIMIT 1),
            v AS (INSERT INTO directory_versions (source, last_seq, floor_seq)
                  SELECT 'import:bench', (SELECT last_seq FROM prev), (SELECT floor_seq FROM prev)
                  RETURNING version)
       INSERT INTO directory_changes (version, type, op, key)
       SELECT (SELECT version FROM v), 'doctor', 'upsert', jsonb_build_object('cpsoNumber', d.cpso_number)
         FROM doctors d WHERE d.expired_at IS NULL ORDER BY d.cpso_number`,
    );
    await c.query(
      `UPDATE directory_versions
          SET last_seq = (SELECT max(seq) FROM directory_changes), committed_at = clock_timestamp()
        WHERE version = (SELECT max(version) FROM directory_versions)`,
    );
    await c.query('COMMIT');
    return `${r.rowCount} doctor upserts`;
  } catch (e) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    await c.end();
  }
}

/**
 * Fills the change log of the database at `url` (`env`: the CLI's environment) unless it holds
 * changes already (a kept database), and returns where its positions lie.
 */
export async function ensureChangeLog(
  url: string,
  env: NodeJS.ProcessEnv,
  mode: ChangeLogMode,
  log: (m: string) => void,
): Promise<ChangeLogFacts> {
  const before = await logBounds(url);
  if (before.changes > 0 || mode === 'none')
    return { ...before, mode: before.changes > 0 ? 'kept' : 'none', ms: 0, detail: '' };
  const t0 = Date.now();
  log(
    `change log: ${mode === 'import' ? 'a data import of the touched export' : 'one statement'}…`,
  );
  const detail = mode === 'import' ? await importTouched(url, env, log) : await writeLogBySql(url);
  const ms = Date.now() - t0;
  const after = await logBounds(url);
  log(`change log: ${after.changes} changes in ${(ms / 1000).toFixed(1)} s (${detail})`);
  return { ...after, mode, ms, detail };
}
