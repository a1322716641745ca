import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { runImportCommand } from '../../src/interface/cli/commands/directory-data.command';
import { FIXTURE_NOW } from '../fixtures/directory.fixture';
import { fhirGet, ids, Json } from '../support/fhir-http';
import { FhirValidator } from '../support/fhir-validation';
import { useFixtureApp } from '../support/fixture-app';
import { FixedClock } from '../support/fixed-clock';
import { createTestApp } from '../support/test-app';

const quiet = { stdin: new PassThrough(), stderr: new PassThrough() };

/**
 * Issue 35: `_lastUpdated` after an import finds exactly what the import changed, and ids stay
 * the same across a restart and a second import of the same file.
 */
describe('FHIR view: _lastUpdated after an import, stable ids (e2e)', () => {
  const v = new FhirValidator();
  const f = useFixtureApp('fhir_last_updated', async (db) => {
    // The fixture as old data: everything last changed on 2026-01-01.
    await db.dataSource.query(`UPDATE doctors SET updated_at = '2026-01-01T00:00:00Z'`);
    await db.dataSource.query(`UPDATE clinics SET updated_at = '2026-01-01T00:00:00Z'`);
  });
  const get = (path: string) => fhirGet(f.t.app, v, path, f.auth);
  const file = join(mkdtempSync(join(tmpdir(), 'gtad-fhir-')), 'good.ndjson');
  copyFileSync(join(__dirname, '../fixtures/import/good.ndjson'), file);
  const importGood = () =>
    runImportCommand(
      [file, '--source', 'partner-registry-2026', '--add-names'],
      f.db.dataSource,
      quiet,
    );

  afterAll(() => {
    process.stdout.write(
      `FHIR validation (fhir-last-updated): ${v.resources} resources in ${v.bundles} Bundles and alone, ${v.errors} errors\n`,
    );
  });

  it('finds what the import wrote, by instant and by date, on every type', async () => {
    const [{ at }] = await f.db.dataSource.query<{ at: Date }[]>(`SELECT now() AS at`);
    const before = new Date(at).toISOString();
    await importGood();
    const [{ c1, c2 }] = await f.db.dataSource.query<{ c1: string; c2: string }[]>(
      `SELECT (SELECT id FROM clinics WHERE source_id = 'CL-1001') AS c1, (SELECT id FROM clinics WHERE source_id = 'CL-1002') AS c2`,
    );
    const since = `_lastUpdated=ge${before}`;
    expect(ids((await get(`/Practitioner?${since}`)).body)).toEqual(['512345', '601122', '498761']);
    expect(ids((await get(`/Location?${since}`)).body)).toEqual([c1, c2]);
    expect(ids((await get(`/Organization?${since}`)).body)).toEqual([c1, c2]);
    expect((await get(`/PractitionerRole?${since}`)).body.total).toBe(4);
    expect([...ids((await get(`/PractitionerRole?${since}&_count=100`)).body)].sort()).toEqual(
      [`498761-${c1}`, `498761-${c2}`, `512345-${c1}`, `601122-${c2}`].sort(),
    );
    const services = (await get(`/HealthcareService?${since}`)).body;
    expect(services.total).toBe(1);
    expect(services.entry[0].resource.providedBy.reference).toMatch(
      new RegExp(`^Organization/(${c1}|${c2})$`),
    );
    // A date is its whole day: gt2026-01-01 leaves the old rows out, ge2026-01-01 keeps them.
    expect((await get('/Practitioner?_lastUpdated=gt2026-01-01')).body.total).toBe(3);
    expect((await get('/Practitioner?_lastUpdated=ge2026-01-01')).body.total).toBe(9);
    expect((await get('/Location?_lastUpdated=gt2025')).body.total).toBe(7);
    expect((await get('/Location?_lastUpdated=gt2026')).body.total).toBe(0);
    // meta.lastUpdated says the same.
    const marek = (await get('/Practitioner/498761')).body;
    expect(new Date(marek.meta.lastUpdated).getTime()).toBeGreaterThanOrEqual(
      new Date(before).getTime(),
    );
    expect((await get('/Practitioner/900001')).body.meta.lastUpdated).toBe(
      '2026-01-01T00:00:00.000Z',
    );
  });

  it('keeps every id across a restart and a second import of the same file (which changes nothing)', async () => {
    const snapshot = async (get2: (p: string) => Promise<{ body: Json }>) => {
      const out: Record<string, string[]> = {};
      for (const type of [
        'Practitioner',
        'Location',
        'Organization',
        'PractitionerRole',
        'HealthcareService',
      ])
        out[type] = ids((await get2(`/${type}?_count=100`)).body);
      return out;
    };
    const first = await snapshot(get);
    expect(first.Practitioner).toHaveLength(9);
    expect(first.PractitionerRole).toHaveLength(12);
    const [{ at }] = await f.db.dataSource.query<{ at: Date }[]>(`SELECT now() AS at`);
    const between = new Date(at).toISOString();
    await importGood();
    expect(await snapshot(get)).toEqual(first);
    expect((await get(`/Practitioner?_lastUpdated=gt${between}`)).body.total).toBe(0);
    const t2 = await createTestApp(f.db, {}, new FixedClock(FIXTURE_NOW));
    try {
      expect(await snapshot((p) => fhirGet(t2.app, v, p, f.auth))).toEqual(first);
    } finally {
      await t2.close();
    }
    expect(v.errors).toBe(0);
  });
});
