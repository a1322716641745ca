import { KeepingReadCache } from '../../src/application/shared/read-cache';
import { Page } from '../../src/domain/shared/page';
import {
  drawRandomCases,
  RANDOM_CLASSES,
  RandomCase,
  RandomClass,
  targetOf,
} from '../../scripts/bench/random-cases';
import { directoryUseCases } from '../../scripts/bench/recording';
import { authHeaders } from '../support/auth';
import { createDemoDatabase } from '../support/demo-database';
import { call } from '../support/http';
import { createTestApp, TEST_KEY_HASH_SECRET, TestApp } from '../support/test-app';
import { TestDatabase } from '../support/test-database';

const SEEDS = [1, 2, 3, 4];
const PER_CLASS = 25;

/**
 * The benchmark's random cases (issue 32, item 1): every URL the generator draws answers 200
 * with a list envelope on the real HTTP application (so it draws only documented parameters
 * and values, and its cursors are the service's), the read that `npm run plans` explains for
 * it is the same read (same total and rows), and a seed always draws the same URLs.
 */
describe('bench random cases (real PostgreSQL, real HTTP app)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let auth: Record<string, string>;
  const drawn = new Map<number, RandomClass[]>();

  beforeAll(async () => {
    db = await createDemoDatabase(
      'bench_random',
      { doctors: 600, seed: 11, now: new Date() },
      'doctor_search, doctor_geo, clinic_search, specialist_search',
    );
    t = await createTestApp(db);
    auth = await authHeaders(t, 'admin');
    for (const seed of SEEDS)
      drawn.set(seed, await drawRandomCases(db.dataSource, seed, PER_CLASS, TEST_KEY_HASH_SECRET));
  });

  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  const all = (): RandomCase[] => [...drawn.values()].flat().flatMap((k) => k.cases);

  it('draws every class, each with first pages, offset pages, cursor pages and points', () => {
    for (const classes of drawn.values()) {
      expect(classes.map((k) => k.name)).toEqual(RANDOM_CLASSES.map((k) => k.name));
      for (const k of classes) expect(k.cases).toHaveLength(PER_CLASS);
    }
    const cases = all();
    for (const shape of RANDOM_CLASSES) {
      const mine = cases.filter((c) => c.class === shape.name);
      const kinds: string[] = [...new Set(mine.map((c) => c.page))].sort();
      // A CPSO number matches one doctor: no second page.
      const expected =
        shape.q === 'cpso' || shape.q === 'cpso-spaced' ? ['first'] : ['cursor', 'first', 'offset'];
      // A name as people type it (issue 50) often matches one doctor or a few: a page past them
      // has no cursor (the draw keeps what the list allows).
      const few = shape.list === 'search' && !['prefix', 'inner', 'cpso'].includes(shape.q ?? '');
      if (few)
        expect([shape.name, expected.filter((k) => kinds.includes(k))]).toEqual([
          shape.name,
          kinds,
        ]);
      else expect([shape.name, kinds]).toEqual([shape.name, expected]);
    }
    const has = (p: RegExp) => cases.filter((c) => p.test(c.path)).length;
    expect(has(/[?&](lat|near)=/)).toBeGreaterThan(100);
    expect(has(/[?&]radiusKm=/)).toBeGreaterThan(50);
    expect(has(/[?&]accepting=false/)).toBeGreaterThan(5);
    expect(has(/[?&]openAt=/)).toBeGreaterThan(5);
    expect(has(/[?&]acceptingStatus=/)).toBeGreaterThan(5);
    expect(has(/[?&]languages=[^&]*%2C/)).toBeGreaterThan(5);
  });

  it('draws name fragments of 2 to 5 letters: prefixes and inner substrings of real names, CPSO numbers, and names as people type them', async () => {
    const names = (await db.dataSource.query<{ name: string }[]>('SELECT name FROM doctors')).map(
      (r) => r.name.toLowerCase(),
    );
    const words = names.flatMap((n) => n.split(/[^\p{L}]+/u));
    for (const c of all().filter((x) => x.list === 'search')) {
      const q = String(c.query.q).toLowerCase();
      if (c.class === 'search CPSO') {
        expect(q).toMatch(/^\d+$/);
        continue;
      }
      // Issue 50's classes: a real name as people type it, a CPSO number with a space or hyphen.
      if (c.class === 'search CPSO spaced') {
        expect(q).toMatch(/^(cpso |#)?\d+[ -]\d+$/);
        continue;
      }
      if (!c.class.startsWith('search fragment')) {
        expect(q).toMatch(/^[a-z' ]+$/);
        continue;
      }
      expect(q).toMatch(/^\p{L}{2,5}$/u);
      if (c.class === 'search fragment prefix')
        expect(words.some((w) => w.startsWith(q))).toBe(true);
      else expect(words.some((w) => w.indexOf(q, 1) > 0)).toBe(true);
    }
  });

  it('every drawn URL answers 200 with a list envelope, and the use-case read is the same read', async () => {
    const failures: string[] = [];
    let withRows = 0;
    const u = directoryUseCases(db.dataSource, new KeepingReadCache());
    for (const c of all()) {
      const r = await call(t.app, 'GET', c.path, auth);
      const key = c.list === 'doctors' || c.list === 'search' ? 'doctors' : 'clinics';
      const body = r.body as Record<string, unknown>;
      const rows = body?.[key];
      const ok =
        r.status === 200 &&
        Array.isArray(rows) &&
        Number.isInteger(body.total) &&
        body.count === rows.length &&
        rows.length <= c.limit &&
        (body.nextCursor === null || typeof body.nextCursor === 'string');
      if (!ok) {
        failures.push(`${c.path} -> ${r.status} ${r.text.slice(0, 200)}`);
        continue;
      }
      if (rows.length > 0) withRows++;
      const read = (await targetOf(c).call(u)) as Page<unknown>;
      if (read.total !== body.total || read.items.length !== rows.length)
        failures.push(
          `${c.path}: use cases read ${read.items.length} of ${read.total}, HTTP ${rows.length} of ${String(body.total)}`,
        );
    }
    expect(failures).toEqual([]);
    // The draws reach rows (at 600 doctors, three or four filters or a deep page often match none).
    expect(withRows).toBeGreaterThan(all().length / 4);
  });

  it('a seed draws the same URLs again, another seed others', async () => {
    const again = await drawRandomCases(db.dataSource, 3, PER_CLASS, TEST_KEY_HASH_SECRET);
    const paths = (classes: RandomClass[]) => classes.flatMap((k) => k.cases.map((c) => c.path));
    expect(paths(again)).toEqual(paths(drawn.get(3)!));
    const other = new Set(paths(drawn.get(4)!));
    expect(paths(again).filter((p) => other.has(p)).length).toBeLessThan(10);
  });
});
