import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { seedDemoData } from '../../src/infrastructure/seed/demo-data.seeder';
import { PgSyncStore } from '../../src/infrastructure/persistence/sync/pg-sync.store';
import { runImportCommand } from '../../src/interface/cli/commands/directory-data.command';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * The change log as the import writes it (issue 34): exactly the rows that changed, nothing for
 * an import that changes nothing, and the retention (CHANGES_RETENTION_DAYS) that prunes old
 * versions' changes and raises the floor, below which the feed answers gone.
 */
const SOURCE = 'partner-registry-2026';
const FIXTURES = join(__dirname, '..', 'fixtures', 'import');
const quiet = { stdin: new PassThrough(), stderr: new PassThrough() };

describe('change log (integration)', () => {
  let db: TestDatabase;
  let store: PgSyncStore;
  const dir = mkdtempSync(join(tmpdir(), 'gtad-changes-'));
  const good = () =>
    readFileSync(join(FIXTURES, 'good.ndjson'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  const importRecords = (name: string, records: object[], ...flags: string[]) => {
    const path = join(dir, name);
    writeFileSync(path, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
    return runImportCommand([path, '--source', SOURCE, ...flags], db.dataSource, quiet);
  };
  const versions = () =>
    db.dataSource.query<{ version: number; source: string; last_seq: number; floor_seq: number }[]>(
      `SELECT version::int, source, last_seq::int, floor_seq::int FROM directory_versions ORDER BY version`,
    );
  const changesOf = (version: number) =>
    db.dataSource.query<{ type: string; op: string; key: Record<string, unknown> }[]>(
      `SELECT type, op, key FROM directory_changes WHERE version = $1 ORDER BY type, key::text`,
      [version],
    );

  beforeAll(async () => {
    db = await createTestDatabase('change_log');
    await seedDemoData(db.dataSource, { doctors: 20, seed: 5 });
    store = new PgSyncStore(db.dataSource);
  });
  afterAll(async () => {
    delete process.env.CHANGES_RETENTION_DAYS;
    await db?.drop();
  });

  it('an import logs exactly the records it wrote; the same file again logs nothing', async () => {
    const before = await versions();
    expect(before.map((v) => v.source)).toEqual(['initial', 'seed']);
    await importRecords('good.ndjson', good());
    const [, , v] = await versions();
    expect(v).toMatchObject({ source: `import:${SOURCE}`, floor_seq: before[1].floor_seq });
    const rows = await changesOf(v.version);
    expect(rows.map((r) => `${r.type} ${r.op}`)).toEqual([
      'clinic upsert',
      'clinic upsert',
      'doctor upsert',
      'doctor upsert',
      'doctor upsert',
      'offering upsert',
      'review upsert',
      'review upsert',
    ]);
    expect(rows.find((r) => r.type === 'offering')!.key).toEqual({
      clinic: { source: SOURCE, sourceId: 'CL-1002' },
      specialty: 'Dermatology',
    });
    expect(v.last_seq - before[1].last_seq).toBe(8);
    // Twice: nothing changed, no version; a dry run of a change: nothing either.
    await importRecords('good-again.ndjson', good());
    const renamed = good().map((r) => (r.cpsoNumber === '512345' ? { ...r, name: 'A. Raman' } : r));
    const dry = await importRecords('dry.ndjson', renamed, '--dry-run');
    expect(dry.applied).toBe(false);
    expect(await versions()).toHaveLength(3);
    // One doctor renamed: one row.
    await importRecords('renamed.ndjson', renamed);
    const all = await versions();
    expect(all).toHaveLength(4);
    expect(await changesOf(all[3].version)).toEqual([
      { type: 'doctor', op: 'upsert', key: { cpsoNumber: '512345' } },
    ]);
  });

  it('a snapshot import logs the expired doctor, its reviews and the removed records as deletes', async () => {
    const records = good().filter((r) => r.cpsoNumber !== '512345' && r.sourceId !== 'RV-2');
    const s = await importRecords('snapshot.ndjson', records, '--snapshot');
    expect(s).toMatchObject({ expired: 1, removed: 1 });
    const v = (await versions()).at(-1)!;
    expect(
      (await changesOf(v.version)).map((r) => `${r.type} ${r.op} ${JSON.stringify(r.key)}`),
    ).toEqual([
      'doctor delete {"cpsoNumber":"512345"}',
      `review delete {"source":"${SOURCE}","sourceId":"RV-1"}`,
      `review delete {"source":"${SOURCE}","sourceId":"RV-2"}`,
    ]);
    // RV-1 (of the expired doctor) stays in the table, with its doctor; RV-2 is removed.
    const [{ n }] = await db.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM reviews WHERE source = $1`,
      [SOURCE],
    );
    expect(n).toBe(1);
  });

  it('the retention prunes the changes of old versions and raises the floor: older cursors are gone', async () => {
    const before = await versions();
    const last = before.at(-1)!;
    await db.dataSource.query(
      `UPDATE directory_versions SET committed_at = now() - interval '100 days'`,
    );
    process.env.CHANGES_RETENTION_DAYS = '90';
    await importRecords('back.ndjson', good());
    const v = (await versions()).at(-1)!;
    expect(v.floor_seq).toBe(last.last_seq);
    const [{ n, min }] = await db.dataSource.query<{ n: number; min: number }[]>(
      `SELECT count(*)::int AS n, min(seq)::int AS min FROM directory_changes`,
    );
    expect(min).toBeGreaterThan(last.last_seq);
    expect(n).toBe(v.last_seq - last.last_seq);
    expect(await store.changes(last.last_seq - 1, 100)).toBe('gone');
    expect(await store.changes(v.last_seq + 1, 100)).toBe('gone');
    const page = await store.changes(last.last_seq, 100);
    expect(page).not.toBe('gone');
    if (page === 'gone') return;
    expect(page.changes).toHaveLength(n);
    expect(page.next).toBe(v.last_seq);
    expect(page.hasMore).toBe(false);
    // The doctor who came back, and its review with it, as upserts with their records.
    expect(page.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'doctor', op: 'upsert', key: { cpsoNumber: '512345' } }),
        expect.objectContaining({
          type: 'review',
          op: 'upsert',
          key: { source: SOURCE, sourceId: 'RV-1' },
        }),
      ]),
    );
    // Paging: limit 2 gives the first two and their last position.
    const two = await store.changes(last.last_seq, 2);
    if (two === 'gone') throw new Error('gone');
    expect(two.changes).toEqual(page.changes.slice(0, 2));
    expect(two.hasMore).toBe(true);
  });
  it('pages in position order across a change of digits (9 -> 10, 99 -> 100): none skipped, none twice', async () => {
    const start = (await versions()).at(-1)!.last_seq;
    // The next changes are numbered 96, 97, ... past 100.
    await db.dataSource.query(
      `SELECT setval(pg_get_serial_sequence('directory_changes', 'seq'), 95)`,
    );
    // Every record changed: 8 changes, numbered 96 to 103.
    const renamed = good().map((r) =>
      r.type === 'clinic' || r.type === 'doctor'
        ? { ...r, name: `${r.name as string} II` }
        : r.type === 'review'
          ? { ...r, text: 'Edited.' }
          : { ...r, waitWeeks: 11 },
    );
    await importRecords('digits.ndjson', renamed);
    const v = (await versions()).at(-1)!;
    expect(v.last_seq).toBeGreaterThan(100);
    const all = await store.changes(start, 1000);
    if (all === 'gone') throw new Error('gone');
    const paged: unknown[] = [];
    let after = start;
    for (;;) {
      const page = await store.changes(after, 1);
      if (page === 'gone') throw new Error('gone');
      paged.push(...page.changes);
      after = page.next;
      if (!page.hasMore) break;
    }
    expect(paged).toEqual(all.changes);
    expect(after).toBe(v.last_seq);
  });
});
