import { Client, Notification } from 'pg';
import { isNearTtc } from '../../src/infrastructure/seed/clinic-sites';
import { DemoDataset } from '../../src/infrastructure/seed/demo-dataset';
import { generateDemoDataset } from '../../src/infrastructure/seed/demo-dataset.generator';
import {
  DIRECTORY_CHANGED_CHANNEL,
  replaceDirectoryData,
  seedDemoData,
} from '../../src/infrastructure/seed/demo-data.seeder';
import { createTestDatabase, TestDatabase } from '../support/test-database';

const NOW = new Date('2026-03-01T12:00:00.000Z');
/** `HH:MM` as minutes of the day. */
const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));

/** A dataset whose last review breaks a CHECK constraint (a rating of 9): its load fails. */
function broken(doctors: number, seed: number): DemoDataset {
  const data = generateDemoDataset({ doctors, seed, now: NOW });
  data.reviews.push({ ...data.reviews[0], id: data.reviews[0].id.replace(/^./, 'f'), rating: 9 });
  return data;
}

describe('demo dataset seeding on a real PostgreSQL', () => {
  let db: TestDatabase;
  let data: DemoDataset;

  const count = async (sql: string): Promise<number> => {
    const rows = await db.dataSource.query<{ n: string }[]>(`SELECT count(*) AS n FROM ${sql}`);
    return Number(rows[0].n);
  };

  beforeAll(async () => {
    db = await createTestDatabase('demo_seed');
    data = generateDemoDataset({ doctors: 300, seed: 7, now: NOW });
    await db.dataSource.query(
      `INSERT INTO api_keys (id, key_hash, key_prefix, tier, label)
       VALUES ('00000000-0000-4000-8000-000000000001', '\\x0102'::bytea, 'gtad_live_abcdef', 'live', 'kept')`,
    );
  });
  afterAll(async () => db.drop());

  it('writes every generated row and reports the counts', async () => {
    const stats = await replaceDirectoryData(db.dataSource, data);
    expect(stats).toEqual({
      specialties: data.specialties.length,
      languages: data.languages.length,
      clinics: data.clinics.length,
      hoursExceptions: data.clinicHoursExceptions.length,
      doctors: data.doctors.length,
      doctorClinics: data.doctorClinics.length,
      offerings: data.specialistOfferings.length,
      reviews: data.reviews.length,
      ms: expect.any(Number) as number,
    });
    expect(await count('clinic_hours_exceptions')).toBe(data.clinicHoursExceptions.length);
    expect(await count('specialties')).toBe(data.specialties.length);
    expect(await count('languages')).toBe(data.languages.length);
    expect(await count('clinics')).toBe(data.clinics.length);
    expect(await count('doctors')).toBe(data.doctors.length);
    expect(await count('doctor_clinics')).toBe(data.doctorClinics.length);
    expect(await count('specialist_offerings')).toBe(data.specialistOfferings.length);
    expect(await count('reviews')).toBe(data.reviews.length);
  });

  it('stores values faithfully (arrays, JSON, timestamps, generated keys)', async () => {
    const d = data.doctors[0];
    const [doctor] = await db.dataSource.query<Record<string, unknown>[]>(
      `SELECT name, name_key, specialty_ids, language_ids, synced_at, expired_at FROM doctors WHERE id = $1`,
      [d.id],
    );
    expect(doctor).toEqual({
      name: d.name,
      name_key: d.name.toLowerCase(),
      specialty_ids: d.specialty_ids,
      language_ids: d.language_ids,
      synced_at: d.synced_at,
      expired_at: d.expired_at,
    });
    const c = data.clinics.find((x) => x.links.length > 0 && x.availability_checked_at !== null)!;
    const [clinic] = await db.dataSource.query<Record<string, unknown>[]>(
      `SELECT hours, links, lat, lng, availability_checked_at FROM clinics WHERE id = $1`,
      [c.id],
    );
    expect(clinic).toEqual({
      hours: c.hours,
      links: c.links,
      lat: c.lat,
      lng: c.lng,
      availability_checked_at: c.availability_checked_at,
    });
    // Issue 33: unknown hours (null, so week_minutes null), the holiday policy, the graded
    // status, and the exceptions as generated.
    const unknown = data.clinics.find((x) => x.hours === null)!;
    const withHolidayHours = data.clinics.find((x) => x.holiday_policy === 'hours')!;
    const family = data.clinics.find((x) => x.accepting_status === 'existing-patients-family')!;
    const rows = await db.dataSource.query<Record<string, unknown>[]>(
      `SELECT id, hours, week_minutes IS NULL AS unknown, weekday_hours, holiday_policy,
              holiday_ranges, holiday_minutes::text AS holiday_minutes, accepting_status,
              accepting_new_patients
         FROM clinics WHERE id = ANY($1) ORDER BY id`,
      [[unknown.id, withHolidayHours.id, family.id]],
    );
    const expected = (x: (typeof data.clinics)[number]) => ({
      id: x.id,
      hours: x.hours,
      unknown: x.hours === null,
      weekday_hours: x.weekday_hours,
      holiday_policy: x.holiday_policy,
      holiday_ranges: x.holiday_ranges,
      holiday_minutes:
        x.holiday_policy === 'hours'
          ? `{${x.holiday_ranges!.map((r) => `[${minutes(r.open)},${minutes(r.close)})`).join(',')}}`
          : x.holiday_policy === 'closed'
            ? '{}'
            : null,
      accepting_status: x.accepting_status,
      accepting_new_patients: x.accepting_new_patients,
    });
    expect(rows).toEqual(
      [unknown, withHolidayHours, family].sort((a, b) => (a.id < b.id ? -1 : 1)).map(expected),
    );
    expect(rows.find((r) => r.id === unknown.id)!.weekday_hours).toBe('unknown');
    const e = data.clinicHoursExceptions.find((x) => x.ranges !== null)!;
    const [stored] = await db.dataSource.query<Record<string, unknown>[]>(
      `SELECT to_char(date, 'YYYY-MM-DD') AS date, ranges, reason, minutes::text AS minutes
         FROM clinic_hours_exceptions WHERE clinic_id = $1 AND date = $2`,
      [e.clinic_id, e.date],
    );
    expect(stored).toEqual({
      date: e.date,
      ranges: e.ranges,
      reason: e.reason,
      minutes: `{${e.ranges!.map((r) => `[${minutes(r.open)},${minutes(r.close)})`).join(',')}}`,
    });
    const [spec] = await db.dataSource.query<{ name_key: string }[]>(
      `SELECT name_key FROM specialties WHERE name = 'Family Medicine'`,
    );
    expect(spec.name_key).toBe('family medicine');
  });

  it('fills doctor_search with exactly the doctors who have not expired', async () => {
    const practising = data.doctors.filter((d) => d.expired_at === null);
    // The fixture has expired doctors, so leaving them out is really tested.
    expect(practising.length).toBeLessThan(data.doctors.length);
    const rows = await db.dataSource.query<{ doctor_id: string }[]>(
      `SELECT doctor_id FROM doctor_search ORDER BY doctor_id`,
    );
    expect(rows.map((r) => r.doctor_id)).toEqual(practising.map((d) => d.id).sort());
    const practisingIds = new Set(practising.map((d) => d.id));
    const links = data.doctorClinics.filter((dc) => practisingIds.has(dc.doctor_id));
    expect(await count('clinic_doctor_search')).toBe(links.length);
  });

  it('stores coordinates exactly, so the near-TTC rule gives back the stored flag', async () => {
    const rows = await db.dataSource.query<{ lat: number; lng: number; near_ttc: boolean }[]>(
      `SELECT lat, lng, near_ttc FROM clinics`,
    );
    expect(rows).toHaveLength(data.clinics.length);
    expect(rows.filter((r) => isNearTtc(r.lat, r.lng) !== r.near_ttc)).toEqual([]);
    expect(rows.some((r) => r.near_ttc)).toBe(true);
  });

  it('replaces the directory on a re-seed, leaves api_keys alone and notifies listeners', async () => {
    const listener = new Client({ connectionString: db.url });
    await listener.connect();
    try {
      const notified = new Promise<Notification>((resolve) => listener.on('notification', resolve));
      await listener.query(`LISTEN ${DIRECTORY_CHANGED_CHANNEL}`);

      const stats = await seedDemoData(db.dataSource, { doctors: 120, seed: 8, now: NOW });
      const again = generateDemoDataset({ doctors: 120, seed: 8, now: NOW });

      const message = await notified;
      expect(message.channel).toBe(DIRECTORY_CHANGED_CHANNEL);
      expect(JSON.parse(message.payload ?? '{}')).toMatchObject({
        doctors: 120,
        clinics: again.clinics.length,
      });
      expect(stats.doctors).toBe(120);
      expect(await count('doctors')).toBe(120);
      expect(await count('clinics')).toBe(again.clinics.length);
      expect(await count('reviews')).toBe(again.reviews.length);
      expect(await count('doctor_search')).toBe(again.doctors.filter((d) => !d.expired_at).length);
      // None of the first dataset is left.
      expect(await count(`doctors WHERE id = '${data.doctors[0].id}'`)).toBe(0);
      expect(await count(`api_keys WHERE label = 'kept'`)).toBe(1);
    } finally {
      await listener.end();
    }
  });

  it('lets two seeds started at once take turns instead of failing', async () => {
    const [a, b] = await Promise.all([
      seedDemoData(db.dataSource, { doctors: 40, seed: 21, now: NOW }),
      seedDemoData(db.dataSource, { doctors: 60, seed: 22, now: NOW }),
    ]);
    expect([a.doctors, b.doctors]).toEqual([40, 60]);
    expect([40, 60]).toContain(await count('doctors'));
    expect(await count('doctor_search')).toBeLessThanOrEqual(60);
  });

  it('rolls everything back when a row is rejected', async () => {
    const before = await count('doctors');
    await expect(replaceDirectoryData(db.dataSource, broken(50, 9))).rejects.toThrow();
    expect(await count('doctors')).toBe(before);
  });
});

/**
 * An empty directory is loaded with the largest tables' indexes and constraints dropped and built
 * again afterwards (initial-load.ts): the same definitions come back (as new indexes), they hold,
 * a failed load gives back the ones before, and a directory that has rows keeps its indexes.
 */
describe('the initial load of an empty directory (real PostgreSQL)', () => {
  let db: TestDatabase;
  const TABLES = ['reviews', 'doctor_clinics', 'clinics', 'doctors'];

  /** Every index and constraint of the tables, by name: its definition and its index's oid. */
  const schema = async () =>
    db.dataSource.query<{ table: string; name: string; def: string; oid: number }[]>(
      `SELECT i.indrelid::regclass::text AS table, i.indexrelid::regclass::text AS name,
              pg_get_indexdef(i.indexrelid) AS def, i.indexrelid::int AS oid
         FROM pg_index i WHERE i.indrelid = ANY($1::regclass[])
       UNION ALL
       SELECT c.conrelid::regclass::text, c.conname, pg_get_constraintdef(c.oid), 0
         FROM pg_constraint c WHERE c.conrelid = ANY($1::regclass[])
        ORDER BY 1, 2, 3`,
      [TABLES],
    );
  const definitions = (rows: { table: string; name: string; def: string }[]) =>
    rows.map(({ table, name, def }) => ({ table, name, def }));

  beforeAll(async () => {
    db = await createTestDatabase('initial_load');
  });
  afterAll(async () => db?.drop());

  it('builds the indexes again with their definitions, and they hold', async () => {
    const before = await schema();
    expect(before.filter((r) => r.table === 'reviews').length).toBeGreaterThan(5);

    await expect(replaceDirectoryData(db.dataSource, broken(60, 3))).rejects.toThrow();
    expect(await schema()).toEqual(before);

    await replaceDirectoryData(
      db.dataSource,
      generateDemoDataset({ doctors: 60, seed: 3, now: NOW }),
    );
    const after = await schema();
    expect(definitions(after)).toEqual(definitions(before));
    const oid = (rows: typeof before, name: string) => rows.find((r) => r.name === name)?.oid;
    // Built anew: the loaded tables' own indexes, not the keys others reference.
    expect(oid(after, 'reviews_doctor_idx')).not.toBe(oid(before, 'reviews_doctor_idx'));
    expect(oid(after, 'reviews_pkey')).not.toBe(oid(before, 'reviews_pkey'));
    expect(oid(after, 'clinics_earth_idx')).not.toBe(oid(before, 'clinics_earth_idx'));
    expect(oid(after, 'clinics_pkey')).toBe(oid(before, 'clinics_pkey'));

    const [review] = await db.dataSource.query<Record<string, unknown>[]>(
      `SELECT * FROM reviews WHERE doctor_id IS NOT NULL LIMIT 1`,
    );
    const copy = (changes: Record<string, unknown>) => {
      const row = { ...review, ...changes };
      const cols = Object.keys(row);
      return db.dataSource.query(
        `INSERT INTO reviews (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
        Object.values(row),
      );
    };
    await expect(copy({})).rejects.toMatchObject({ code: '23505' }); // primary key
    await expect(
      copy({
        id: '00000000-0000-4000-8000-0000000000aa',
        doctor_id: '00000000-0000-4000-8000-0000000000bb',
        source_id: 'another',
      }),
    ).rejects.toMatchObject({ code: '23503' }); // foreign key
    await expect(copy({ id: '00000000-0000-4000-8000-0000000000ab' })).rejects.toMatchObject({
      code: '23505',
      constraint: 'reviews_source_key',
    });
  });

  it('keeps the indexes of a directory that has rows', async () => {
    const before = await schema();
    await replaceDirectoryData(
      db.dataSource,
      generateDemoDataset({ doctors: 40, seed: 4, now: NOW }),
    );
    expect(await schema()).toEqual(before);
  });
});
