import { Client, Notification } from 'pg';
import { isNearTtc } from '../../src/infrastructure/seed/clinic-sites';
import { DemoDataset } from '../../src/infrastructure/seed/demo-dataset';
import { generateDemoDataset } from '../../src/infrastructure/seed/demo-dataset.generator';
import {
  DIRECTORY_CHANGED_CHANNEL,
  replaceDirectoryData,
  seedDemoData,
} from '../../src/infrastructure/seed/demo-data.seeder';
import { prepareDatabase } from '../../src/infrastructure/database/prepare-database';
import { READ_MODELS } from '../../src/infrastructure/persistence/directory/read-models';
import { readModelSources } from '../../src/infrastructure/seed/load-in-parts';
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
  const countOf = async (table: string) =>
    Number((await db.dataSource.query<{ n: string }[]>(`SELECT count(*) AS n FROM ${table}`))[0].n);

  beforeAll(async () => {
    db = await createTestDatabase('initial_load');
  });
  afterAll(async () => db?.drop());

  it('builds the indexes again with their definitions, and they hold', async () => {
    const before = await schema();
    expect(before.filter((r) => r.table === 'reviews').length).toBeGreaterThan(5);

    // A failed load in parts (replaceDirectoryData): the first part (the base tables, their
    // indexes built anew) had committed; the directory is emptied again, with every definition.
    await expect(replaceDirectoryData(db.dataSource, broken(60, 3))).rejects.toThrow();
    expect(definitions(await schema())).toEqual(definitions(before));
    for (const table of ['doctors', 'clinics', 'reviews', 'doctor_search', 'clinic_search'])
      expect(await countOf(table)).toBe(0);
    expect(await countOf('directory_loads_in_parts')).toBe(0);

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

/**
 * An empty directory is loaded in parts (replaceDirectoryData, seed/load-in-parts.ts): the base
 * tables in one transaction, then the reviews and the read models side by side on two
 * connections. The result must be the directory a load in one transaction gives, a read model
 * must wait for those it reads, and a load cut short must be replaced whole by the next seed.
 */
describe('the load in parts of an empty directory (real PostgreSQL)', () => {
  const dbs: TestDatabase[] = [];
  afterAll(async () => {
    for (const db of dbs) await db.drop();
  });
  const fresh = async (name: string) => {
    const db = await createTestDatabase(name);
    dbs.push(db);
    return db;
  };
  /** Every row of `table` (timestamps the database stamps at insert left out), as one digest. */
  const digest = async (db: TestDatabase, table: string) =>
    (
      await db.dataSource.query<{ d: string }[]>(
        `SELECT count(*) || ':' || coalesce(md5(string_agg(r, E'\\n' ORDER BY r)), '') AS d
           FROM (SELECT (to_jsonb(t) - 'created_at' - 'updated_at')::text AS r FROM ${table} t) x`,
      )
    )[0].d;
  const TABLES = [
    'specialties',
    'languages',
    'clinics',
    'clinic_hours_exceptions',
    'doctors',
    'doctor_clinics',
    'specialist_offerings',
    'reviews',
    ...READ_MODELS,
  ];

  it('gives the same directory as a load in one transaction', async () => {
    const data = () => generateDemoDataset({ doctors: 400, seed: 17, now: NOW });
    const parts = await fresh('load_in_parts');
    const whole = await fresh('load_whole');
    await replaceDirectoryData(parts.dataSource, data());
    // A directory with rows is replaced in one transaction.
    await replaceDirectoryData(
      whole.dataSource,
      generateDemoDataset({ doctors: 50, seed: 5, now: NOW }),
    );
    await replaceDirectoryData(whole.dataSource, data());
    for (const table of TABLES) {
      const d = await digest(parts, table);
      expect({ table, d }).toEqual({ table, d: await digest(whole, table) });
      if (['doctors', 'reviews', 'doctor_search', 'doctor_geo'].includes(table))
        expect(Number(d.split(':')[0])).toBeGreaterThan(0);
    }
    // The reviews' foreign keys are back, and the marker is gone.
    const fks = await parts.dataSource.query<{ conname: string }[]>(
      `SELECT conname FROM pg_constraint WHERE conrelid = 'reviews'::regclass AND contype = 'f' ORDER BY 1`,
    );
    expect(fks.map((f) => f.conname)).toEqual(['reviews_clinic_id_fkey', 'reviews_doctor_id_fkey']);
    expect(await digest(parts, 'directory_loads_in_parts')).toBe('0:');
  });

  it('has each read model wait for the read models it reads (from the catalogue)', async () => {
    const db = await fresh('load_sources');
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      const sources = await readModelSources((sql, values) => client.query(sql, values));
      expect(sources.get('doctor_geo')).toEqual(
        expect.arrayContaining(['doctor_search', 'clinic_search']),
      );
      expect(sources.get('clinic_search')).toEqual(['clinic_doctor_search']);
      expect(sources.get('doctor_search')).toEqual([]);
      // READ_MODELS' order (the refresh in one transaction) agrees with it.
      const order: string[] = [...READ_MODELS];
      for (const [view, reads] of sources)
        for (const r of reads) expect(order.indexOf(r)).toBeLessThan(order.indexOf(view));
    } finally {
      await client.end();
    }
  });

  it('leaves a load cut short to the next start and seed, which replace it whole', async () => {
    const db = await fresh('load_cut_short');
    const watcher = new Client({ connectionString: db.url });
    await watcher.connect();
    try {
      // Cut the load's connections once its first part has committed (a process killed).
      const load = replaceDirectoryData(
        db.dataSource,
        generateDemoDataset({ doctors: 1500, seed: 8, now: NOW }),
      );
      for (;;) {
        const { rows } = await watcher.query<{ pid: number }>(
          `SELECT backend_pid AS pid FROM directory_loads_in_parts`,
        );
        if (rows.length) {
          await watcher.query(
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
              WHERE datname = current_database() AND pid <> pg_backend_pid()`,
          );
          break;
        }
        await new Promise((r) => setTimeout(r, 5));
      }
      await expect(load).rejects.toThrow();
      const left = await watcher.query<{ n: number; doctors: number }>(
        `SELECT (SELECT count(*) FROM directory_loads_in_parts)::int AS n,
                (SELECT count(*) FROM doctors)::int AS doctors`,
      );
      expect(left.rows[0]).toEqual({ n: 1, doctors: 1500 });

      // The start sees a directory to fill, and the seed replaces it in one transaction.
      let filled = false;
      await prepareDatabase(
        db.dataSource,
        async () => {
          filled = true;
        },
        () => undefined,
      );
      expect(filled).toBe(true);
      const data = generateDemoDataset({ doctors: 120, seed: 9, now: NOW });
      await replaceDirectoryData(db.dataSource, data);
      const after = await watcher.query<Record<string, number>>(
        `SELECT (SELECT count(*) FROM directory_loads_in_parts)::int AS markers,
                (SELECT count(*) FROM doctors)::int AS doctors,
                (SELECT count(*) FROM reviews)::int AS reviews,
                (SELECT count(*) FROM doctor_search)::int AS listed,
                (SELECT count(*) FROM pg_constraint
                  WHERE conrelid = 'reviews'::regclass AND contype = 'f')::int AS fks`,
      );
      expect(after.rows[0]).toEqual({
        markers: 0,
        doctors: 120,
        reviews: data.reviews.length,
        listed: data.doctors.filter((d) => !d.expired_at).length,
        fks: 2,
      });
    } finally {
      await watcher.end();
    }
  });
});
