import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import fc from 'fast-check';
import { DoctorMemoryIndex } from '../../src/infrastructure/persistence/directory/memory/doctor-memory-index';
import {
  runExportCommand,
  runImportCommand,
} from '../../src/interface/cli/commands/directory-data.command';
import { authHeaders } from '../support/auth';
import { createDemoDatabase } from '../support/demo-database';
import { FixedClock } from '../support/fixed-clock';
import { call } from '../support/http';
import { createTestApp, TestApp } from '../support/test-app';
import { TestDatabase } from '../support/test-database';

/**
 * Issue 49, items 1 and 5: the columns in memory follow the change log in place, and answer what
 * a copy loaded whole answers. Each run draws (fast-check, seeded) a sequence of imports into a
 * small demo directory, each changing one to three doctors one way: gender, start year (one the
 * directory has, or one it has not), specialties, languages, a secondary clinic added or dropped,
 * expiry and return, and the changes a copy cannot apply in place (a new name, a new primary
 * clinic elsewhere, a new doctor, a clinic's flag). After each import three instances answer:
 * - `follow`, which applies the changes in place (and must have, for the kinds it can: no load);
 * - `whole`, with LOAD_AFTER_EVERY_CHANGE=true, which loads a copy whole after every change;
 * - `sql`, with LISTS_FROM_SQL=true, whose doctor and clinic lists are read from SQL.
 * Random doctor lists (filters, a point, a radius), name searches, clinic and specialist lists
 * and FHIR Practitioner searches are asked of each: `follow` answers exactly what `whole` does,
 * and its doctor and clinic lists what `sql` does. FOLLOW_PROPERTY_SEED and FOLLOW_PROPERTY_RUNS
 * replay or widen it.
 */
const SEED = Number(process.env.FOLLOW_PROPERTY_SEED ?? 4901);
const RUNS = Number(process.env.FOLLOW_PROPERTY_RUNS ?? 6);
const STEPS = 6;
const NOW = new Date('2026-11-27T17:00:00Z');
const quiet = { stdin: new PassThrough(), stderr: new PassThrough() };

type Rec = Record<string, unknown> & { type: string; source: string };

/** Kinds a copy applies in place, then kinds that need a load. */
const IN_PLACE = [
  'gender',
  'year',
  'specialties',
  'languages',
  'link',
  'unlink',
  'expire',
  'return',
  'clinic-flag',
  'clinic-hours',
  'clinic-status',
  'wait',
  'offering',
] as const;
const LOADS = ['new-year', 'rename', 'move', 'insert', 'clinic-point'] as const;
type Kind = (typeof IN_PLACE)[number] | (typeof LOADS)[number];

interface Step {
  kind: Kind;
  /** Which doctors (mod the doctors), which values (mod each list). */
  picks: number[];
}

const stepArb: fc.Arbitrary<Step> = fc.record({
  kind: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom<Kind>(...IN_PLACE) },
    { weight: 1, arbitrary: fc.constantFrom<Kind>(...LOADS) },
  ),
  picks: fc.array(fc.nat(10_000), { minLength: 8, maxLength: 8 }),
});

/** A query of each kind, drawn from the directory's values. */
interface Pools {
  specialties: string[];
  languages: string[];
  names: string[];
  points: { lat: number; lng: number }[];
}

/** Toronto wall-clock moments in the API's window (weekdays, evenings, a weekend, a holiday). */
const OPEN_AT = [
  '2026-11-30T08:00',
  '2026-12-01T12:30',
  '2026-12-02T20:00',
  '2026-12-05T10:00',
  '2026-12-06T11:00',
  '2026-12-25T11:00',
];

/** A query string. */
const qs = (q: Record<string, string>) => new URLSearchParams(q).toString();

/** A value one time in three, else null (a filter left out). */
const maybe = <T>(a: fc.Arbitrary<T>): fc.Arbitrary<T | null> =>
  fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: a });

/** Queries that find the doctors changed: their name searched, and a list of their values. */
function queriesOf(d: Rec): string[] {
  const name = d.name as string;
  const specialty = (d.specialties as string[])[0];
  const language = (d.languages as string[]).slice(-1)[0];
  return [
    `/doctors/search?${qs({ q: name })}`,
    `/fhir/Practitioner?${qs({ name: name.split(' ').pop()! })}`,
    `/doctors?${qs({ specialties: specialty, languages: language, limit: '100' })}`,
    `/doctors?${qs({ gender: d.gender as string, languages: language, limit: '100' })}`,
    `/clinics?${qs({ specialties: specialty, languages: language, limit: '100' })}`,
    `/specialists?${qs({ specialty, languages: language, limit: '100' })}`,
  ];
}

/** Queries that find a clinic changed (or an offering's clinic): near it, by its flags and hours. */
function clinicQueries(r: Rec, clinics: readonly Rec[]): string[] {
  const c =
    r.type === 'clinic'
      ? r
      : clinics.find(
          (x) =>
            JSON.stringify([x.source, x.sourceId]) ===
            JSON.stringify([(r.clinic as Rec).source, (r.clinic as Rec).sourceId]),
        );
  if (!c) return [];
  const near = { lat: String(c.lat), lng: String(c.lng), radiusKm: '1', limit: '100' };
  return [
    ...OPEN_AT.slice(0, 4).map((openAt) => `/clinics?${qs({ ...near, openAt })}`),
    `/clinics?${qs({ ...near, wheelchair: String(c.wheelchair), accepting: 'true' })}`,
    `/doctors?${qs({ ...near, openAt: OPEN_AT[2] })}`,
    `/doctors?${qs({ ...near, wheelchair: 'true' })}`,
    `/doctors?${qs({ ...near, acceptingStatus: 'accepting' })}`,
    ...(r.type === 'offering'
      ? [`/specialists?${qs({ specialty: r.specialty as string, limit: '100' })}`]
      : []),
  ];
}

function queryArb(p: Pools): fc.Arbitrary<string> {
  const doctors = fc
    .record({
      specialties: maybe(fc.subarray(p.specialties, { minLength: 1, maxLength: 2 })),
      languages: maybe(fc.subarray(p.languages, { minLength: 1, maxLength: 2 })),
      gender: maybe(fc.constantFrom('male', 'female', 'non-binary')),
      minYears: maybe(fc.integer({ min: 0, max: 40 })),
      maxYears: maybe(fc.integer({ min: 0, max: 40 })),
      accepting: maybe(fc.boolean()),
      wheelchair: maybe(fc.boolean()),
      openAt: maybe(fc.constantFrom(...OPEN_AT)),
      at: maybe(
        fc.record({ point: fc.constantFrom(...p.points), km: maybe(fc.constantFrom(2, 10)) }),
      ),
      offset: fc.constantFrom(0, 0, 20),
    })
    .map((q) => {
      const s = new URLSearchParams({ limit: '40', offset: String(q.offset) });
      if (q.specialties) s.set('specialties', q.specialties.join(','));
      if (q.languages) s.set('languages', q.languages.join(','));
      if (q.gender) s.set('gender', q.gender);
      if (q.minYears !== null) s.set('minYears', String(q.minYears));
      if (q.maxYears !== null && (q.minYears ?? 0) <= q.maxYears)
        s.set('maxYears', String(q.maxYears));
      if (q.accepting !== null) s.set('accepting', String(q.accepting));
      if (q.wheelchair !== null) s.set('wheelchair', String(q.wheelchair));
      if (q.openAt !== null) s.set('openAt', q.openAt);
      if (q.at) {
        s.set('lat', String(q.at.point.lat));
        s.set('lng', String(q.at.point.lng));
        if (q.at.km !== null) s.set('radiusKm', String(q.at.km));
      }
      return `/doctors?${s.toString()}`;
    });
  const search = fc
    .record({
      name: fc.constantFrom(...p.names),
      words: fc.constantFrom(1, 2),
      gender: maybe(fc.constantFrom('male', 'female')),
    })
    .map(({ name, words, gender }) => {
      const s = new URLSearchParams({ q: name.split(' ').slice(-words).join(' '), limit: '30' });
      if (gender) s.set('gender', gender);
      return `/doctors/search?${s.toString()}`;
    });
  const clinics = fc
    .record({
      specialties: maybe(fc.subarray(p.specialties, { minLength: 1, maxLength: 1 })),
      languages: maybe(fc.subarray(p.languages, { minLength: 1, maxLength: 2 })),
      wheelchair: maybe(fc.boolean()),
      accepting: maybe(fc.boolean()),
      openAt: maybe(fc.constantFrom(...OPEN_AT)),
    })
    .map((q) => {
      const s = new URLSearchParams({ limit: '40' });
      if (q.wheelchair !== null) s.set('wheelchair', String(q.wheelchair));
      if (q.accepting !== null) s.set('accepting', String(q.accepting));
      if (q.openAt !== null) s.set('openAt', q.openAt);
      if (q.specialties) s.set('specialties', q.specialties.join(','));
      if (q.languages) s.set('languages', q.languages.join(','));
      return `/clinics?${s.toString()}`;
    });
  const specialists = fc
    .record({
      specialty: fc.constantFrom(...p.specialties),
      languages: maybe(fc.constantFrom(...p.languages)),
      openAt: maybe(fc.constantFrom(...OPEN_AT)),
    })
    .map((q) => {
      const s = new URLSearchParams({ specialty: q.specialty, limit: '40' });
      if (q.languages !== null) s.set('languages', q.languages);
      if (q.openAt !== null) s.set('openAt', q.openAt);
      return `/specialists?${s.toString()}`;
    });
  const fhir = fc
    .constantFrom(...p.names)
    .map((n) => `/fhir/Practitioner?${qs({ name: n.split(' ').pop()!, _count: '20' })}`);
  return fc.oneof(doctors, doctors, search, clinics, specialists, fhir);
}

/** What a list answer says, for comparison (dataVersion aside, which may differ by copy). */
function answerOf(body: Record<string, unknown>): unknown {
  const { dataVersion: _v, ...rest } = body;
  return rest;
}

describe('the columns in memory follow the change log in place (issue 49, property)', () => {
  let db: TestDatabase;
  let follow: TestApp;
  let whole: TestApp;
  let sql: TestApp;
  let auth: Record<string, string>;
  let records: Rec[];
  const dir = mkdtempSync(join(tmpdir(), 'gtad-follow-'));
  let files = 0;

  beforeAll(async () => {
    db = await createDemoDatabase(
      'index-follows',
      { doctors: 500, seed: 49, now: NOW },
      'doctor_search',
    );
    const clock = new FixedClock(NOW);
    follow = await createTestApp(db, {}, clock);
    whole = await createTestApp(db, { LOAD_AFTER_EVERY_CHANGE: 'true' }, clock);
    sql = await createTestApp(db, { LISTS_FROM_SQL: 'true' }, clock);
    auth = await authHeaders(follow, 'admin');
    const chunks: string[] = [];
    const out = new Writable({
      write(chunk: Buffer, _e, done) {
        chunks.push(chunk.toString());
        done();
      },
    });
    await runExportCommand([], db.dataSource, out, new PassThrough());
    records = chunks
      .join('')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Rec);
  }, 180_000);

  afterAll(async () => {
    await follow?.close();
    await whole?.close();
    await sql?.close();
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function importRecords(recs: Rec[]): Promise<void> {
    const path = join(dir, `f${++files}.ndjson`);
    writeFileSync(path, recs.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const s = await runImportCommand([path, '--source', recs[0].source], db.dataSource, quiet);
    const report = s.report ? readFileSync(s.report, 'utf8') : null;
    expect({ rejected: s.rejected, report }).toEqual({ rejected: 0, report: null });
  }

  /** The records of one step: the doctors changed (kept in `records`), or a clinic. */
  function changed(step: Step, pools: Pools, years: number[]): Rec[] {
    const doctors = records.filter((r) => r.type === 'doctor');
    const clinics = records.filter((r) => r.type === 'clinic');
    const pick = (k: number) => step.picks[k];
    const nth = <T>(xs: readonly T[], k: number) => xs[pick(k) % xs.length];
    if (step.kind.startsWith('clinic-')) {
      const c = nth(clinics, 0);
      const next: Rec = { ...c };
      if (step.kind === 'clinic-flag') next.wheelchair = !c.wheelchair;
      if (step.kind === 'clinic-status') {
        const statuses = ['accepting', 'existing-patients-only', 'not-accepting'];
        next.acceptingStatus = nth(
          statuses.filter((x) => x !== c.acceptingStatus),
          1,
        );
        next.acceptingNewPatients = next.acceptingStatus === 'accepting';
      }
      if (step.kind === 'clinic-point') next.lat = (c.lat as number) + 0.01;
      if (step.kind === 'clinic-hours') {
        const week = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
        const hours = {
          ...Object.fromEntries(week.map((d) => [d, []])),
          ...(c.hours as Record<string, unknown> | null),
        };
        const day = nth(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], 1);
        hours[day] = nth(
          [[], [{ open: '07:00', close: '21:30' }], [{ open: '10:00', close: '14:00' }]],
          2,
        );
        next.hours = hours;
      }
      records[records.indexOf(c)] = next;
      return [next];
    }
    if (step.kind === 'wait' || step.kind === 'offering') {
      const offerings = records.filter((r) => r.type === 'offering');
      const o = nth(offerings, 0);
      if (step.kind === 'wait') {
        const next: Rec = { ...o, waitWeeks: 1 + (pick(1) % 30) };
        records[records.indexOf(o)] = next;
        return [next];
      }
      const clinic = nth(clinics, 1);
      const specialty = nth(pools.specialties, 2);
      const key = (r: Rec) => JSON.stringify([r.clinic, r.specialty]);
      const next: Rec = {
        type: 'offering',
        source: clinic.source,
        clinic: { source: clinic.source, sourceId: clinic.sourceId },
        specialty,
        waitWeeks: 1 + (pick(3) % 20),
      };
      if (offerings.some((r) => key(r) === key(next))) return [];
      records.push(next);
      return [next];
    }
    if (step.kind === 'insert') {
      const like = nth(doctors, 0);
      const next: Rec = {
        ...like,
        cpsoNumber: String(900000 + (pick(1) % 99999)),
        name: `${nth(pools.names, 2).split(' ')[0]} Newcomer`,
      };
      delete next.id;
      if (doctors.some((d) => d.cpsoNumber === next.cpsoNumber)) return [];
      records.push(next);
      return [next];
    }
    const unused = Array.from({ length: 87 }, (_, k) => 1940 + k).filter((y) => !years.includes(y));
    if (step.kind === 'new-year' && unused.length === 0) return [];
    const out: Rec[] = [];
    const count = 1 + (pick(7) % 3);
    for (let j = 0; j < count; j++) {
      const d = doctors[(pick(0) + j * 97) % doctors.length];
      const next: Rec = { ...d };
      const links = d.clinics as { sourceId: string; source?: string; primary: boolean }[];
      const otherClinic = () => {
        const c = nth(clinics, 3 + j);
        return { source: c.source, sourceId: c.sourceId as string };
      };
      switch (step.kind) {
        case 'gender':
          next.gender = nth(
            ['male', 'female', 'non-binary'].filter((g) => g !== d.gender),
            1,
          );
          break;
        case 'year':
          next.practiceStartYear = nth(years, 1 + j);
          break;
        case 'new-year':
          // A year no doctor of the directory started in (the copy has no set for it): a load.
          next.practiceStartYear = nth(unused, 1);
          break;
        case 'specialties':
          next.specialties = [nth(pools.specialties, 1 + j)];
          break;
        case 'languages':
          next.languages = [
            ...new Set(['English', nth(pools.languages, 1 + j), nth(pools.languages, 2 + j)]),
          ];
          break;
        case 'link': {
          const c = otherClinic();
          if (!links.some((l) => l.sourceId === c.sourceId))
            next.clinics = [...links, { ...c, primary: false }];
          break;
        }
        case 'unlink':
          next.clinics = links.filter((l, k) => l.primary || k !== links.length - 1);
          break;
        case 'expire':
          next.expiredAt = '2026-11-26T12:00:00Z';
          break;
        case 'return':
          next.expiredAt = null;
          break;
        case 'rename':
          next.name = `${d.name as string} Renamed`;
          break;
        case 'move':
          next.clinics = [{ ...otherClinic(), primary: true }];
          break;
      }
      records[records.indexOf(d)] = next;
      out.push(next);
    }
    return out;
  }

  it('after every import, the copy followed in place answers what a copy loaded whole and SQL answer (seeded)', async () => {
    console.log(`index follows changes property: seed ${SEED} (FOLLOW_PROPERTY_SEED to replay)`);
    const ds = db.dataSource;
    const pools: Pools = {
      specialties: (await ds.query(`SELECT name FROM specialties ORDER BY name`)).map(
        (r: { name: string }) => r.name,
      ),
      languages: (await ds.query(`SELECT name FROM languages ORDER BY name`)).map(
        (r: { name: string }) => r.name,
      ),
      names: records.filter((r) => r.type === 'doctor').map((r) => r.name as string),
      points: records
        .filter((r) => r.type === 'clinic')
        .slice(0, 30)
        .map((r) => ({ lat: r.lat as number, lng: r.lng as number })),
    };
    const years = [
      ...new Set(
        records.filter((r) => r.type === 'doctor').map((r) => r.practiceStartYear as number),
      ),
    ];
    const index = follow.app.get(DoctorMemoryIndex);
    const seen = { inPlace: 0, loads: 0, answers: 0, nonEmpty: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(stepArb, fc.array(queryArb(pools), { minLength: 6, maxLength: 6 })), {
          minLength: STEPS,
          maxLength: STEPS,
        }),
        async (steps) => {
          for (const [step, queries] of steps) {
            const recs = changed(step, pools, years);
            if (recs.length === 0) continue;
            const loadsBefore = index.loads;
            const followedBefore = index.followed;
            await importRecords(recs);
            for (const t of [follow, whole, sql]) await t.app.get(DoctorMemoryIndex).ready();
            if ((IN_PLACE as readonly string[]).includes(step.kind)) {
              // Applied in place, no load; but a doctor expired before the copy was loaded has
              // no row in it, and its return is a new row: a load.
              const load = index.loads > loadsBefore ? index.lastLoadReason : undefined;
              const allowed = step.kind === 'return' ? [undefined, 'a new doctor'] : [undefined];
              expect({ step: step.kind, load: allowed.includes(load) }).toEqual({
                step: step.kind,
                load: true,
              });
              if (index.followed > followedBefore) seen.inPlace++;
            } else if (index.loads > loadsBefore) seen.loads++;
            for (const path of [
              ...queries,
              ...recs.filter((r) => r.type === 'doctor').flatMap(queriesOf),
              ...recs
                .filter((r) => r.type !== 'doctor')
                .flatMap((r) =>
                  clinicQueries(
                    r,
                    records.filter((x) => x.type === 'clinic'),
                  ),
                ),
            ]) {
              const [a, b] = await Promise.all(
                [follow, whole].map((t) => call(t.app, 'GET', path, auth)),
              );
              expect({ path, status: a.status }).toEqual({ path, status: 200 });
              expect({ path, step, answer: answerOf(a.body) }).toEqual({
                path,
                step,
                answer: answerOf(b.body),
              });
              seen.answers++;
              const total = (a.body as { total?: number }).total;
              if (total) seen.nonEmpty++;
              if (path.startsWith('/doctors?') || path.startsWith('/clinics?')) {
                const c = await call(sql.app, 'GET', path, auth);
                expect({ path, step, answer: answerOf(a.body) }).toEqual({
                  path,
                  step,
                  answer: answerOf(c.body),
                });
              }
            }
          }
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    console.log(`index follows changes property: ${JSON.stringify(seen)}`);
    // The draws exercised both ways of catching up, and real answers.
    expect(seen.inPlace).toBeGreaterThan(5);
    expect(seen.loads).toBeGreaterThan(0);
    expect(seen.nonEmpty).toBeGreaterThan(seen.answers / 2);
  }, 900_000);

  it('a gap in the change log (changes the copy has not read are gone) loads a copy whole, which answers the change', async () => {
    const index = follow.app.get(DoctorMemoryIndex);
    await index.ready();
    const d = records.find((r) => r.type === 'doctor' && !r.expiredAt)!;
    const next: Rec = { ...d, gender: d.gender === 'female' ? 'male' : 'female' };
    records[records.indexOf(d)] = next;
    // The retention has cut past the copy's position: the next version's floor is after it.
    await db.dataSource.query(
      `UPDATE directory_versions SET floor_seq = last_seq + 1
        WHERE version = (SELECT max(version) FROM directory_versions)`,
    );
    const loads = index.loads;
    await importRecords([next]);
    await index.ready();
    await whole.app.get(DoctorMemoryIndex).ready();
    expect(index.loads).toBe(loads + 1);
    expect(index.lastLoadReason).toBe('a gap in the change log');
    for (const path of queriesOf(next)) {
      const [a, b] = await Promise.all([follow, whole].map((t) => call(t.app, 'GET', path, auth)));
      expect({ path, answer: answerOf(a.body) }).toEqual({ path, answer: answerOf(b.body) });
    }
    const found = await call(follow.app, 'GET', queriesOf(next)[0], auth);
    expect(found.body.doctors.map((x: { cpsoNumber: string }) => x.cpsoNumber)).toContain(
      next.cpsoNumber,
    );
  }, 120_000);
});
