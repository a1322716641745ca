import { DataSource } from 'typeorm';
import { NoReadCache } from '../../src/application/shared/read-cache';
import { dataSourceOptions } from '../../src/infrastructure/database/data-source-options';
import {
  isPreparable,
  preparedReads,
  sqlLiteral,
  underlyingDataSource,
} from '../../src/infrastructure/database/prepared-reads';
import { DOCTORS, FIXTURE_NOW, loadDirectoryFixture } from '../fixtures/directory.fixture';
import { doctorReadRepository } from '../support/read-repositories';
import { createTestDatabase, TEST_DB_SETTINGS, TestDatabase } from '../support/test-database';

/** Toronto's date at the fixture's now: the doctor detail reads exceptions from it on. */
const TODAY = '2026-11-21';

/**
 * Issue 14, item 2: the directory's lookups run as named prepared statements (parsed once per
 * connection, planned once by PostgreSQL), pages and patterns stay unnamed, and nothing a
 * caller sees changes: the same rows, the same driver errors.
 */
describe('prepared reads', () => {
  let db: TestDatabase;
  let single: DataSource;
  let prepared: DataSource;

  const repository = (ds: DataSource) => {
    return doctorReadRepository(ds, new NoReadCache());
  };
  /** The statements prepared on the one connection of `single`, by their text. */
  const preparedTexts = async (): Promise<string[]> =>
    (
      await single.query<{ statement: string }[]>(
        `SELECT statement FROM pg_prepared_statements WHERE name LIKE 'gtad\\_%'`,
        [],
      )
    ).map((r) => r.statement);

  beforeAll(async () => {
    db = await createTestDatabase('prepared_reads');
    await loadDirectoryFixture(db.dataSource);
    // One connection, so the prepared statements seen are those of the reads just made.
    single = new DataSource(dataSourceOptions(db.url, { ...TEST_DB_SETTINGS, poolSize: 1 }));
    await single.initialize();
    prepared = preparedReads(single);
  });
  afterAll(async () => {
    await single?.destroy();
    await db?.drop();
  });

  it('a doctor read through prepared statements is the same as through TypeORM', async () => {
    const cpso = DOCTORS[0].cpso;
    const plain = await repository(db.dataSource).findByCpso(cpso, TODAY);
    const viaPrepared = await repository(prepared).findByCpso(cpso, TODAY);
    expect(plain).not.toBeNull();
    expect(viaPrepared).toEqual(plain);
    // Twice more: the named statements are reused, not prepared again (no duplicate-name error).
    expect(await repository(prepared).findByCpso(cpso, TODAY)).toEqual(plain);
    expect(await repository(prepared).findByCpso('999999', TODAY)).toBeNull();
    const texts = await preparedTexts();
    // One statement, named: the doctor with its reviews' counts and latest reviews.
    const detail = texts.filter((t) => /WHERE d\.cpso_number = \$1/.test(t));
    expect(detail).toHaveLength(1);
    expect(detail[0]).toMatch(/FROM reviews r WHERE r\.doctor_id = d\.id/);
  });

  it('pages, name patterns and distances are planned for their values (never named)', async () => {
    const page = { limit: 5, offset: 0 };
    const plainList = await repository(db.dataSource).list({ accepting: true }, page, FIXTURE_NOW);
    const list = await repository(prepared).list({ accepting: true }, page, FIXTURE_NOW);
    expect(list).toEqual(plainList);
    expect(list.items.length).toBeGreaterThan(0);
    const found = await repository(prepared).search('smi', {}, page, FIXTURE_NOW);
    expect(found).toEqual(await repository(db.dataSource).search('smi', {}, page, FIXTURE_NOW));
    const texts = await preparedTexts();
    expect(texts.filter((t) => /\b(LIMIT|OFFSET)\s+\$\d/.test(t))).toEqual([]);
    expect(texts.filter((t) => /\bLIKE\b/.test(t))).toEqual([]);
    expect(isPreparable('SELECT id FROM doctors WHERE cpso_number = $1')).toBe(true);
    expect(isPreparable('SELECT id FROM doctors ORDER BY name LIMIT $1')).toBe(false);
    expect(isPreparable('SELECT id FROM doctors WHERE name LIKE $1')).toBe(false);
    expect(isPreparable('SELECT g.earth <-> ll_to_earth($1, $2) FROM doctor_geo g')).toBe(false);
    expect(isPreparable('UPDATE api_keys SET label = $1')).toBe(false);
  });

  it('sends reads to the driver without a TypeORM query runner, writes through TypeORM', async () => {
    const runners = jest.spyOn(single, 'createQueryRunner');
    try {
      const page = await repository(prepared).list({}, { limit: 3, offset: 1 }, FIXTURE_NOW);
      expect(page.items).toHaveLength(3);
      expect(await prepared.query('WITH x AS (SELECT 1 AS n) SELECT n FROM x', [])).toEqual([
        { n: 1 },
      ]);
      expect(runners).not.toHaveBeenCalled();
      // TypeORM's answer to an UPDATE, whichever path it takes: [rows, count].
      const sql = 'UPDATE clinics SET phone = phone WHERE false';
      expect(await prepared.query(sql, [])).toEqual(await db.dataSource.query(sql, []));
      const cte = `WITH u AS (SELECT 1) UPDATE clinics SET phone = phone WHERE false`;
      expect(await prepared.query(cte, [])).toEqual([[], 0]);
      expect(runners).toHaveBeenCalledTimes(1);
    } finally {
      runners.mockRestore();
    }
  });

  it('keeps the driver error (its code, which the error mapping reads)', async () => {
    await expect(
      prepared.query('SELECT id FROM doctors WHERE id = $1', ['not-a-uuid']),
    ).rejects.toMatchObject({ code: '22P02' });
    // The connection is still usable, and the statement too, with a good value.
    const rows = await prepared.query<unknown[]>('SELECT id FROM doctors WHERE id = $1', [
      '00000000-0000-4000-8000-000000000000',
    ]);
    expect(rows).toEqual([]);
  });

  it('a named statement survives a refresh of the read model it reads', async () => {
    const sql = 'SELECT coalesce(sum(n), 0)::int AS n FROM doctor_facets s WHERE s.accepting = $1';
    const before = await prepared.query<{ n: number }[]>(sql, [true]);
    await db.dataSource.query(
      `UPDATE clinics SET accepting_new_patients = true, accepting_status = 'accepting'`,
    );
    await db.dataSource.query('REFRESH MATERIALIZED VIEW doctor_search');
    await db.dataSource.query('REFRESH MATERIALIZED VIEW doctor_facets');
    const after = await prepared.query<{ n: number }[]>(sql, [true]);
    const plain = await db.dataSource.query<{ n: number }[]>(sql, [true]);
    expect(after).toEqual(plain);
    expect(after[0].n).not.toBe(before[0].n);
  });

  it('writes parameters as literals PostgreSQL reads back as they were (EXPLAIN EXECUTE)', async () => {
    const texts = ['existing-patients-family', 'a"b', "c'd", 'e\\f', 'g,h', ''];
    const [row] = await single.query<{ t: string[]; n: number[]; s: string; b: boolean }[]>(
      `SELECT ${sqlLiteral(texts)}::text[] AS t, ${sqlLiteral([3, 14])}::int[] AS n,
              ${sqlLiteral("it's")}::text AS s, ${sqlLiteral(true)}::boolean AS b`,
    );
    expect(row).toEqual({ t: texts, n: [3, 14], s: "it's", b: true });
  });

  it('is the same DataSource underneath (no phantom replica)', () => {
    expect(underlyingDataSource(prepared)).toBe(single);
    expect(underlyingDataSource(single)).toBe(single);
  });
});
