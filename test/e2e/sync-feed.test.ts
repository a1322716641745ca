import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { seedDemoData } from '../../src/infrastructure/seed/demo-data.seeder';
import { runImportCommand } from '../../src/interface/cli/commands/directory-data.command';
import { authHeaders } from '../support/auth';
import { call, HttpResult } from '../support/http';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * Keeping a copy in sync (issue 34, items 1, 2 and 7): a client takes the bulk snapshot, then
 * follows the change feed through imports (inserts, updates, a snapshot import that expires
 * doctors and removes a review, an offering and a clinic) and after each holds exactly the
 * directory the API serves, compared record by record with a fresh snapshot and with the lists.
 * Also: 304 on the manifest and the files, 410 for an old version's files and for a cursor from
 * before a seed, 403 for the sandbox, 400 for altered cursors, gzip, and dataVersion in lists.
 */
const SOURCE = 'partner-registry-2026';
const FIXTURES = join(__dirname, '..', 'fixtures', 'import');
const quiet = { stdin: new PassThrough(), stderr: new PassThrough() };

type Rec = Record<string, unknown> & { type: string };
// The manifest as answered: tests assert on its shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Manifest = Record<string, any>;
type Copy = Map<string, Rec>;

/** The interchange key of a record or of a change's key, as one string. */
function keyOf(type: string, r: Record<string, unknown>): string {
  if (type === 'doctor') return `doctor:${r.cpsoNumber as string}`;
  if (type === 'offering') {
    const c = r.clinic as { source: string; sourceId: string };
    return `offering:${c.source}/${c.sourceId}/${(r.specialty as string).toLowerCase()}`;
  }
  return `${type}:${r.source as string}/${r.sourceId as string}`;
}

describe('bulk snapshot and change feed (e2e)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let live: Record<string, string>;
  let sandbox: Record<string, string>;
  const dir = mkdtempSync(join(tmpdir(), 'gtad-sync-'));
  const get = (path: string, headers: Record<string, string> = {}) =>
    call(t.app, 'GET', path, { ...live, ...headers });
  const good = () =>
    readFileSync(join(FIXTURES, 'good.ndjson'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Rec);
  const importRecords = async (name: string, records: Rec[], ...flags: string[]) => {
    const path = join(dir, name);
    writeFileSync(path, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const s = await runImportCommand([path, '--source', SOURCE, ...flags], db.dataSource, quiet);
    expect(s.rejected).toBe(0);
    return s;
  };

  /** A file of the manifest, as served (and checked against its count). */
  async function file(url: string, headers: Record<string, string> = {}): Promise<HttpResult> {
    const r = await get(url.replace(/^(https?:\/\/[^/]+)?\/api\/v1/, ''), headers);
    return r;
  }

  /** Takes the bulk snapshot: the manifest and every file, into a copy. */
  async function takeSnapshot(): Promise<{ manifest: Manifest; copy: Copy }> {
    const m = await get('/bulk');
    expect(m.status).toBe(200);
    const copy: Copy = new Map();
    for (const out of m.body.output as { type: string; url: string; count: number }[]) {
      const r = await file(out.url);
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const lines = r.text === '' ? [] : r.text.trimEnd().split('\n');
      expect(lines.length).toBe(out.count);
      for (const line of lines) {
        const rec = JSON.parse(line) as Rec;
        expect(rec.type).toBe(out.type);
        copy.set(keyOf(rec.type, rec), rec);
      }
    }
    return { manifest: m.body, copy };
  }

  /** Follows the feed from `since` until hasMore is false, `limit` at a time; the new cursor. */
  async function follow(copy: Copy, since: string, limit: number): Promise<string> {
    let cursor = since;
    for (let pages = 0; pages < 1000; pages++) {
      const r = await get(`/changes?since=${cursor}&limit=${limit}`);
      expect(r.status).toBe(200);
      expect(r.body.count).toBe(r.body.changes.length);
      expect(r.body.changes.length).toBeLessThanOrEqual(limit);
      for (const c of r.body.changes as { type: string; op: string; key: Rec; record?: Rec }[]) {
        const k = keyOf(c.type, c.key);
        if (c.op === 'upsert') {
          expect(keyOf(c.type, c.record!)).toBe(k);
          copy.set(k, c.record!);
        } else {
          expect(c.record).toBeUndefined();
          copy.delete(k);
        }
      }
      cursor = r.body.next;
      if (!r.body.hasMore) return cursor;
    }
    throw new Error('the feed never ended');
  }

  /** The copy equals a fresh snapshot record by record, and the doctors the lists serve. */
  async function expectCopyCurrent(copy: Copy): Promise<void> {
    const fresh = await takeSnapshot();
    expect([...copy.keys()].sort()).toEqual([...fresh.copy.keys()].sort());
    for (const [k, rec] of fresh.copy) expect(copy.get(k)).toEqual(rec);
    const listed: string[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await get(`/doctors?limit=100&offset=${offset}`);
      listed.push(...(page.body.doctors as { cpsoNumber: string }[]).map((d) => d.cpsoNumber));
      if (offset + 100 >= page.body.total) break;
    }
    const copied = [...copy.values()].filter((r) => r.type === 'doctor').map((r) => r.cpsoNumber);
    expect([...copied].sort()).toEqual([...listed].sort());
  }

  beforeAll(async () => {
    db = await createTestDatabase('sync_feed');
    await seedDemoData(db.dataSource, { doctors: 40, seed: 11 });
    t = await createTestApp(db);
    live = await authHeaders(t, 'live');
    sandbox = await authHeaders(t, 'sandbox');
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  let copy: Copy;
  let cursor: string;
  let firstManifest: Manifest;

  it('the manifest describes the current version; its files hold what the lists serve', async () => {
    const s = await takeSnapshot();
    firstManifest = s.manifest;
    copy = s.copy;
    cursor = s.manifest.changesCursor;
    expect(s.manifest).toMatchObject({
      request: expect.stringMatching(/\/api\/v1\/bulk$/),
      requiresAccessToken: true,
      deleted: [],
      error: [],
    });
    expect(new Date(s.manifest.transactionTime).toISOString()).toBe(s.manifest.transactionTime);
    expect(s.manifest.output.map((o: { type: string }) => o.type)).toEqual([
      'clinic',
      'doctor',
      'offering',
      'review',
    ]);
    const v = s.manifest.dataVersion as string;
    expect(s.manifest.output[1].url).toMatch(new RegExp(`/api/v1/bulk/${v}/doctors\\.ndjson$`));
    expect(s.manifest.output[1].count).toBe(40);
    const [{ n }] = await db.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM reviews`,
    );
    expect(s.manifest.output[3].count).toBe(n);
    await expectCopyCurrent(copy);
    // Without since: the current version's cursor, no changes.
    const start = await get('/changes');
    expect(start.body).toEqual({
      changes: [],
      count: 0,
      next: cursor,
      hasMore: false,
      dataVersion: v,
      transactionTime: s.manifest.transactionTime,
    });
    // The lists name the same version.
    expect((await get('/doctors?limit=1')).body.dataVersion).toBe(v);
    expect((await get('/clinics?limit=1')).body.dataVersion).toBe(v);
  });

  it('the same version gives the same bytes every time; gzip when accepted; 304 to If-None-Match', async () => {
    const url = firstManifest.output[3].url as string;
    const a = await file(url);
    const b = await file(url);
    expect(b.text).toBe(a.text);
    const z = await t.app.inject({
      method: 'GET',
      url: url.replace(/^https?:\/\/[^/]+/, ''),
      headers: { ...live, 'accept-encoding': 'gzip, deflate' },
    });
    expect(z.statusCode).toBe(200);
    expect(z.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(z.rawPayload).toString()).toBe(a.text);
    const again = await file(url, { 'If-None-Match': a.headers.etag as string });
    expect(again.status).toBe(304);
    const m = await get('/bulk');
    expect(m.headers.etag).toBe(`"${firstManifest.dataVersion}"`);
    expect((await get('/bulk', { 'If-None-Match': m.headers.etag as string })).status).toBe(304);
  });

  it('refuses the sandbox key (403), altered cursors (400) and unknown files (404)', async () => {
    for (const path of [
      '/bulk',
      firstManifest.output[0].url,
      '/changes',
      `/changes?since=${cursor}`,
    ]) {
      const r = await call(
        t.app,
        'GET',
        path.replace(/^(https?:\/\/[^/]+)?\/api\/v1/, ''),
        sandbox,
      );
      expect(r.status).toBe(403);
      expect(r.body.error).toBe('forbidden');
      expect(r.body.message).toMatch(/live, gateway or admin key/);
    }
    const raw = Buffer.from(cursor, 'base64url').toString();
    const [seq, check] = raw.split('.');
    const altered = Buffer.from(`${Number(seq) + 1}.${check}`).toString('base64url');
    for (const bad of [altered, 'abc', cursor.slice(0, -2), '%00', 'x'.repeat(65)]) {
      const r = await get(`/changes?since=${bad}`);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('invalid_param');
    }
    expect((await get(`/changes?limit=-1&since=${cursor}`)).status).toBe(400);
    expect((await get(`/changes?limit=5000&since=${cursor}`)).status).toBe(200);
    const nf = await get(`/bulk/${firstManifest.dataVersion}/patients.ndjson`);
    expect(nf.status).toBe(404);
  });

  it('after an import of new records: the feed brings them, and the copy equals the directory', async () => {
    const s = await importRecords('insert.ndjson', good());
    expect(s.inserted).toBe(8);
    cursor = await follow(copy, cursor, 3);
    await expectCopyCurrent(copy);
    expect(copy.get('doctor:512345')).toMatchObject({ name: 'Anjali Raman' });
    // The old version's files are gone, with a message saying to fetch the manifest again.
    const old = await file(firstManifest.output[1].url);
    expect(old.status).toBe(410);
    expect(old.body.error).toBe('gone');
    expect(old.body.message).toMatch(/manifest/);
    // A cursor already at the end reads nothing new.
    const idle = await get(`/changes?since=${cursor}`);
    expect(idle.body).toMatchObject({ changes: [], hasMore: false, next: cursor });
  });

  it('after an update (a renamed doctor, a moved link, a new wait, an edited review): upserts', async () => {
    const records = good().map((r) => {
      if (r.type === 'doctor' && r.cpsoNumber === '498761') return { ...r, name: 'Marek J. Nowak' };
      if (r.type === 'offering') return { ...r, waitWeeks: 12 };
      if (r.type === 'review' && r.sourceId === 'RV-2')
        return { ...r, text: 'Short waits, kind staff.' };
      return r;
    });
    const s = await importRecords('update.ndjson', records);
    expect(s.updated).toBe(3);
    const before = await get(`/changes?since=${cursor}&limit=1000`);
    expect(
      (before.body.changes as { type: string; op: string; key: Rec }[]).map(
        (c) => `${c.op} ${keyOf(c.type, c.key)}`,
      ),
    ).toEqual(
      expect.arrayContaining([
        'upsert doctor:498761',
        `upsert offering:${SOURCE}/CL-1002/dermatology`,
        `upsert review:${SOURCE}/RV-2`,
      ]),
    );
    expect(before.body.changes).toHaveLength(3);
    cursor = await follow(copy, cursor, 2);
    await expectCopyCurrent(copy);
    expect(copy.get('doctor:498761')).toMatchObject({ name: 'Marek J. Nowak' });
  });

  it('after a snapshot import that expires a doctor and drops a review, an offering and a clinic: deletes', async () => {
    // A third clinic to drop, first imported on its own.
    const extra = {
      ...good().find((r) => r.sourceId === 'CL-1001')!,
      sourceId: 'CL-1003',
      name: 'Old Annex',
    };
    await importRecords('extra.ndjson', [extra]);
    const records = good().filter(
      (r) => r.cpsoNumber !== '601122' && r.sourceId !== 'RV-1' && r.type !== 'offering',
    );
    const s = await importRecords('snapshot.ndjson', records, '--snapshot');
    expect(s.expired).toBe(1);
    // RV-1, the Dermatology offering at CL-1002 and CL-1003 (no doctor, review or offering).
    expect(s.removed).toBe(3);
    const page = await get(`/changes?since=${cursor}&limit=1000`);
    const ops = (page.body.changes as { type: string; op: string; key: Rec }[]).map(
      (c) => `${c.op} ${keyOf(c.type, c.key)}`,
    );
    // The feed renders an upsert from the current tables: CL-1003's upsert, read after its
    // removal, is a delete too (its own delete follows).
    expect(ops.filter((o) => o === `delete clinic:${SOURCE}/CL-1003`)).toHaveLength(2);
    expect(ops).toEqual(
      expect.arrayContaining([
        'delete doctor:601122',
        `delete review:${SOURCE}/RV-1`,
        `delete offering:${SOURCE}/CL-1002/dermatology`,
      ]),
    );
    cursor = await follow(copy, cursor, 4);
    await expectCopyCurrent(copy);
    expect(copy.has('doctor:601122')).toBe(false);
    expect(copy.has(`review:${SOURCE}/RV-1`)).toBe(false);
    // The expired doctor is still answered by its detail, as the contract says.
    expect((await get('/doctors/601122')).body.doctor.expiredAt).not.toBeNull();
    // Importing the same file again changes nothing: no new version, no change.
    const v = (await get('/bulk')).body.dataVersion;
    await importRecords('snapshot-again.ndjson', records, '--snapshot');
    expect((await get('/bulk')).body.dataVersion).toBe(v);
    expect((await get(`/changes?since=${cursor}`)).body.changes).toEqual([]);
  });

  it('a doctor who comes back brings their reviews back; a dry run records nothing', async () => {
    const dry = await runImportCommand(
      [join(dir, 'insert.ndjson'), '--source', SOURCE, '--dry-run'],
      db.dataSource,
      quiet,
    );
    expect(dry.applied).toBe(false);
    expect((await get(`/changes?since=${cursor}`)).body.changes).toEqual([]);
    await importRecords('back.ndjson', good());
    cursor = await follow(copy, cursor, 1000);
    await expectCopyCurrent(copy);
    expect(copy.get('doctor:601122')).toBeDefined();
  });

  it('a seed reloads the directory: an older cursor is 410 gone, pointing at the bulk snapshot', async () => {
    await seedDemoData(db.dataSource, { doctors: 40, seed: 12 });
    await new Promise((r) => setTimeout(r, 200)); // the cache hears directory_changed
    const r = await get(`/changes?since=${cursor}`);
    expect(r.status).toBe(410);
    expect(r.body.error).toBe('gone');
    expect(r.body.message).toMatch(/\/api\/v1\/bulk/);
    const s = await takeSnapshot();
    const after = await follow(s.copy, s.manifest.changesCursor, 100);
    expect(after).toBe(s.manifest.changesCursor);
    await expectCopyCurrent(s.copy);
  });
});
