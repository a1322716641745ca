import { createTestDatabase, TestDatabase } from '../support/test-database';

describe('migrations on a real PostgreSQL', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('migrations', { migrate: false });
  });
  afterAll(async () => db.drop());

  const tables = async () =>
    (
      await db.dataSource.query<{ name: string }[]>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'm') AND c.relname <> 'typeorm_migrations'
          ORDER BY 1`,
      )
    ).map((r) => r.name);

  it('applies every migration, then reverts them all, then applies them again', async () => {
    const applied = await db.dataSource.runMigrations({ transaction: 'each' });
    expect(applied.length).toBeGreaterThan(0);
    expect(await tables()).toEqual(
      expect.arrayContaining([
        'api_keys',
        'clinic_doctor_search',
        'clinics',
        'doctor_clinics',
        'doctor_search',
        'doctors',
        'languages',
        'reviews',
        'specialist_offerings',
        'specialties',
      ]),
    );
    const ext = await db.dataSource.query<{ extname: string }[]>(
      `SELECT extname FROM pg_extension ORDER BY 1`,
    );
    expect(ext.map((e) => e.extname)).toEqual(
      expect.arrayContaining(['btree_gist', 'cube', 'earthdistance', 'intarray', 'pg_trgm']),
    );

    for (let i = 0; i < applied.length; i++)
      await db.dataSource.undoLastMigration({ transaction: 'each' });
    expect(await tables()).toEqual([]);
    expect(await db.dataSource.showMigrations()).toBe(true);

    await db.dataSource.runMigrations({ transaction: 'each' });
    expect(await db.dataSource.showMigrations()).toBe(false);
  });

  it('rejects rows that break the schema rules', async () => {
    await expect(
      db.dataSource.query(`INSERT INTO reviews (id, rating, author, text, review_date)
        VALUES (gen_random_uuid(), 6, 'A.', 't', current_date)`),
    ).rejects.toThrow();
  });
});
