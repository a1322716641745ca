import { seedDemoData } from '../../src/infrastructure/seed/demo-data.seeder';
import { authHeaders } from '../support/auth';
import { call } from '../support/http';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/** On the generated demo data, the totals that different endpoints report agree with each other. */
describe('demo data consistency across endpoints', () => {
  let db: TestDatabase;
  let t: TestApp;
  let auth: Record<string, string>;
  const get = async (path: string) => {
    const r = await call(t.app, 'GET', path, auth);
    expect(r.status).toBe(200);
    return r.body;
  };

  beforeAll(async () => {
    db = await createTestDatabase('consistency');
    await seedDemoData(db.dataSource, { doctors: 600, seed: 7 });
    t = await createTestApp(db);
    auth = await authHeaders(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('summary totals equal the list totals', async () => {
    const summary = await get('/doctors/summary');
    expect(summary.totalDoctors).toBeGreaterThan(500);
    expect((await get('/doctors?limit=0')).total).toBe(summary.totalDoctors);
    expect((await get('/doctors?accepting=true&limit=0')).total).toBe(summary.acceptingNewPatients);
    const f = summary.dataFreshness;
    expect(f.fresh + f.stale + f.unknown).toBe(summary.totalDoctors);
    expect(f.fresh).toBeGreaterThan(0);
    expect(f.stale).toBeGreaterThan(0);
    expect(f.unknown).toBeGreaterThan(0);
    for (const s of summary.bySpecialty as { specialty: string; count: number }[]) {
      expect(
        (await get(`/doctors?specialties=${encodeURIComponent(s.specialty)}&limit=0`)).total,
      ).toBe(s.count);
    }
  });

  it('metadata counts equal the filtered doctor totals', async () => {
    const { languages } = await get('/metadata/languages');
    for (const l of (languages as { name: string; doctorCount: number }[]).slice(0, 8)) {
      expect((await get(`/doctors?languages=${encodeURIComponent(l.name)}&limit=0`)).total).toBe(
        l.doctorCount,
      );
    }
    const { specialties } = await get('/metadata/specialties');
    const summary = await get('/doctors/summary');
    const bySpecialty = new Map(
      (summary.bySpecialty as { specialty: string; count: number }[]).map((s) => [
        s.specialty,
        s.count,
      ]),
    );
    for (const s of specialties as { name: string; doctorCount: number }[]) {
      expect(bySpecialty.get(s.name) ?? 0).toBe(s.doctorCount);
    }
  });

  it('pages through every doctor exactly once', async () => {
    const total = (await get('/doctors?limit=0')).total as number;
    const seen = new Set<string>();
    for (let offset = 0; offset < total; offset += 100) {
      for (const d of (await get(`/doctors?limit=100&offset=${offset}`)).doctors as {
        cpsoNumber: string;
      }[]) {
        seen.add(d.cpsoNumber);
      }
    }
    expect(seen.size).toBe(total);
  });

  it('every specialist pair and nearTTC clinic is reachable and well-formed', async () => {
    const near = await get('/clinics?nearTTC=true&lat=43.6453&lng=-79.3806&limit=5');
    expect(near.total).toBeGreaterThan(0);
    const spec = await get('/specialists?specialty=Cardiology');
    for (const s of spec.clinics as { wait_weeks: number; specialty: string }[]) {
      expect(s.specialty).toBe('Cardiology');
      expect(Number.isInteger(s.wait_weeks)).toBe(true);
    }
  });
});
