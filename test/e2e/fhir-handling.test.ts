import { CLINICS } from '../fixtures/directory.fixture';
import { fhirGet, FhirResult, ids, Json } from '../support/fhir-http';
import { FhirValidator } from '../support/fhir-validation';
import { useFixtureApp } from '../support/fixture-app';
import { specialtyCode } from '../../src/interface/fhir/fhir-codes';
import { DoctorMemoryIndex } from '../../src/infrastructure/persistence/directory/memory/doctor-memory-index';
import { seedDemoData } from '../../src/infrastructure/seed/demo-data.seeder';
import { ListTotals } from '../../src/infrastructure/persistence/directory/list-totals';
import { TypeOrmFhirDirectoryReader } from '../../src/infrastructure/persistence/fhir/typeorm-fhir-directory.reader';
import { recordQueries, SentQuery } from '../support/recorded-queries';
import { authHeaders } from '../support/auth';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

const LENIENT = { prefer: 'handling=lenient' };

/**
 * Issue 51, item 5: FHIR's search handling. `Prefer: handling=lenient` ignores unsupported
 * parameters and says which in an OperationOutcome entry of the Bundle (search.mode outcome);
 * strict, or no header, answers 400. `_summary=count`, `_total` and `_sort` are served;
 * HealthcareService ids follow one rule within FHIR's 64 characters.
 */
describe('FHIR search handling (e2e, fixture directory)', () => {
  const v = new FhirValidator();
  const f = useFixtureApp('fhir_handling');
  const get = (path: string, headers: Record<string, string> = {}): Promise<FhirResult> =>
    fhirGet(f.t.app, v, path, { ...f.auth, ...headers });
  const outcomes = (b: Json) =>
    ((b.entry ?? []) as Json[]).filter((e) => e.search?.mode === 'outcome');

  it('strict (or no Prefer) refuses an unsupported parameter; lenient ignores it and lists it in the Bundle', async () => {
    for (const headers of [{}, { prefer: 'handling=strict' }] as Record<string, string>[]) {
      const r = await get('/Practitioner?foo=1&_summary=text', headers);
      expect([r.status, r.body.resourceType]).toEqual([400, 'OperationOutcome']);
    }
    const plain = await get('/Practitioner');
    for (const prefer of ['handling=lenient', 'return=representation, handling=lenient']) {
      const r = await get('/Practitioner?foo=1&name:missing=true&_summary=text&_sort=-name', {
        prefer,
      });
      expect(r.status).toBe(200);
      expect(ids(r.body)).toEqual(ids(plain.body));
      expect(r.body.total).toBe(plain.body.total);
      const [o] = outcomes(r.body);
      expect(o.resource.resourceType).toBe('OperationOutcome');
      expect(o.resource.issue[0]).toMatchObject({ severity: 'warning', code: 'not-supported' });
      for (const name of ['foo', 'name:missing', '_summary=text', '_sort=-name'])
        expect(o.resource.issue[0].diagnostics).toContain(name);
    }
    // Nothing ignored: no outcome entry.
    expect(outcomes((await get('/Practitioner', LENIENT)).body)).toEqual([]);
  });

  it('_summary=count answers the total alone; _total=none leaves it out', async () => {
    for (const type of [
      'Practitioner',
      'PractitionerRole',
      'Location',
      'Organization',
      'HealthcareService',
    ]) {
      const full = await get(`/${type}`);
      const count = await get(`/${type}?_summary=count`);
      expect([type, count.status, count.body.total, count.body.entry]).toEqual([
        type,
        200,
        full.body.total,
        undefined,
      ]);
      expect(count.body.link.some((l: Json) => l.relation === 'next')).toBe(false);
      const none = await get(`/${type}?_total=none`);
      expect([type, 'total' in none.body, ids(none.body)]).toEqual([type, false, ids(full.body)]);
      const accurate = await get(`/${type}?_total=accurate`);
      expect(accurate.body.total).toBe(full.body.total);
    }
  });

  it('_sort takes the order each type is answered in, and refuses another', async () => {
    const cases: [string, string][] = [
      ['Practitioner', 'name'],
      ['PractitionerRole', 'location'],
      ['Location', '_id'],
      ['Organization', '_id'],
      ['HealthcareService', 'location'],
    ];
    for (const [type, sort] of cases) {
      const plain = await get(`/${type}`);
      const sorted = await get(`/${type}?_sort=${sort}`);
      expect([type, sorted.status, ids(sorted.body)]).toEqual([type, 200, ids(plain.body)]);
      const other = await get(`/${type}?_sort=-_lastUpdated`);
      expect([type, other.status]).toEqual([type, 400]);
      expect(other.body.issue[0].diagnostics).toContain(`it takes ${sort}`);
    }
  });

  it('HealthcareService ids are <clinic id>-<specialty code>, the code of its specialty coding, at most 64 characters', async () => {
    const all = (await get('/HealthcareService?_count=100')).body;
    expect(all.entry.length).toBeGreaterThan(0);
    for (const e of all.entry as Json[]) {
      const hs = e.resource;
      const clinicId = hs.providedBy.reference.split('/')[1];
      expect(CLINICS.map((c) => c.id)).toContain(clinicId);
      const coding = (hs.specialty as Json[])
        .flatMap((s) => s.coding)
        .find((c: Json) => c.system.endsWith('/CodeSystem/specialty'));
      expect(hs.id).toBe(`${clinicId}-${coding.code}`);
      expect(hs.id.length).toBeLessThanOrEqual(64);
      expect((await get(`/HealthcareService/${hs.id}`)).body.id).toBe(hs.id);
      expect(ids((await get(`/HealthcareService?specialty=${coding.code}`)).body)).toContain(hs.id);
    }
    // The longest names of the catalogue fit, and stay readable.
    expect(specialtyCode('Physical Medicine and Rehabilitation')).toBe(
      'physical-medicine-and-rehab',
    );
    expect(specialtyCode('Allergy and Clinical Immunology')).toBe('allergy-and-clinical-immuno');
    expect(specialtyCode('Cardiology')).toBe('cardiology');
  });
});

/**
 * Issue 48, item 5: every Practitioner in name order is read from the columns in memory, a page at
 * any depth by its positions; the whole walk by next links answers what SQL's order gives.
 */
describe('FHIR Practitioner pages from the columns in memory (e2e, demo data)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let auth: Record<string, string>;
  const v = new FhirValidator();

  beforeAll(async () => {
    db = await createTestDatabase('fhir_pages_memory');
    await seedDemoData(db.dataSource, { doctors: 700, now: new Date('2026-11-01T00:00:00Z') });
    t = await createTestApp(db);
    auth = await authHeaders(t, 'admin');
    await t.app.get(DoctorMemoryIndex).ready();
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('walks every page by next links in SQL’s name order, total included', async () => {
    const oracle = (
      await db.dataSource.query<{ cpso_number: string }[]>(
        `SELECT cpso_number FROM doctor_search ORDER BY name_key, cpso_number`,
      )
    ).map((r) => r.cpso_number);
    expect(oracle.length).toBeGreaterThan(600);
    const seen: string[] = [];
    let path: string | undefined = '/Practitioner?_count=100';
    while (path) {
      const r = await fhirGet(t.app, v, path, auth);
      expect(r.status).toBe(200);
      expect(r.body.total).toBe(oracle.length);
      seen.push(...ids(r.body));
      const next = (r.body.link as Json[]).find((l) => l.relation === 'next')?.url as string;
      path = next ? next.slice(next.indexOf('/Practitioner')) : undefined;
    }
    expect(seen).toEqual(oracle);
    // A deep page is its positions' rows, read by id: no OFFSET walk in SQL.
    const sent: SentQuery[] = [];
    const reader = new TypeOrmFhirDirectoryReader(
      recordQueries(db.dataSource, (q) => sent.push(q)),
      t.app.get(ListTotals),
      t.app.get(DoctorMemoryIndex),
    );
    const deep = await reader.practitioners({}, { offset: 600, limit: 25 });
    expect(deep.total).toBe(oracle.length);
    expect(deep.items.map((d) => d.cpso)).toEqual(oracle.slice(600, 625));
    expect(sent.length).toBe(1);
    expect(sent[0].sql).not.toMatch(/OFFSET/i);
  });
});
