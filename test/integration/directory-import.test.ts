import { DoctorMemoryIndex } from '../../src/infrastructure/persistence/directory/memory/doctor-memory-index';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { seedDemoData } from '../../src/infrastructure/seed/demo-data.seeder';
import {
  runExportCommand,
  runImportCommand,
} from '../../src/interface/cli/commands/directory-data.command';
import { runDataCommand, StrictImportRefused } from '../../src/interface/cli/commands/data.command';
import { authHeaders } from '../support/auth';
import { call } from '../support/http';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * `data import` and `data export` (issue 13) on a real PostgreSQL: a hand-written file of
 * real-looking records, a file with every kind of bad record, upserts, dry run, strict,
 * snapshot, unknown names, provenance and ETags in the API.
 */
const SOURCE = 'partner-registry-2026';
const FIXTURES = join(__dirname, '..', 'fixtures', 'import');
const quiet = { stdin: new PassThrough(), stderr: new PassThrough() };

describe('data import (integration)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let auth: Record<string, string>;
  const dir = mkdtempSync(join(tmpdir(), 'gtad-import-'));
  const file = (name: string, lines?: object[]) => {
    const path = join(dir, name);
    if (lines) writeFileSync(path, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    else copyFileSync(join(FIXTURES, name), path);
    return path;
  };
  const good = () =>
    readFileSync(join(FIXTURES, 'good.ndjson'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  // The lists answer from the instance's copy of the directory, which follows an import once its
  // next copy is loaded (issue 49): the import is read back once the instance has caught up.
  const importFile = async (path: string, ...flags: string[]) => {
    const summary = await runImportCommand(
      [path, '--source', SOURCE, ...flags],
      db.dataSource,
      quiet,
    );
    await t.app.get(DoctorMemoryIndex).ready();
    return summary;
  };
  const get = (path: string) => call(t.app, 'GET', path, auth);

  beforeAll(async () => {
    db = await createTestDatabase('directory_import');
    await seedDemoData(db.dataSource, { doctors: 40, seed: 11 });
    t = await createTestApp(db);
    auth = await authHeaders(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('imports real-looking records; the API serves them with derived hours, nearTTC and provenance', async () => {
    const before = (await get('/doctors?limit=1')).body.total as number;
    let drawn = '';
    quiet.stderr.on('data', (c: Buffer) => (drawn += c.toString()));
    const s = await importFile(file('good.ndjson'));
    // Not a terminal: no progress bar.
    expect(drawn).toBe('');
    expect(s).toMatchObject({
      inserted: 8,
      updated: 0,
      unchanged: 0,
      rejected: 0,
      expired: 0,
      applied: true,
      report: null,
    });
    expect((await get('/doctors?limit=1')).body.total).toBe(before + 3);

    const d = (await get('/doctors/512345')).body.doctor;
    expect(d).toMatchObject({
      name: 'Anjali Raman',
      languages: ['English', 'Tamil'],
      source: SOURCE,
      syncedAt: '2026-11-20T15:00:00.000Z',
      bookingMethod: { phone: '(416) 555-0101' },
    });
    expect(d.reviews[0]).toMatchObject({ rating: 5, sourceUrl: 'https://reviews.example.org/r/1' });
    const c = (await get(`/clinics/${d.clinic.id}`)).body.clinic;
    expect(c).toMatchObject({
      name: 'Bloor West Family Practice',
      phone: '(416) 555-0101',
      hours: { weekday: '8:00-17:00', evening: true, weekend: true },
      accessibility: { wheelchair: true, virtualVisits: true, nearTTC: true },
      availability: { checkedAt: '2026-11-20T15:00:00.000Z', source: SOURCE },
    });
    expect(c.address).toContain('M6S 1P1');
    expect(c.doctors.map((x: { name: string }) => x.name)).toEqual(['Anjali Raman', 'Marek Nowak']);
    const derm = (await get('/specialists?specialty=Dermatology&limit=100')).body;
    expect(JSON.stringify(derm)).toContain('Finch Station Medical Centre');
  });

  it("stores texts holding COPY's own characters exactly as the file gives them", async () => {
    // Staged with COPY's text format: its delimiters, its escapes and a literal \\N are data here.
    const text = 'Line one\nline two\ttabbed \\N, C:\\path\\x \r\n\\. end 😀';
    const author = 'O\\Brien \\t';
    const s = await importFile(
      file('copy-characters.ndjson', [
        {
          type: 'review',
          source: SOURCE,
          sourceId: 'RV-COPY-1',
          doctor: '512345',
          rating: 4,
          author,
          text,
          date: '2026-02-03',
          sourceUrl: 'https://reviews.example.org/r/copy-1',
        },
      ]),
    );
    expect(s).toMatchObject({ inserted: 1, rejected: 0, applied: true });
    const stored = await db.dataSource.query<{ author: string; text: string }[]>(
      `SELECT author, text FROM reviews WHERE source = $1 AND source_id = 'RV-COPY-1'`,
      [SOURCE],
    );
    expect(stored).toEqual([{ author, text }]);
  });

  it('refuses a record holding U+0000 or a lone surrogate at its field, line by line, and applies the rest', async () => {
    const review = (sourceId: string, text: string) => ({
      type: 'review',
      source: SOURCE,
      sourceId,
      doctor: '512345',
      rating: 3,
      author: 'A. B.',
      text,
      date: '2026-02-04',
      sourceUrl: `https://reviews.example.org/r/${sourceId}`,
    });
    const s = await importFile(
      file('nul.ndjson', [
        review('RV-NUL-1', 'before\u0000after'),
        review('RV-NUL-2', 'clean'),
        { ...review('RV-NUL-3', 'clean'), author: '\u0000' },
        review('RV-NUL-4', 'half a pair \ud83d here'),
      ]),
    );
    expect(s).toMatchObject({ inserted: 1, rejected: 3, applied: true });
    const rejected = readFileSync(s.report!, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { line: number; field: string; reason: string });
    expect(rejected.map((r) => [r.line, r.field])).toEqual([
      [1, '/text'],
      [3, '/author'],
      [4, '/text'],
    ]);
    expect(rejected[0].reason).toContain('U+0000');
    const stored = await db.dataSource.query<{ source_id: string }[]>(
      `SELECT source_id FROM reviews WHERE source_id LIKE 'RV-NUL-%'`,
    );
    expect(stored).toEqual([{ source_id: 'RV-NUL-2' }]);
  });

  it('a second import of the same file changes nothing, down to the ETag; a changed record is one update', async () => {
    const etag = (await get('/doctors/601122')).headers.etag;
    const again = await importFile(file('good.ndjson'));
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 8, rejected: 0 });
    expect((await get('/doctors/601122')).headers.etag).toBe(etag);

    const records = good();
    const grace = records.find((r) => r.cpsoNumber === '601122')!;
    grace.languages = ['English', 'French'];
    const changed = await importFile(file('changed.ndjson', records));
    expect(changed).toMatchObject({ inserted: 0, updated: 1, unchanged: 7 });
    const after = await get('/doctors/601122');
    expect(after.body.doctor.languages).toEqual(['English', 'French']);
    expect(after.headers.etag).not.toBe(etag);
  });

  it('rejects every kind of bad record with its line, key, field and reason, and applies the rest', async () => {
    const path = file('bad.ndjson');
    const s = await importFile(path);
    expect(s).toMatchObject({ rejected: 19, unchanged: 1, inserted: 0, applied: true });
    expect(s.report).toBe(`${path}.rejected.ndjson`);
    const report = readFileSync(s.report!, 'utf8')
      .trim()
      .split('\n')
      .map(
        (l) => JSON.parse(l) as { line: number; key: string | null; field: string; reason: string },
      );
    const byLine = new Map(report.map((r) => [r.line, r]));
    const expectLine = (line: number, field: string, reason: RegExp, key?: string) => {
      const r = byLine.get(line);
      expect({ line, field: r?.field, reason: r?.reason }).toEqual({
        line,
        field,
        reason: expect.stringMatching(reason),
      });
      if (key) expect(r?.key).toBe(key);
    };
    expectLine(1, '', /^not JSON/);
    expectLine(2, '/type', /type must be one of clinic, doctor, offering, review/);
    expectLine(3, '/lat', /outside the GTA/, `clinic:${SOURCE}/B-3`);
    expectLine(4, '/postalCode', /not an Ontario postal code/);
    expectLine(5, '/phone', /not an Ontario phone number/);
    expectLine(6, '/evening', /derived by the service/);
    expectLine(7, '/gender', /must be equal to one of the allowed values/, 'doctor:700001');
    expectLine(8, '/rating', /must be <= 5/);
    expectLine(
      9,
      '/clinics',
      /no clinic partner-registry-2026\/CL-404 in the file or the directory/,
    );
    expectLine(
      10,
      '/specialties',
      /unknown specialty "Astrology"; known: .*Dermatology.*--add-names/,
    );
    expectLine(11, '/languages', /unknown language "Klingon"; known: .*Tamil/);
    expectLine(12, '/hours/mon/0', /closes \(09:00\) at or before it opens \(17:00\)/);
    expectLine(13, '/clinics', /exactly one clinic must be primary \(0 are\)/);
    expectLine(14, '/source', /this import is for source "partner-registry-2026"/);
    expectLine(15, '/doctor', /no doctor with CPSO number 700099/);
    expectLine(16, '/sourceUrl', /needs the address it was published at/);
    expectLine(17, '/waitWeeks', /must be >= 0/);
    expectLine(18, '/name', /is required/);
    expectLine(20, '', /appears earlier in the file \(line 19\)/, `clinic:${SOURCE}/CL-1001`);
    expect(byLine.has(19)).toBe(false);
    expect(report).toHaveLength(19);
    // Nothing of the rejected records reached the directory.
    expect((await get('/doctors/700001')).status).toBe(404);
    expect((await get('/doctors/700003')).status).toBe(404);
  });

  it('--dry-run and --strict apply nothing; --add-names accepts new names', async () => {
    const newDoctor = {
      ...good().find((r) => r.cpsoNumber === '512345')!,
      cpsoNumber: '733001',
      name: 'Kaveh Jafari',
      languages: ['English', 'Klingon'],
    };
    const dry = await importFile(
      file('dry.ndjson', [{ ...newDoctor, languages: ['English'] }]),
      '--dry-run',
    );
    expect(dry).toMatchObject({ inserted: 1, applied: false });
    expect((await get('/doctors/733001')).status).toBe(404);

    const strict = await importFile(
      file('strict.ndjson', [
        { ...newDoctor, languages: ['English'] },
        { ...newDoctor, cpsoNumber: '733002' },
      ]),
      '--strict',
    );
    expect(strict).toMatchObject({ rejected: 1, applied: false });
    expect((await get('/doctors/733001')).status).toBe(404);

    const added = await importFile(file('names.ndjson', [newDoctor]), '--add-names');
    expect(added).toMatchObject({ inserted: 1, rejected: 0, applied: true });
    expect((await get('/doctors/733001')).body.doctor.languages).toEqual(['English', 'Klingon']);
    const langs = (await get('/metadata/languages')).body;
    expect(JSON.stringify(langs)).toContain('Klingon');
  });

  it("--snapshot expires the source's doctors absent from the file (never deleting them), and a later import revives them", async () => {
    const records = good().filter((r) => r.cpsoNumber !== '601122');
    const s = await importFile(file('snapshot.ndjson', records), '--snapshot');
    // 733001 (added above) and 601122 are this source's doctors absent from the file.
    expect(s.expired).toBe(2);
    const expired = (await get('/doctors/601122')).body.doctor;
    expect(expired.expiredAt).not.toBeNull();
    const list = await get('/doctors?languages=French&limit=100');
    expect(JSON.stringify(list.body)).not.toContain('601122');
    // Other sources are never touched by a snapshot.
    const demo = await db.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM doctors WHERE source <> $1 AND expired_at IS NOT NULL`,
      [SOURCE],
    );
    expect(demo[0].n).toBe(0);
    const back = await importFile(file('good.ndjson'));
    expect(back.updated).toBeGreaterThanOrEqual(1);
    expect((await get('/doctors/601122')).body.doctor.expiredAt).toBeNull();
  });

  it("knows the names the file's own specialty and language records declare, without --add-names", async () => {
    const doctor = {
      ...good().find((r) => r.cpsoNumber === '512345')!,
      cpsoNumber: '744001',
      name: 'Ifeoma Adeyemi',
      specialties: ['Sports Medicine'],
      languages: ['English', 'Yoruba'],
    };
    const s = await importFile(
      file('declared-names.ndjson', [
        doctor,
        { type: 'specialty', source: SOURCE, name: 'Sports Medicine' },
        { type: 'language', source: SOURCE, name: 'Yoruba' },
      ]),
    );
    expect(s).toMatchObject({ inserted: 3, rejected: 0, applied: true, report: null });
    expect((await get('/doctors/744001')).body.doctor).toMatchObject({
      specialties: ['Sports Medicine'],
      languages: ['English', 'Yoruba'],
    });
    // An undeclared new name is still refused, with the known ones named.
    const undeclared = await importFile(
      file('undeclared-names.ndjson', [{ ...doctor, cpsoNumber: '744002', languages: ['Igbo'] }]),
    );
    expect(undeclared).toMatchObject({ inserted: 0, rejected: 1 });
    const [refusal] = readFileSync(undeclared.report!, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { field: string; reason: string });
    expect(refusal.field).toBe('/languages');
    expect(refusal.reason).toMatch(
      /^unknown language "Igbo"; known: .*Yoruba.* \(declare it with a "language" record in the file, or import with --add-names\)$/,
    );
  });

  const review = (sourceId: string) => ({
    type: 'review',
    source: SOURCE,
    sourceId,
    doctor: '512345',
    rating: 4,
    author: 'R. T.',
    text: `Review ${sourceId}`,
    date: '2026-03-01',
    sourceUrl: `https://reviews.example.org/r/${sourceId}`,
  });
  const reviewIds = async (prefix: string) =>
    (
      await db.dataSource.query<{ source_id: string }[]>(
        `SELECT source_id FROM reviews WHERE source_id LIKE $1 ORDER BY 1`,
        [`${prefix}%`],
      )
    ).map((r) => r.source_id);

  it('reads a file that starts with a UTF-8 byte-order mark (and has CRLF line ends) from its first line', async () => {
    const path = join(dir, 'bom.ndjson');
    const lines = [review('RV-BOM-1'), review('RV-BOM-2')].map((r) => JSON.stringify(r));
    writeFileSync(path, Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8'));
    expect(readFileSync(path).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const s = await importFile(path);
    expect(s).toMatchObject({ inserted: 2, rejected: 0, applied: true, report: null });
    expect(await reviewIds('RV-BOM-')).toEqual(['RV-BOM-1', 'RV-BOM-2']);
  });

  it('refuses a line over the limit without holding it (600 million characters, streamed) and imports the rest', async () => {
    // Over V8's longest string (2^29 - 24 characters): a reader that holds a line whole cannot.
    const LINE = 600 * 2 ** 20;
    const chunk = Buffer.alloc(2 ** 20, 'x');
    let heapBefore = 0;
    let heapPeak = 0;
    function* input(): Generator<Buffer> {
      yield Buffer.from(`${JSON.stringify(review('RV-LONG-1'))}\n{"type":"review","text":"`);
      heapBefore = process.memoryUsage().heapUsed;
      for (let sent = 0; sent < LINE; sent += chunk.length) {
        if (sent % (32 * chunk.length) === 0)
          heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
        yield chunk;
      }
      yield Buffer.from(`"}\n${JSON.stringify(review('RV-LONG-3'))}\n`);
    }
    const s = await runImportCommand(
      ['-', '--source', SOURCE, '--report', join(dir, 'long.rejected.ndjson')],
      db.dataSource,
      { stdin: Readable.from(input()), stderr: new PassThrough() },
    );
    expect(s).toMatchObject({ inserted: 2, rejected: 1, applied: true });
    const rejected = readFileSync(s.report!, 'utf8').trim().split('\n');
    expect(rejected.map((l) => JSON.parse(l) as object)).toEqual([
      { line: 2, key: null, field: '', reason: 'line longer than 100000 characters' },
    ]);
    expect(await reviewIds('RV-LONG-')).toEqual(['RV-LONG-1', 'RV-LONG-3']);
    // The line's 600 MiB went by; the heap grew by far less than one copy of it.
    expect(heapPeak - heapBefore).toBeLessThan(64 * 2 ** 20);
  });

  it('--report never overwrites or deletes a file it did not create', async () => {
    const unrelated = 'notes the operator keeps\n';
    const goodFile = file('report-good.ndjson', [review('RV-REPORT-1')]);
    const badFile = file('report-bad.ndjson', [review('RV-REPORT-2'), { type: 'nothing' }]);
    // A named report that exists is refused up front, dry run or not, whatever the outcome.
    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, unrelated);
    for (const [path, flags] of [
      [goodFile, ['--dry-run']],
      [goodFile, []],
      [badFile, []],
    ] as const)
      await expect(importFile(path, '--report', notes, ...flags)).rejects.toThrow(
        `--report ${notes}: the file exists, and an import never overwrites a file; remove it or name a new one`,
      );
    expect(readFileSync(notes, 'utf8')).toBe(unrelated);
    expect(await reviewIds('RV-REPORT-')).toEqual([]);
    // The input itself named as the report is refused, and the input is left whole.
    const input = readFileSync(badFile, 'utf8');
    await expect(importFile(badFile, '--report', badFile)).rejects.toThrow(/the file exists/);
    expect(readFileSync(badFile, 'utf8')).toBe(input);
    // The default name taken by a file: kept, and the report goes to the next free name.
    writeFileSync(`${goodFile}.rejected.ndjson`, unrelated);
    const clean = await importFile(goodFile, '--dry-run');
    expect(clean).toMatchObject({ rejected: 0, report: null });
    expect(readFileSync(`${goodFile}.rejected.ndjson`, 'utf8')).toBe(unrelated);
    expect(existsSync(`${goodFile}.rejected-2.ndjson`)).toBe(false);
    writeFileSync(`${badFile}.rejected.ndjson`, unrelated);
    const refused = await importFile(badFile);
    expect(refused).toMatchObject({
      inserted: 1,
      rejected: 1,
      report: `${badFile}.rejected-2.ndjson`,
    });
    expect(readFileSync(`${badFile}.rejected.ndjson`, 'utf8')).toBe(unrelated);
    expect(readFileSync(refused.report!, 'utf8')).toContain('"line":2');
  });

  it('--strict with a refused record applies nothing, prints the summary and fails the command (the command line exits 1)', async () => {
    const path = file('strict-exit.ndjson', [review('RV-STRICT-1'), { type: 'nothing' }]);
    const out = new PassThrough();
    let printed = '';
    out.on('data', (c: Buffer) => (printed += c.toString()));
    const io = { stdin: new PassThrough(), stdout: out, stderr: new PassThrough() };
    const report = join(dir, 'strict-exit.rejected.ndjson');
    await expect(
      runDataCommand(
        ['import', path, '--source', SOURCE, '--strict', '--report', report],
        db.dataSource,
        io,
      ),
    ).rejects.toThrow(
      new StrictImportRefused(`--strict: 1 record refused, nothing applied (report: ${report})`),
    );
    // The summary is still printed, on standard output.
    expect(JSON.parse(printed)).toMatchObject({ inserted: 1, rejected: 1, applied: false, report });
    expect(await reviewIds('RV-STRICT-')).toEqual([]);
    // As a check only (--dry-run --strict), a refusal fails the command too; a clean file does not.
    await expect(
      runDataCommand(
        [
          'import',
          path,
          '--source',
          SOURCE,
          '--strict',
          '--dry-run',
          '--report',
          join(dir, 'strict-dry.ndjson'),
        ],
        db.dataSource,
        io,
      ),
    ).rejects.toThrow(StrictImportRefused);
    const clean = file('strict-clean.ndjson', [review('RV-STRICT-1')]);
    await expect(
      runDataCommand(['import', clean, '--source', SOURCE, '--strict'], db.dataSource, io),
    ).resolves.toMatchObject({ inserted: 1, rejected: 0, applied: true });
  });

  it('takes the aliases a catalogue record carries; the filters and /metadata read them (issue 51, item 2)', async () => {
    const s = await importFile(
      file('aliases.ndjson', [
        { type: 'language', source: SOURCE, name: 'Tamil', aliases: ['Thamizh', 'Tamizh'] },
        { type: 'specialty', source: SOURCE, name: 'Aerospace Medicine', aliases: ['AvMed'] },
      ]),
    );
    expect(s.rejected).toBe(0);
    let languages: { name: string; aliases: string[] }[] = [];
    for (let i = 0; i < 50; i++) {
      languages = (await get('/metadata/languages')).body.languages;
      if (languages.find((l) => l.name === 'Tamil')?.aliases.includes('Thamizh')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(languages.find((l) => l.name === 'Tamil')!.aliases).toEqual(['Thamizh', 'Tamizh']);
    const specialties = (await get('/metadata/specialties')).body.specialties as {
      name: string;
      aliases: string[];
    }[];
    expect(specialties.find((x) => x.name === 'Aerospace Medicine')!.aliases).toEqual(['AvMed']);
    const tamil = await get('/doctors?languages=Tamil&limit=0');
    const thamizh = await get('/doctors?languages=thamizh&limit=0');
    expect([thamizh.status, thamizh.body.total]).toEqual([200, tamil.body.total]);
    // A known name with no doctor still filters (an empty page); an unknown one is refused.
    const avmed = await get('/doctors?specialties=avmed');
    expect([avmed.status, avmed.body.total]).toEqual([200, 0]);
    expect((await get('/doctors?specialties=Aerospace%20Medicin')).status).toBe(400);
  });

  it('exports the same format: what it writes imports back with nothing changed', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    await runExportCommand(['--source', SOURCE], db.dataSource, out);
    const lines = Buffer.concat(chunks).toString('utf8').trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(8);
    const types = lines.map((l) => (JSON.parse(l) as { type: string }).type);
    expect(types.indexOf('doctor')).toBeGreaterThan(types.lastIndexOf('clinic'));
    const path = join(dir, 'exported.ndjson');
    writeFileSync(path, lines.join('\n') + '\n');
    const s = await importFile(path);
    expect(s).toMatchObject({ inserted: 0, updated: 0, rejected: 0, unchanged: lines.length });
  });
});
