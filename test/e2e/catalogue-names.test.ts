import fc from 'fast-check';
import { DEFAULT_CATALOGUE_ALIASES } from '../../src/domain/directory/catalogue-aliases';
import { seedDemoData } from '../../src/infrastructure/seed/demo-data.seeder';
import { authHeaders } from '../support/auth';
import { call } from '../support/http';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const SEED = Number(process.env.FUZZ_SEED ?? 20261201);

/** A name as people type it: another case, hyphens or no spaces, accents kept or dropped. */
function typed(name: string, how: number): string {
  switch (how % 5) {
    case 0:
      return name.toUpperCase();
    case 1:
      return name.toLowerCase().replace(/ /g, '-');
    case 2:
      return name.replace(/ /g, '');
    case 3:
      return ` ${name.toLowerCase()} `;
    default:
      return name.replace(/\s+/g, '.');
  }
}

/**
 * Issue 51, item 2: specialty and language names matched ignoring case, accents, hyphens, dots
 * and spaces, then through the catalogue's aliases; a name that matches nothing is 400 naming it
 * and the closest catalogue names. On the demo data (its catalogue carries the default aliases).
 */
describe(`catalogue names and aliases (seed ${SEED})`, () => {
  let db: TestDatabase;
  let t: TestApp;
  let auth: Record<string, string>;
  const get = (path: string) => call(t.app, 'GET', path, auth);
  const total = async (path: string) => {
    const r = await get(path);
    expect([path, r.status]).toEqual([path, 200]);
    return r.body.total as number;
  };

  beforeAll(async () => {
    db = await createTestDatabase('catalogue_names');
    await seedDemoData(db.dataSource, { doctors: 400, now: new Date('2026-11-01T00:00:00Z') });
    t = await createTestApp(db, { LIVE_RATE_PER_MIN: '1000000' });
    auth = await authHeaders(t, 'live');
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('lists each name with its aliases', async () => {
    const s = (await get('/metadata/specialties')).body.specialties as Json[];
    expect(s.find((x) => x.name === 'Pediatrics').aliases).toContain('Paediatrics');
    expect(s.find((x) => x.name === 'Otolaryngology').aliases).toContain('ENT');
    const l = (await get('/metadata/languages')).body.languages as Json[];
    expect(l.find((x) => x.name === 'Persian (Farsi)').aliases).toEqual(
      expect.arrayContaining(['Farsi', 'Persian']),
    );
    for (const e of [...s, ...l]) expect(Array.isArray(e.aliases)).toBe(true);
  });

  it('reads the issue’s names as the catalogue’s', async () => {
    expect(await total('/doctors?specialties=family-medicine')).toBe(
      await total('/doctors?specialties=Family%20Medicine'),
    );
    expect(await total('/doctors?specialties=Family%20Medicine')).toBeGreaterThan(0);
    expect(await total('/doctors?specialties=Paediatrics')).toBe(
      await total('/doctors?specialties=Pediatrics'),
    );
    expect(await total('/doctors?languages=Farsi')).toBe(
      await total('/doctors?languages=Persian%20(Farsi)'),
    );
    // Chinese: Mandarin or Cantonese, like the two names asked together.
    const chinese = await total('/doctors?languages=Chinese');
    expect(chinese).toBe(await total('/doctors?languages=Mandarin,Cantonese'));
    expect(chinese).toBeGreaterThan(await total('/doctors?languages=Mandarin'));
    expect(await total('/doctors?languages=Filipino')).toBe(
      await total('/doctors?languages=Tagalog'),
    );
    expect(await total('/specialists?specialty=ENT')).toBe(
      await total('/specialists?specialty=Otolaryngology'),
    );
    expect(await total('/clinics?languages=fran%C3%A7ais')).toBe(
      await total('/clinics?languages=French'),
    );
    expect(await total('/doctors/search?q=an&specialties=GP')).toBe(
      await total('/doctors/search?q=an&specialties=Family%20Medicine'),
    );
  });

  it('refuses a name the catalogue does not know, naming it and the closest names', async () => {
    const r = await get('/doctors?languages=Tamill');
    expect([r.status, r.body.error]).toEqual([400, 'invalid_param']);
    expect(r.body.message).toContain('"Tamill"');
    expect(r.body.message).toMatch(/closest: Tamil/);
    const s = await get('/specialists?specialty=Astrology');
    expect([s.status, s.body.error]).toEqual([400, 'invalid_param']);
    expect(s.body.message).toContain('"Astrology"');
    const cardio = await get('/doctors?specialties=Cardio');
    expect(cardio.body.message).toMatch(/closest: Cardiology/);
  });

  it('answers every catalogue name and alias, typed any way, as the name itself (seeded)', async () => {
    const entries: [string, string, string][] = [];
    for (const table of ['specialties', 'languages'] as const) {
      const list = (await get(`/metadata/${table}`)).body[table] as Json[];
      for (const e of list) {
        entries.push([table, e.name, e.name]);
        for (const a of e.aliases as string[]) entries.push([table, a, e.name]);
      }
    }
    const byAlias = new Map<string, string[]>();
    for (const table of ['specialties', 'languages'] as const)
      for (const [name, aliases] of Object.entries(DEFAULT_CATALOGUE_ALIASES[table]))
        for (const a of aliases)
          byAlias.set(`${table}:${a}`, [...(byAlias.get(`${table}:${a}`) ?? []), name]);
    const cases = fc.sample(fc.tuple(fc.constantFrom(...entries), fc.nat(4)), {
      seed: SEED,
      numRuns: 80,
    });
    for (const [[table, typedName, name], how] of cases) {
      const meant = byAlias.get(`${table}:${typedName}`) ?? [name];
      const asTyped = await total(`/doctors?${table}=${encodeURIComponent(typed(typedName, how))}`);
      const canonical = await total(`/doctors?${table}=${encodeURIComponent(meant.join(','))}`);
      expect([table, typedName, how, asTyped]).toEqual([table, typedName, how, canonical]);
    }
  });
});
