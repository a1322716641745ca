import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import fc from 'fast-check';
import { seedDemoData } from '../../src/infrastructure/seed/demo-data.seeder';
import {
  runExportCommand,
  runImportCommand,
} from '../../src/interface/cli/commands/directory-data.command';
import { authHeaders } from '../support/auth';
import {
  Copy,
  cursorPosition,
  differingKeys,
  FeedChange,
  keyOf,
  SyncClient,
  SyncRecord,
} from '../support/sync-copy';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * Issue 34, "Done when": a client that downloads the bulk snapshot and then polls /changes holds,
 * after ANY sequence of imports, exactly what the API serves, with a few requests.
 *
 * Each run draws (fast-check) a sequence of 2 to 5 imports of a partner source of its own, on a
 * small demo directory with a base file of that source imported: new records (clinics, doctors
 * linked to new, existing and demo clinics, offerings, reviews of new, existing, expired and demo
 * doctors or of clinics), updates of fields (names, languages, links, hours exceptions, accepting
 * status, waits, review texts, a review moved to another doctor or to a clinic), `--snapshot`
 * imports that omit records (doctors expire; reviews, offerings and clinics are removed or kept),
 * a doctor's return (by a plain import, with the records removed before, or in a snapshot), a
 * doctor expired by its record, a `--dry-run` and a `--strict` import with refusals (both must
 * change nothing), imports with refused lines (a refused record keeps its row, even in a
 * snapshot), and the same file again (nothing new). A client copy is taken from the bulk snapshot
 * before the sequence; after the steps drawn to poll (always the last), the client follows
 * /changes with a drawn small `limit`, and:
 * - its copy equals a fresh bulk snapshot record by record, and its doctors are those /doctors
 *   lists, its clinics as many as /clinics counts;
 * - the pages are as few as the changes allow: every page but the last is full, so the requests
 *   are max(1, ceil(changes / limit)), and the feed's changes are exactly the log's rows between
 *   the two cursors;
 * - nothing is sent that did not change: every key of the feed is a record of an imported file or
 *   one whose served record changed in a step since the last poll;
 * - a change is never in the feed before the lists show it: as each page is answered, its doctor
 *   and clinic upserts are found by the batch lookups with the same name and its reviews' upserts
 *   are in their doctor's or clinic's reviews; the doctors and clinics the copy ends deleting are
 *   not found (a page's delete may be of a record that came back later: the feed renders at read
 *   time, and the upsert follows).
 * A no-op step leaves the version, the cursor and the snapshot as they were.
 * The feed answers hasMore exactly (it reads limit + 1), so a follow is max(1, ceil(n / limit))
 * requests, not one more.
 *
 * SYNC_PROPERTY_SEED (default 3401) and SYNC_PROPERTY_RUNS (default 25) replay or widen it.
 */
const SEED = Number(process.env.SYNC_PROPERTY_SEED ?? 3401);
const RUNS = Number(process.env.SYNC_PROPERTY_RUNS ?? 25);
const FIXTURES = join(__dirname, '..', 'fixtures', 'import');
const LIMITS = [1, 2, 3, 5, 8, 1000] as const;

type Rec = SyncRecord;

/** The partner source's records as the directory holds them (its export), expired doctors too. */
interface Model {
  clinics: Rec[];
  doctors: Rec[];
  offerings: Rec[];
  reviews: Rec[];
}

/** An edit of one record: which list (mod 4), which record (mod length), which field. */
interface Edit {
  what: number;
  pick: number;
  field: number;
}
interface Insert {
  kind: 'insert';
  clinics: number;
  doctors: number;
  offerings: number;
  reviews: number;
  picks: number[];
}
interface Update {
  kind: 'update';
  edits: Edit[];
}
interface Snapshot {
  kind: 'snapshot';
  omitDoctors: number[];
  omitReviews: number[];
  omitOfferings: number[];
  omitClinics: number[];
  /** Expired doctors: in the file with their expiredAt (true) or absent (false). */
  keepExpiredInFile: boolean;
  edits: Edit[];
}
type Inner = Insert | Update | Snapshot;
type Step = (
  | Inner
  | { kind: 'return'; pick: number; inSnapshot: boolean }
  | { kind: 'expire'; pick: number }
  | { kind: 'dry-run'; inner: Inner }
  | { kind: 'rejected'; inner: Inner; bad: number[]; strict: boolean }
  | { kind: 'repeat' }
) & { poll: boolean; limit: number };

const editArb: fc.Arbitrary<Edit> = fc.record({
  what: fc.nat(3),
  pick: fc.nat(50),
  field: fc.nat(6),
});
const insertArb: fc.Arbitrary<Insert> = fc.record({
  kind: fc.constant('insert' as const),
  clinics: fc.nat(2),
  doctors: fc.nat(3),
  offerings: fc.nat(2),
  reviews: fc.nat(3),
  picks: fc.array(fc.nat(50), { minLength: 16, maxLength: 16 }),
});
const updateArb: fc.Arbitrary<Update> = fc.record({
  kind: fc.constant('update' as const),
  edits: fc.array(editArb, { minLength: 1, maxLength: 4 }),
});
const snapshotArb: fc.Arbitrary<Snapshot> = fc.record({
  kind: fc.constant('snapshot' as const),
  omitDoctors: fc.array(fc.nat(50), { maxLength: 2 }),
  omitReviews: fc.array(fc.nat(50), { maxLength: 2 }),
  omitOfferings: fc.array(fc.nat(50), { maxLength: 2 }),
  omitClinics: fc.array(fc.nat(50), { maxLength: 3 }),
  keepExpiredInFile: fc.boolean(),
  edits: fc.array(editArb, { maxLength: 2 }),
});
const innerArb: fc.Arbitrary<Inner> = fc.oneof(insertArb, updateArb, snapshotArb);
const stepArb: fc.Arbitrary<Step> = fc
  .tuple(
    fc.oneof(
      { weight: 3, arbitrary: insertArb },
      { weight: 3, arbitrary: updateArb },
      { weight: 3, arbitrary: snapshotArb },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant('return' as const),
          pick: fc.nat(50),
          inSnapshot: fc.boolean(),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({ kind: fc.constant('expire' as const), pick: fc.nat(50) }),
      },
      {
        weight: 1,
        arbitrary: fc.record({ kind: fc.constant('dry-run' as const), inner: innerArb }),
      },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant('rejected' as const),
          inner: innerArb,
          bad: fc.uniqueArray(fc.nat(4), { minLength: 1, maxLength: 3 }),
          strict: fc.boolean(),
        }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('repeat' as const) }) },
    ),
    fc.boolean(),
    fc.constantFrom(...LIMITS),
  )
  .map(([s, poll, limit]) => ({ ...s, poll, limit }));

describe('a synced copy stays exact through random sequences of imports (property)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let client: SyncClient;
  const dir = mkdtempSync(join(tmpdir(), 'gtad-sync-prop-'));
  const quiet = { stdin: new PassThrough(), stderr: new PassThrough() };
  const fixture = readFileSync(join(FIXTURES, 'good.ndjson'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Rec);
  const clinicTpl = fixture.find((r) => r.sourceId === 'CL-1001')!;
  const doctorTpl = fixture.find((r) => r.cpsoNumber === '512345')!;
  const reviewTpl = fixture.find((r) => r.sourceId === 'RV-1')!;
  let specialties: string[];
  let languages: string[];
  let demoClinics: { source: string; sourceId: string }[];
  let demoDoctors: string[];
  let run = 0;
  let files = 0;
  const seen = {
    steps: 0,
    polls: 0,
    changes: 0,
    pages: 0,
    expired: 0,
    returned: 0,
    restored: 0,
    removed: 0,
    rejected: 0,
    deletes: 0,
    kinds: {} as Record<string, number>,
  };

  beforeAll(async () => {
    db = await createTestDatabase('sync_random_imports');
    await seedDemoData(db.dataSource, { doctors: 12, seed: 34 });
    // The client is a live key; its quota is not what this test is about.
    t = await createTestApp(db, { LIVE_RATE_PER_MIN: '1000000' });
    client = new SyncClient(t.app, await authHeaders(t, 'live'));
    const names = async (table: string) =>
      (await db.dataSource.query<{ name: string }[]>(`SELECT name FROM ${table} ORDER BY id`)).map(
        (r) => r.name,
      );
    specialties = (await names('specialties')).slice(0, 6);
    languages = (await names('languages')).slice(0, 6);
    demoClinics = (
      await db.dataSource.query<{ source: string; source_id: string }[]>(
        `SELECT source, source_id FROM clinics ORDER BY source, source_id LIMIT 3`,
      )
    ).map((c) => ({ source: c.source, sourceId: c.source_id }));
    demoDoctors = (
      await db.dataSource.query<{ cpso_number: string }[]>(
        `SELECT cpso_number FROM doctors WHERE expired_at IS NULL ORDER BY cpso_number LIMIT 2`,
      )
    ).map((d) => d.cpso_number);
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Imports `records` (and `extra` raw lines) as `source`; the summary. */
  async function importFile(source: string, lines: string[], flags: string[]) {
    const path = join(dir, `f${++files}.ndjson`);
    writeFileSync(path, lines.join('\n') + '\n');
    return runImportCommand([path, '--source', source, ...flags], db.dataSource, quiet);
  }

  /** The source's records as the directory holds them: its export (catalogue names left out). */
  async function exportSource(source: string): Promise<Model> {
    const chunks: string[] = [];
    const out = new Writable({
      write(chunk: Buffer, _enc, cb) {
        chunks.push(chunk.toString());
        cb();
      },
    });
    await runExportCommand(['--source', source], db.dataSource, out, new PassThrough());
    const recs = chunks
      .join('')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Rec);
    const of = (type: string) => recs.filter((r) => r.type === type);
    return {
      clinics: of('clinic'),
      doctors: of('doctor'),
      offerings: of('offering'),
      reviews: of('review'),
    };
  }

  it('after every drawn sequence of imports, the copy equals a fresh snapshot (seeded)', async () => {
    console.log(
      `sync random imports property: seed ${SEED} (SYNC_PROPERTY_SEED to replay), ${RUNS} runs (SYNC_PROPERTY_RUNS)`,
    );
    const t0 = Date.now();
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 2, maxLength: 5 }), async (steps) => {
        await runSequence(steps);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: process.env.SYNC_PROPERTY_SHRINK === '0' },
    );
    console.log(
      `sync random imports property: ${run} sequences (${seen.steps} steps, ${seen.polls} polls, ` +
        `${seen.changes} changes (${seen.deletes} deletes) in ${seen.pages} pages; ${seen.expired} doctors expired, ` +
        `${seen.returned} returned, ${seen.removed} records removed, ${seen.restored} restored, ${seen.rejected} lines refused; ` +
        `steps ${JSON.stringify(seen.kinds)}) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
  }, 900_000);

  async function runSequence(steps: Step[]): Promise<void> {
    run++;
    const source = `partner-r${run}`;
    let serial = 0;
    const tag = () => `${run}-${++serial}`;
    let cpsoSerial = 0;
    const newCpso = () => String(80_000_000 + run * 1000 + ++cpsoSerial);

    const clinicRecord = (sourceId: string): Rec => ({
      ...clinicTpl,
      source,
      sourceId,
      name: `Clinic ${sourceId}`,
      lat: 43.6 + (serial % 20) / 100,
      lng: -79.5 + (serial % 13) / 100,
    });
    const ref = (c: Rec | { source: string; sourceId: string }) => ({
      source: c.source as string,
      sourceId: c.sourceId as string,
    });
    const doctorRecord = (cpso: string, clinics: { source: string; sourceId: string }[]): Rec => ({
      ...doctorTpl,
      source,
      cpsoNumber: cpso,
      name: `Doctor ${cpso}`,
      specialties: [specialties[Number(cpso) % specialties.length]],
      languages: [languages[0], languages[1 + (Number(cpso) % (languages.length - 1))]],
      clinics: clinics.map((c, i) => ({ ...c, primary: i === 0 })),
    });
    const reviewRecord = (
      sourceId: string,
      about: { doctor: string } | { clinic: object },
    ): Rec => {
      const { doctor: _d, ...rest } = reviewTpl;
      void _d;
      return { ...rest, source, sourceId, text: `Review ${sourceId}.`, ...about };
    };
    const offeringRecord = (clinic: Rec, specialty: string, weeks: number): Rec => ({
      type: 'offering',
      source,
      clinic: ref(clinic),
      specialty,
      waitWeeks: weeks,
    });

    // The base: three clinics (the third only offers a specialty), four doctors, reviews of a
    // doctor, of a clinic and of a demo doctor.
    const c1 = clinicRecord(`C${tag()}`);
    const c2 = clinicRecord(`C${tag()}`);
    const c3 = clinicRecord(`C${tag()}`);
    const base: Rec[] = [
      c1,
      c2,
      c3,
      doctorRecord(newCpso(), [ref(c1)]),
      doctorRecord(newCpso(), [ref(c1), ref(c2)]),
      doctorRecord(newCpso(), [ref(c2)]),
      doctorRecord(newCpso(), [ref(c2), demoClinics[0]]),
      offeringRecord(c3, specialties[1], 4),
      offeringRecord(c2, specialties[2], 9),
    ];
    base.push(
      reviewRecord(`R${tag()}`, { doctor: base[3].cpsoNumber as string }),
      reviewRecord(`R${tag()}`, { doctor: base[5].cpsoNumber as string }),
      reviewRecord(`R${tag()}`, { clinic: { sourceId: c1.sourceId } }),
      reviewRecord(`R${tag()}`, { doctor: demoDoctors[0] }),
    );
    const b = await importFile(
      source,
      base.map((r) => JSON.stringify(r)),
      [],
    );
    expect({ rejected: b.rejected, inserted: b.inserted }).toEqual({
      rejected: 0,
      inserted: base.length,
    });
    let model = await exportSource(source);
    /** The source's clinics, offerings and reviews removed by snapshots (a return restores them). */
    const removed = new Map<string, Rec>();

    // The client's copy, from the bulk snapshot.
    const start = await client.freshSnapshot();
    const copy: Copy = start.copy;
    let cursor = start.manifest.changesCursor as string;
    let truth: Copy = start.copy;
    /** Keys the feed may name at the next poll: changed records and the files' records. */
    const mayChange = new Set<string>();
    let last: { lines: string[]; flags: string[]; refused: number } | null = null;
    const log: string[] = [];

    /** The file's key of a record as imported (a clinic reference defaults to the source). */
    const fileKey = (r: Rec): string => {
      if (r.type === 'offering') {
        const c = r.clinic as { source?: string; sourceId: string };
        return keyOf('offering', {
          ...r,
          clinic: { source: c.source ?? source, sourceId: c.sourceId },
        });
      }
      return keyOf(r.type, { ...r, source: r.source ?? source });
    };

    /** Copies of the model's records, with edits applied. */
    const edited = (m: Model, edits: Edit[]): Map<string, Rec> => {
      const out = new Map<string, Rec>();
      const lists = [m.doctors, m.clinics, m.offerings, m.reviews];
      const clinicsNow = m.clinics.map(ref);
      for (const e of edits) {
        const list = lists[e.what];
        if (list.length === 0) continue;
        const orig = list[e.pick % list.length];
        const k = fileKey(orig);
        const r: Rec = structuredClone(out.get(k) ?? orig);
        const f = e.field;
        if (r.type === 'doctor') {
          if (f === 0) r.name = `${r.name as string} Jr`;
          else if (f === 1)
            r.languages = [languages[(e.pick + 2) % languages.length], languages[0]].filter(
              (x, i, a) => a.indexOf(x) === i,
            );
          else if (f === 2) r.practiceStartYear = (r.practiceStartYear as number) + 1;
          else if (f === 3 && clinicsNow.length > 0) {
            // Relinked: another clinic of the source becomes the primary one.
            const links = r.clinics as { source: string; sourceId: string; primary: boolean }[];
            const c = clinicsNow[e.pick % clinicsNow.length];
            r.clinics = [
              { ...c, primary: true },
              ...links
                .filter((l) => l.source !== c.source || l.sourceId !== c.sourceId)
                .slice(0, 1)
                .map((l) => ({ ...l, primary: false })),
            ];
          } else if (f === 4) r.syncedAt = `2026-10-0${1 + (e.pick % 9)}T10:00:00.000Z`;
          else if (f === 5)
            r.bookingOnline = r.bookingOnline
              ? null
              : `https://book.example.org/${r.cpsoNumber as string}`;
          else {
            // Also practises at a demo clinic (another source's).
            const links = r.clinics as { source: string; sourceId: string; primary: boolean }[];
            const d = demoClinics[e.pick % demoClinics.length];
            if (!links.some((l) => l.source === d.source && l.sourceId === d.sourceId))
              r.clinics = [...links.slice(0, 2), { ...d, primary: false }];
          }
        } else if (r.type === 'clinic') {
          if (f === 0) r.name = `${r.name as string} East`;
          else if (f === 1) r.phone = `416 555 ${String(1000 + e.pick).slice(-4)}`;
          else if (f === 2) {
            const accepting = r.acceptingStatus === 'accepting';
            r.acceptingStatus = accepting ? 'not-accepting' : 'accepting';
            r.acceptingNewPatients = !accepting;
          } else if (f === 3)
            r.hoursExceptions = (r.hoursExceptions as unknown[] | undefined)?.length
              ? []
              : [{ date: '2026-12-24', closed: true, reason: 'Staff training' }];
          else if (f === 4) r.hours = r.hours === null ? clinicTpl.hours : null;
          else if (f === 5) r.notes = `Notes ${e.pick}`;
          else r.availabilityCheckedAt = `2026-10-0${1 + (e.pick % 9)}T09:00:00.000Z`;
        } else if (r.type === 'offering') {
          r.waitWeeks = ((r.waitWeeks as number) + 1 + f) % 40;
        } else {
          const doctors = m.doctors;
          if (f === 0 || f === 5) r.text = `${r.text as string} Edited.`;
          else if (f === 1) r.rating = 1 + ((r.rating as number) % 5);
          else if (f === 2 && doctors.length > 0) {
            // Moved to another doctor of the source (practising or expired).
            delete r.clinic;
            r.doctor = doctors[e.pick % doctors.length].cpsoNumber;
          } else if (f === 3) {
            delete r.clinic;
            r.doctor = demoDoctors[e.pick % demoDoctors.length];
          } else if (clinicsNow.length > 0) {
            delete r.doctor;
            r.clinic = clinicsNow[e.pick % clinicsNow.length];
          }
        }
        out.set(k, r);
      }
      return out;
    };

    /** The file of an inner step: records by key (a refused line may replace one). */
    const build = (inner: Inner, m: Model): { recs: Map<string, Rec>; snapshot: boolean } => {
      if (inner.kind === 'update') return { recs: edited(m, inner.edits), snapshot: false };
      if (inner.kind === 'snapshot') {
        const omit = new Set<string>();
        const pickFrom = (list: Rec[], picks: number[]) => {
          for (const p of picks) if (list.length) omit.add(fileKey(list[p % list.length]));
        };
        pickFrom(m.doctors, inner.omitDoctors);
        pickFrom(m.reviews, inner.omitReviews);
        pickFrom(m.offerings, inner.omitOfferings);
        pickFrom(m.clinics, inner.omitClinics);
        const changed = edited(m, inner.edits);
        const recs = new Map<string, Rec>();
        for (const r of [...m.clinics, ...m.doctors, ...m.offerings, ...m.reviews]) {
          const k = fileKey(r);
          if (omit.has(k)) continue;
          if (r.type === 'doctor' && r.expiredAt && !inner.keepExpiredInFile) continue;
          recs.set(k, changed.get(k) ?? r);
        }
        return { recs, snapshot: true };
      }
      // New records, referring to new ones, the source's and the demo's.
      const p = inner.picks;
      let pi = 0;
      const pick = <T>(list: T[]): T => list[p[pi++ % p.length] % list.length];
      const recs = new Map<string, Rec>();
      const newClinics: Rec[] = [];
      for (let i = 0; i < inner.clinics; i++) newClinics.push(clinicRecord(`C${tag()}`));
      const clinics = [...m.clinics, ...newClinics];
      if (clinics.length === 0) newClinics.push(clinicRecord(`C${tag()}`));
      for (const c of newClinics) recs.set(fileKey(c), c);
      const linkable = [...m.clinics, ...newClinics].map(ref);
      const newDoctors: Rec[] = [];
      for (let i = 0; i < inner.doctors; i++) {
        const first = pick(linkable);
        const second = pick([...linkable, ...demoClinics]);
        const links = [first, second].filter(
          (c, j, a) => a.findIndex((x) => x.source === c.source && x.sourceId === c.sourceId) === j,
        );
        newDoctors.push(doctorRecord(newCpso(), p[pi++ % p.length] % 2 ? links : [first]));
      }
      for (const d of newDoctors) recs.set(fileKey(d), d);
      const offerable = [...m.clinics, ...newClinics];
      for (let i = 0; i < inner.offerings; i++) {
        // The specialty as the catalogue spells it, or in lower or upper case (same offering).
        const spelled = pick([
          (x: string) => x,
          (x: string) => x.toLowerCase(),
          (x: string) => x.toUpperCase(),
        ]);
        const o = offeringRecord(pick(offerable), spelled(pick(specialties)), pick([0, 2, 6, 12]));
        recs.set(fileKey(o), o);
      }
      const doctorTargets = [
        ...m.doctors.map((d) => d.cpsoNumber as string),
        ...newDoctors.map((d) => d.cpsoNumber as string),
        ...demoDoctors,
      ];
      for (let i = 0; i < inner.reviews; i++) {
        const about =
          p[pi++ % p.length] % 3 === 0
            ? { clinic: { sourceId: pick(offerable).sourceId } }
            : { doctor: pick(doctorTargets) };
        const r = reviewRecord(`R${tag()}`, about);
        recs.set(fileKey(r), r);
      }
      return { recs, snapshot: false };
    };

    /** Refused lines: kinds 1, 2 and 4 are bad versions of records the directory holds. */
    const badLines = (kinds: number[], m: Model, recs: Map<string, Rec>): string[] => {
      const lines: string[] = [];
      for (const kind of kinds) {
        if (kind === 0) lines.push('this is not json');
        else if (kind === 1 && m.doctors.length) {
          const d = m.doctors[serial % m.doctors.length];
          recs.delete(fileKey(d));
          lines.push(JSON.stringify({ ...d, gender: 'unknown' }));
        } else if (kind === 2 && m.reviews.length) {
          const r = m.reviews[serial % m.reviews.length];
          recs.delete(fileKey(r));
          lines.push(JSON.stringify({ ...r, rating: 6 }));
        } else if (
          kind === 3 ||
          (kind === 1 && !m.doctors.length) ||
          (kind === 2 && !m.reviews.length)
        )
          lines.push(JSON.stringify(doctorRecord(newCpso(), [{ source, sourceId: 'CL-404' }])));
        else if (m.offerings.length) {
          const o = m.offerings[serial % m.offerings.length];
          recs.delete(fileKey(o));
          lines.push(JSON.stringify({ ...o, waitWeeks: -2 }));
        } else lines.push('{"type": "pharmacy"}');
      }
      return lines;
    };

    for (const [i, step] of steps.entries()) {
      seen.steps++;
      const kind = `${step.kind}${'inner' in step ? `(${step.inner.kind})` : ''}`;
      seen.kinds[kind] = (seen.kinds[kind] ?? 0) + 1;
      const before = truth;
      const versionBefore = await client.current();
      let lines: string[];
      let flags: string[] = [];
      let refused = 0;
      let noop = false;
      let fileRecs: Rec[] = [];
      if (step.kind === 'repeat') {
        noop = true;
        lines = last?.lines ?? [];
        flags = last?.flags ?? [];
        refused = last?.refused ?? 0;
      } else if (step.kind === 'return' || step.kind === 'expire') {
        const expired = model.doctors.filter((d) => d.expiredAt);
        const practising = model.doctors.filter((d) => !d.expiredAt);
        if (step.kind === 'return' && step.inSnapshot) {
          const { recs } = build(
            {
              kind: 'snapshot',
              omitDoctors: [],
              omitReviews: [],
              omitOfferings: [],
              omitClinics: [],
              keepExpiredInFile: true,
              edits: [],
            },
            model,
          );
          // Every doctor of the source practises again.
          for (const [k, r] of recs)
            if (r.type === 'doctor' && r.expiredAt) {
              const { expiredAt: _e, ...back } = r;
              void _e;
              recs.set(k, back);
            }
          fileRecs = [...recs.values()];
          flags = ['--snapshot'];
        } else if (step.kind === 'return') {
          const pool = expired.length ? expired : model.doctors;
          const { expiredAt: _e, ...back } = pool[step.pick % pool.length];
          void _e;
          // Back: expiredAt absent, or null; with every clinic, offering and review removed
          // before (their ids kept).
          fileRecs = [step.pick % 2 ? back : { ...back, expiredAt: null }];
          fileRecs.push(...removed.values());
          seen.restored += removed.size;
        } else if (practising.length) {
          fileRecs = [
            { ...practising[step.pick % practising.length], expiredAt: '2026-11-01T00:00:00.000Z' },
          ];
        }
        lines = fileRecs.map((r) => JSON.stringify(r));
      } else {
        const inner = step.kind === 'dry-run' || step.kind === 'rejected' ? step.inner : step;
        const { recs, snapshot } = build(inner, model);
        const bad = step.kind === 'rejected' ? badLines(step.bad, model, recs) : [];
        refused = bad.length;
        fileRecs = [...recs.values()];
        lines = [...fileRecs.map((r) => JSON.stringify(r)), ...bad];
        // Refused lines anywhere in the file.
        if (bad.length) lines.sort((a, b2) => (a.length % 7) - (b2.length % 7));
        if (snapshot) flags.push('--snapshot');
        if (step.kind === 'dry-run') {
          flags.push('--dry-run');
          noop = true;
        }
        if (step.kind === 'rejected' && step.strict) {
          flags.push('--strict');
          noop = true;
        }
      }
      log.push(
        `step ${i + 1}: ${step.kind}${'inner' in step ? `(${step.inner.kind})` : ''} ${flags.join(' ')}: ${lines.length} lines${step.poll || i === steps.length - 1 ? `, poll limit ${step.limit}` : ''}`,
      );
      if (lines.length > 0) {
        const s = await importFile(source, lines, flags);
        const report = s.report ? readFileSync(s.report, 'utf8') : '';
        expect({ step: log[log.length - 1], rejected: s.rejected, report }).toEqual({
          step: log[log.length - 1],
          rejected: refused,
          report: refused === s.rejected ? report : '(refused lines as drawn)',
        });
        expect(s.applied).toBe(
          !flags.includes('--dry-run') && !(refused > 0 && flags.includes('--strict')),
        );
        seen.expired += s.applied ? s.expired : 0;
        seen.removed += s.applied ? s.removed : 0;
        seen.rejected += s.rejected;
        if (!noop) last = { lines, flags, refused };
      }
      truth = (await client.freshSnapshot()).copy;
      const diff = differingKeys(before, truth);
      if (noop) {
        // A dry run, a strict import with refusals, the same file again: nothing new.
        expect({ step: log[log.length - 1], changed: [...diff] }).toEqual({
          step: log[log.length - 1],
          changed: [],
        });
        expect(await client.current()).toEqual(versionBefore);
      } else {
        const wasExpired = new Set(
          model.doctors.filter((d) => d.expiredAt).map((d) => d.cpsoNumber),
        );
        const was = model;
        model = await exportSource(source);
        const now = new Set(
          [...model.clinics, ...model.offerings, ...model.reviews].map((r) => fileKey(r)),
        );
        for (const r of [...was.clinics, ...was.offerings, ...was.reviews])
          if (!now.has(fileKey(r))) removed.set(fileKey(r), r);
        for (const k of now) removed.delete(k);
        seen.returned += model.doctors.filter(
          (d) => !d.expiredAt && wasExpired.has(d.cpsoNumber),
        ).length;
        for (const k of diff) mayChange.add(k);
        for (const r of fileRecs) mayChange.add(fileKey(r));
      }

      if (!step.poll && i < steps.length - 1) continue;
      seen.polls++;
      const from = cursor;
      const held = new Map(copy);
      // As each page is answered, before the client applies it, its upserts are in the lists.
      const followed = await client.follow(copy, from, step.limit, (page) =>
        visibleInLists(
          lastOfEachKey(page.changes).filter((c) => c.op === 'upsert'),
          new Map([...held, ...copy]),
        ),
      );
      // A delete may be of a record that came back since (a later upsert follows it): the deletes
      // the copy ends with are not in the lists.
      await visibleInLists(
        lastOfEachKey(followed.changes).filter((c) => c.op === 'delete'),
        held,
      );
      cursor = followed.cursor;
      const n = followed.changes.length;
      seen.changes += n;
      seen.deletes += followed.changes.filter((c) => c.op === 'delete').length;
      seen.pages += followed.pages.length;
      const context = log.join('; ');
      // The copy is the directory, record by record.
      const wrong = [...differingKeys(copy, truth)].map((k) => ({
        key: k,
        copy: copy.get(k) ?? null,
        served: truth.get(k) ?? null,
      }));
      expect({ context, wrong }).toEqual({ context, wrong: [] });
      // Few requests: every page but the last is full.
      followed.pages.forEach((p, j) => {
        const lastPage = j === followed.pages.length - 1;
        expect({ context, page: j, count: p.count, hasMore: p.hasMore }).toEqual({
          context,
          page: j,
          count: lastPage ? p.changes.length : step.limit,
          hasMore: !lastPage,
        });
        expect(p.changes).toHaveLength(p.count);
      });
      expect({ context, requests: followed.pages.length }).toEqual({
        context,
        requests: Math.max(1, Math.ceil(n / step.limit)),
      });
      // The feed's changes are the log's rows between the two cursors, no more, no fewer.
      const [{ rows }] = await db.dataSource.query<{ rows: number }[]>(
        `SELECT count(*)::int AS rows FROM directory_changes WHERE seq > $1 AND seq <= $2`,
        [cursorPosition(from), cursorPosition(cursor)],
      );
      expect({ context, changes: n }).toEqual({ context, changes: rows });
      expect(cursor).toBe((await client.current()).next);
      // Nothing that did not change: the files' records and the records whose served form changed.
      const extra = followed.changes
        .map((c) => keyOf(c.type, c.key))
        .filter((k) => !mayChange.has(k));
      expect({ context, extra }).toEqual({ context, extra: [] });
      mayChange.clear();
      // The doctors the lists serve, and as many clinics.
      await expectListsServe(copy);
    }
  }

  /** The last change of each key, in the order of the keys' first changes. */
  const lastOfEachKey = (changes: FeedChange[]): FeedChange[] => {
    const last = new Map<string, FeedChange>();
    for (const c of changes) last.set(keyOf(c.type, c.key), c);
    return [...last.values()];
  };

  /**
   * What the lists show of `changes` (the last change of each key): a doctor or clinic upserted is
   * found by the batch lookups, with the feed's name; one deleted is not; a review upserted is in
   * its doctor's or clinic's reviews. `held` is the copy before them (a clinic's id for its
   * tombstone, a review's clinic).
   */
  async function visibleInLists(changes: FeedChange[], held: Copy): Promise<void> {
    const get = async (path: string) => {
      const r = await client.get(path);
      expect({ path, status: r.status }).toEqual({ path, status: 200 });
      return r.body as Record<string, unknown>;
    };
    const doctors = changes.filter((c) => c.type === 'doctor');
    if (doctors.length) {
      const cpsos = doctors.map((c) => c.key.cpsoNumber as string);
      const r = await get(`/doctors?cpso=${cpsos.join(',')}`);
      const found = new Map(
        (r.doctors as { cpsoNumber: string; name: string }[]).map((d) => [d.cpsoNumber, d.name]),
      );
      for (const c of doctors) {
        const cpso = c.key.cpsoNumber as string;
        expect({ cpso, op: c.op, listed: found.get(cpso) ?? null }).toEqual({
          cpso,
          op: c.op,
          listed: c.op === 'upsert' ? c.record!.name : null,
        });
      }
    }
    const clinics = changes
      .filter((c) => c.type === 'clinic')
      .map((c) => ({ c, id: (c.record ?? held.get(keyOf('clinic', c.key)))?.id as string }))
      .filter((x) => x.id !== undefined);
    if (clinics.length) {
      const r = await get(`/clinics?id=${clinics.map((x) => x.id).join(',')}`);
      const found = new Map(
        (r.clinics as { id: string; name: string }[]).map((c) => [c.id, c.name]),
      );
      for (const { c, id } of clinics)
        expect({ id, op: c.op, listed: found.get(id) ?? null }).toEqual({
          id,
          op: c.op,
          listed: c.op === 'upsert' ? c.record!.name : null,
        });
    }
    for (const c of changes.filter((x) => x.type === 'review' && x.op === 'upsert')) {
      const rec = c.record!;
      const clinicId = rec.clinic
        ? ([...held.values(), ...changes.map((x) => x.record).filter(Boolean)] as Rec[]).find(
            (x) =>
              x.type === 'clinic' &&
              x.source === (rec.clinic as Rec).source &&
              x.sourceId === (rec.clinic as Rec).sourceId,
          )?.id
        : undefined;
      const path = rec.doctor
        ? `/doctors/${rec.doctor as string}/reviews?limit=100`
        : `/clinics/${clinicId as string}/reviews?limit=100`;
      if (!rec.doctor && !clinicId) continue;
      // The lists show no review id: the review is found by its text, rating and date.
      const shown: { text: string; rating: number; date: string }[] = [];
      for (let next: string | null = '', n = 0; next !== null && n < 50; n++) {
        const r = await get(next ? `${path}&cursor=${next}` : path);
        shown.push(...(r.reviews as { text: string; rating: number; date: string }[]));
        next = r.nextCursor as string | null;
      }
      const listed = shown.some(
        (x) => x.text === rec.text && x.rating === rec.rating && x.date === rec.date,
      );
      expect({ path, review: rec.sourceId, listed }).toEqual({
        path,
        review: rec.sourceId,
        listed: true,
      });
    }
  }

  /** The copy's doctors are those /doctors lists, its clinics as many as /clinics counts. */
  async function expectListsServe(copy: Copy): Promise<void> {
    const listed: string[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await client.get(`/doctors?limit=100&offset=${offset}`);
      listed.push(...(page.body.doctors as { cpsoNumber: string }[]).map((d) => d.cpsoNumber));
      if (offset + 100 >= page.body.total) break;
    }
    const copied = [...copy.values()].filter((r) => r.type === 'doctor').map((r) => r.cpsoNumber);
    expect([...copied].sort()).toEqual([...listed].sort());
    const clinics = await client.get('/clinics?limit=1');
    expect(clinics.body.total).toBe([...copy.values()].filter((r) => r.type === 'clinic').length);
  }
});
