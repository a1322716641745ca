import { DoctorMemoryIndex } from '../../src/infrastructure/persistence/directory/memory/doctor-memory-index';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { DEMO_SOURCE } from '../../src/infrastructure/seed/demo-dataset';
import { ACCEPTING_STATUSES } from '../../src/domain/clinics/accepting-status';
import { seedDemoData } from '../../src/infrastructure/seed/demo-data.seeder';
import {
  runExportCommand,
  runImportCommand,
} from '../../src/interface/cli/commands/directory-data.command';
import { authHeaders } from '../support/auth';
import { call } from '../support/http';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * The round trip of issue 13: export a directory, import it into an empty database, and every
 * API answer is identical. And imports under load: readers never see an error or a half-imported
 * page.
 */
const quiet = { stdin: new PassThrough(), stderr: new PassThrough() };

async function exportAll(db: TestDatabase): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await runExportCommand([], db.dataSource, out);
  return Buffer.concat(chunks).toString('utf8');
}

/** Rows of each directory table, and the expired doctors' share of them. */
async function rowCounts(db: TestDatabase): Promise<Record<string, number>> {
  const [row] = await db.dataSource.query<Record<string, number>[]>(`
    SELECT (SELECT count(*)::int FROM specialties) AS specialties,
           (SELECT count(*)::int FROM languages) AS languages,
           (SELECT count(*)::int FROM clinics) AS clinics,
           (SELECT count(*)::int FROM clinic_hours_exceptions) AS hours_exceptions,
           (SELECT count(*)::int FROM doctors) AS doctors,
           (SELECT count(*)::int FROM doctor_clinics) AS doctor_clinics,
           (SELECT count(*)::int FROM specialist_offerings) AS offerings,
           (SELECT count(*)::int FROM reviews) AS reviews,
           (SELECT count(*)::int FROM doctors WHERE expired_at IS NOT NULL) AS expired_doctors,
           (SELECT count(*)::int FROM reviews r JOIN doctors d ON d.id = r.doctor_id
             WHERE d.expired_at IS NOT NULL) AS expired_reviews,
           (SELECT count(*)::int FROM doctor_clinics x JOIN doctors d ON d.id = x.doctor_id
             WHERE d.expired_at IS NOT NULL) AS expired_links`);
  return row;
}

describe('export, import into an empty database, identical answers', () => {
  let a: TestDatabase;
  let b: TestDatabase;
  let ta: TestApp;
  let tb: TestApp;
  const dir = mkdtempSync(join(tmpdir(), 'gtad-roundtrip-'));

  beforeAll(async () => {
    [a, b] = await Promise.all([
      createTestDatabase('roundtrip_a'),
      createTestDatabase('roundtrip_b'),
    ]);
    await seedDemoData(a.dataSource, { doctors: 300, seed: 21 });
  });
  afterAll(async () => {
    await ta?.close();
    await tb?.close();
    await a?.drop();
    await b?.drop();
  });

  it('into an empty directory, says in words that no name is known yet', async () => {
    const path = join(dir, 'undeclared.ndjson');
    const doctor = (await exportAll(a))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string })
      .find((r) => r.type === 'doctor')!;
    writeFileSync(path, `${JSON.stringify(doctor)}\n`);
    const report = join(dir, 'undeclared.rejected.ndjson');
    const s = await runImportCommand(
      [path, '--source', DEMO_SOURCE, '--dry-run', '--report', report],
      b.dataSource,
      quiet,
    );
    expect(s).toMatchObject({ rejected: 1, applied: false, report });
    const [refusal] = readFileSync(report, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { reason: string });
    expect(refusal.reason).toMatch(
      /^unknown specialty "[^"]+"; the directory knows no specialties yet \(declare it with a "specialty" record in the file, or import with --add-names\)$/,
    );
    expect(refusal.reason).not.toContain('known: ');
  });

  it('answers every path the same from the imported copy', async () => {
    const exported = await exportAll(a);
    const path = join(dir, 'directory.ndjson');
    writeFileSync(path, exported);
    const lines = exported.trim().split('\n').length;
    const t0 = Date.now();
    // Without --add-names: the export declares every specialty and language it uses.
    const s = await runImportCommand([path, '--source', DEMO_SOURCE], b.dataSource, quiet);
    expect(s).toMatchObject({ inserted: lines, rejected: 0, applied: true });
    // A backup: every row of the directory, the expired doctors' with their reviews and links too.
    const [countsA, countsB] = await Promise.all([rowCounts(a), rowCounts(b)]);
    expect(countsB).toEqual(countsA);
    expect(countsA.expired_doctors).toBeGreaterThanOrEqual(2);
    expect(countsA.expired_reviews).toBeGreaterThan(0);
    expect(countsA.expired_links).toBeGreaterThan(0);
    const expiredInFile = exported
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; expiredAt?: string })
      .filter((r) => r.type === 'doctor' && r.expiredAt !== undefined).length;
    expect(expiredInFile).toBe(countsA.expired_doctors);
    console.log(
      `round trip: ${lines} records (${countsA.doctors} doctors, ${countsA.expired_doctors} expired with ${countsA.expired_reviews} reviews and ${countsA.expired_links} clinic links; ${countsA.reviews} reviews) exported and imported into an empty database in ${Date.now() - t0} ms`,
    );
    // The copy exports to the very same bytes.
    expect(await exportAll(b)).toBe(exported);
    // Issue 33's fields are in the file in every form, so those bytes cover each of them.
    type Clinic = {
      type: string;
      hours: object | null;
      holidayHours: string | object[];
      hoursExceptions: object[];
      acceptingStatus: string;
      acceptingNewPatients: boolean;
    };
    const clinicsInFile = exported
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Clinic)
      .filter((r) => r.type === 'clinic');
    const forms = <T>(xs: T[], f: (x: T) => string) => [...new Set(xs.map(f))].sort();
    expect(forms(clinicsInFile, (c) => (c.hours === null ? 'unknown' : 'week'))).toEqual([
      'unknown',
      'week',
    ]);
    expect(
      forms(clinicsInFile, (c) => (typeof c.holidayHours === 'string' ? c.holidayHours : 'ranges')),
    ).toEqual(['closed', 'ranges', 'regular']);
    expect(forms(clinicsInFile, (c) => c.acceptingStatus)).toEqual([...ACCEPTING_STATUSES].sort());
    expect(
      clinicsInFile.filter((c) => c.acceptingNewPatients !== (c.acceptingStatus === 'accepting')),
    ).toEqual([]);
    const exceptions = clinicsInFile.flatMap((c) => c.hoursExceptions);
    expect(exceptions).toHaveLength(countsA.hours_exceptions);
    expect(forms(exceptions, (e) => ('closed' in e ? 'closed' : 'ranges'))).toEqual([
      'closed',
      'ranges',
    ]);

    [ta, tb] = await Promise.all([createTestApp(a), createTestApp(b)]);
    const [ka, kb] = await Promise.all([authHeaders(ta, 'admin'), authHeaders(tb, 'admin')]);
    const clinics = (await call(ta.app, 'GET', '/clinics?limit=100', ka)).body.clinics as {
      id: string;
    }[];
    const doctors = (await call(ta.app, 'GET', '/doctors?limit=100', ka)).body.doctors as {
      cpsoNumber: string;
    }[];
    // Expired doctors are out of the lists, still answered by their CPSO number.
    const expired = await a.dataSource.query<{ cpsoNumber: string }[]>(
      `SELECT cpso_number AS "cpsoNumber" FROM doctors WHERE expired_at IS NOT NULL ORDER BY 1`,
    );
    const paths = [
      '/doctors?limit=100',
      '/doctors?limit=100&offset=100',
      '/doctors?accepting=true&languages=English&limit=50',
      '/doctors?specialties=Family%20Medicine&evening=true&limit=50',
      '/doctors?lat=43.7&lng=-79.4&radiusKm=20&limit=50',
      '/doctors/search?q=an&limit=50',
      '/doctors/search?q=family&limit=50',
      '/clinics?limit=100',
      '/clinics?lat=43.65&lng=-79.38&limit=50',
      '/clinics?near=Finch&radiusKm=30&limit=50',
      '/specialists?specialty=Dermatology&limit=50',
      '/specialists?specialty=Cardiology&lat=43.7&lng=-79.4&limit=50',
      '/metadata/languages',
      '/metadata/specialties',
      '/doctors/summary',
      ...clinics
        .slice(0, 40)
        .flatMap((c) => [
          `/clinics/${c.id}`,
          `/clinics/${c.id}/reviews?limit=50`,
          `/clinics/${c.id}/signals`,
        ]),
      ...[...doctors.slice(0, 40), ...expired].flatMap((d) => [
        `/doctors/${d.cpsoNumber}`,
        `/doctors/${d.cpsoNumber}/reviews?limit=50`,
        `/doctors/${d.cpsoNumber}/signals`,
      ]),
    ];
    let compared = 0;
    for (const p of paths) {
      const [ra, rb] = await Promise.all([call(ta.app, 'GET', p, ka), call(tb.app, 'GET', p, kb)]);
      expect({ p, status: rb.status }).toEqual({ p, status: ra.status });
      // The lists name each database's own data version (issue 34): the rest is identical, and
      // so is the ETag of every answer without one.
      const unversioned = (text: string) => text.replace(/,"dataVersion":"\d+"/, '');
      expect({ p, body: unversioned(rb.text) }).toEqual({ p, body: unversioned(ra.text) });
      if (!ra.text.includes('"dataVersion"'))
        expect({ p, etag: rb.headers.etag }).toEqual({ p, etag: ra.headers.etag });
      compared++;
    }
    expect(compared).toBeGreaterThan(200);
  });
});

describe('an import while the API is read', () => {
  let db: TestDatabase;
  let t: TestApp;
  const dir = mkdtempSync(join(tmpdir(), 'gtad-concurrent-'));

  beforeAll(async () => {
    db = await createTestDatabase('import_concurrent');
    await seedDemoData(db.dataSource, { doctors: 300, seed: 5 });
    t = await createTestApp(db);
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('serves only the old or the new directory, never an error or a half-imported page', async () => {
    const auth = await authHeaders(t, 'admin');
    const before = (await call(t.app, 'GET', '/doctors?limit=1', auth)).body.total as number;
    // A two- and a three-letter search: their totals come from the counts of name pieces.
    const searched = async () =>
      Promise.all(
        ['pa', 'rtn'].map(
          async (q) =>
            (await call(t.app, 'GET', `/doctors/search?q=${q}&limit=1`, auth)).body.total as number,
        ),
      );
    const searchedBefore = await searched();
    // 400 new doctors of a partner at the demo's clinics.
    const exported = (await exportAll(db))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const clinics = exported.filter((r) => r.type === 'clinic');
    const template = exported.find((r) => r.type === 'doctor')!;
    const partner = 'load-test-partner';
    const records = Array.from({ length: 400 }, (_, i) => ({
      ...template,
      id: undefined,
      source: partner,
      cpsoNumber: String(800000 + i),
      name: `Partner Doctor ${String(i).padStart(3, '0')}`,
      clinics: [
        {
          source: clinics[i % clinics.length].source,
          sourceId: clinics[i % clinics.length].sourceId,
          primary: true,
        },
      ],
    }));
    const path = join(dir, 'partner.ndjson');
    writeFileSync(path, records.map((r) => JSON.stringify(r)).join('\n') + '\n');

    let importing = true;
    const seen = new Set<number>();
    let reads = 0;
    const reader = (async () => {
      while (importing) {
        const r = await call(t.app, 'GET', '/doctors?limit=100&offset=250', auth);
        expect(r.status).toBe(200);
        const total = r.body.total as number;
        seen.add(total);
        // A page is whole: as many rows as the total allows from that offset.
        expect(r.body.count).toBe(Math.min(100, Math.max(0, total - 250)));
        reads++;
      }
    })();
    const s = await runImportCommand([path, '--source', partner], db.dataSource, quiet);
    importing = false;
    await reader;
    expect(s).toMatchObject({ inserted: 400, rejected: 0 });
    expect(reads).toBeGreaterThan(0);
    expect([...seen].every((n) => n === before || n === before + 400)).toBe(true);
    // Once the instance has loaded its next copy (the one in service answered meanwhile), the
    // answer is the new directory.
    await t.app.get(DoctorMemoryIndex).ready();
    expect((await call(t.app, 'GET', '/doctors?limit=1', auth)).body.total).toBe(before + 400);
    // ... and the counts of name pieces too: every partner's name contains "pa" and "rtn".
    expect(await searched()).toEqual(searchedBefore.map((n) => n + 400));
  });
});
