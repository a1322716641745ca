import { RoleCriteria } from '../../src/application/fhir/fhir-criteria';
import { KeepingReadCache } from '../../src/application/shared/read-cache';
import { ListTotals } from '../../src/infrastructure/persistence/directory/list-totals';
import { TypeOrmFhirDirectoryReader } from '../../src/infrastructure/persistence/fhir/typeorm-fhir-directory.reader';
import { createDemoDatabase } from '../support/demo-database';
import { planNodesOf, recordQueries, SentQuery } from '../support/recorded-queries';
import { TestDatabase } from '../support/test-database';

const NOW = new Date('2026-03-01T12:00:00.000Z');
/** The time of the "import" below: after the seed's own now(), whenever the test runs. */
const CHANGED_AT = '2031-01-01T00:00:00.000Z';
const LIMIT = 25;

type Node = Record<string, unknown>;

/**
 * Issue 48, item 5: `PractitionerRole?_lastUpdated=` read a UNION of the changed doctors' and
 * clinics' links for its page and again for its count (0.45 s at 100,000 doctors), and each
 * instant a client sent was a total of its own. Now the page is a read of
 * practitioner_role_updates' indexes (its key walked when most roles match, its time's range
 * when few do) and the instant is moved up to the first time the directory holds, so every
 * instant between two imports shares one total. Checked on the statements the reader sends, run
 * with EXPLAIN (ANALYZE), against a definition from the base tables.
 */
describe('FHIR PractitionerRole?_lastUpdated is an index read (real PostgreSQL)', () => {
  let db: TestDatabase;
  const sent: SentQuery[] = [];
  let reader: TypeOrmFhirDirectoryReader;
  let links: number;

  beforeAll(async () => {
    db = await createDemoDatabase(
      'fhir_last_updated_plans',
      { doctors: 3000, seed: 48, now: NOW },
      'doctor_search, clinic_doctor_search',
    );
    // An import that changed 40 doctors and 6 clinics (their roles, and no others, changed).
    await db.dataSource.query(
      `UPDATE doctors SET updated_at = $1 WHERE id IN (SELECT doctor_id FROM doctor_search ORDER BY cpso_number LIMIT 40)`,
      [CHANGED_AT],
    );
    await db.dataSource.query(
      `UPDATE clinics SET updated_at = $1 WHERE id IN (SELECT id FROM clinics ORDER BY id DESC LIMIT 6)`,
      [CHANGED_AT],
    );
    await db.dataSource.query(`REFRESH MATERIALIZED VIEW practitioner_role_updates`);
    await db.dataSource.query(`VACUUM (ANALYZE) practitioner_role_updates, doctors, clinics`);
    fresh();
    [{ n: links }] = await db.dataSource.query<{ n: number }[]>(
      'SELECT count(*)::int AS n FROM clinic_doctor_search',
    );
  });
  afterAll(async () => db?.drop());

  /** A reader whose totals cache is empty, recording what it sends. */
  function fresh(): void {
    const ds = recordQueries(db.dataSource, (q) => sent.push(q));
    reader = new TypeOrmFhirDirectoryReader(ds, new ListTotals(ds, new KeepingReadCache()));
  }

  /** The roles changed at or after `at`, from the base tables, in the search's order. */
  async function definition(at: string): Promise<string[]> {
    const rows = await db.dataSource.query<{ id: string }[]>(
      `SELECT d.cpso_number || '-' || c.id AS id
         FROM doctor_clinics dc JOIN doctors d ON d.id = dc.doctor_id JOIN clinics c ON c.id = dc.clinic_id
        WHERE d.expired_at IS NULL AND greatest(d.updated_at, c.updated_at) >= $1
        ORDER BY c.id, d.id`,
      [at],
    );
    return rows.map((r) => r.id);
  }

  /**
   * The plan as it ran, with sequential and bitmap scans ruled out (a demo directory is small
   * enough for either: the plan then shows the walk the statement lets an index serve).
   */
  function analysed(q: SentQuery): Promise<Node[]> {
    return db.dataSource.transaction(async (m) => {
      await m.query('SET LOCAL enable_seqscan = off');
      await m.query('SET LOCAL enable_bitmapscan = off');
      const [row] = await m.query<{ 'QUERY PLAN': { Plan: Node }[] }[]>(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${q.sql}`,
        q.params,
      );
      return planNodesOf(row['QUERY PLAN'][0].Plan);
    });
  }

  async function search(at: string, offset: number, c: Partial<RoleCriteria> = {}) {
    sent.length = 0;
    const page = await reader.roles(
      { ...c, lastUpdated: { op: 'ge', at: new Date(at) } },
      { limit: LIMIT, offset },
    );
    const rows = sent.find((q) => /\bcpso_number\b/.test(q.sql) && /\bLIMIT\b/.test(q.sql));
    const count = sent.find((q) => /count\(\*\)/.test(q.sql));
    return { page, rows: rows!, count, statements: [...sent] };
  }

  it.each([
    ['most roles changed (a date before the seed)', '2000-01-01T00:00:00Z', 0],
    ['most roles changed, a deep page', '2000-01-01T00:00:00Z', 1000],
    ['few roles changed (an incremental sync)', '2030-06-01T00:00:00Z', 0],
    ['few roles changed, past the last', '2030-06-01T00:00:00Z', 50],
  ])('%s: the page reads practitioner_role_updates by index', async (_, at, offset) => {
    const expected = await definition(at);
    expect(expected.length).toBeGreaterThan(0);
    fresh(); // so that the total is counted here
    const { page, rows, count } = await search(at, offset);
    expect(page.total).toBe(expected.length);
    expect(page.items.map((r) => `${r.cpso}-${r.clinicId}`)).toEqual(
      expected.slice(offset, offset + LIMIT),
    );
    const nodes = await analysed(rows);
    // No table scanned but the specialties' catalogue (the names of the page's specialties).
    const seq = nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']);
    expect(seq.filter((r) => r !== 'specialties')).toEqual([]);
    expect(nodes.map((n) => n['Node Type'])).not.toContain('Append'); // no UNION of two sides
    const scans = nodes.filter((n) => n['Relation Name'] === 'practitioner_role_updates');
    expect(scans).toHaveLength(1);
    expect(scans[0]['Node Type']).toBe('Index Only Scan');
    // It reads the page's rows and those before it, or the changed roles: never every link.
    const read = Number(scans[0]['Actual Rows']) * Number(scans[0]['Actual Loops']);
    const most = expected.length > links / 2;
    expect(read).toBeLessThanOrEqual(most ? offset + LIMIT : expected.length);
    expect(read).toBeLessThan(links / 2);
    if (most) expect(scans[0]['Index Name']).toBe('practitioner_role_updates_pk');
    else expect(scans[0]['Index Name']).toBe('practitioner_role_updates_at_idx');
    // The doctors and clinics are read for the page's rows only.
    for (const table of ['doctors', 'clinics']) {
      const t = nodes.filter((n) => n['Relation Name'] === table);
      expect(t.length).toBeGreaterThan(0);
      for (const n of t)
        expect(Number(n['Actual Rows']) * Number(n['Actual Loops'])).toBeLessThanOrEqual(LIMIT);
    }
    // The count reads practitioner_role_updates alone (by its time's range when few changed).
    const countNodes = await analysed(count!);
    const relations = new Set(countNodes.map((n) => n['Relation Name']).filter(Boolean));
    expect([...relations]).toEqual(['practitioner_role_updates']);
    if (expected.length < links / 10)
      expect(countNodes.some((n) => n['Index Name'] === 'practitioner_role_updates_at_idx')).toBe(
        true,
      );
  });

  it('one total for every instant between two changes (the totals cache answers them)', async () => {
    fresh();
    const first = await search('2030-01-01T00:00:00Z', 0);
    expect(first.count).toBeDefined();
    for (const at of ['2030-06-01T00:00:00Z', '2030-12-31T23:59:59.999Z', CHANGED_AT]) {
      const again = await search(at, 0);
      expect(again.page.total).toBe(first.page.total);
      expect(again.count).toBeUndefined();
    }
    // After the last change nothing matches, and nothing is counted.
    const none = await search('2031-01-01T00:00:00.001Z', 0);
    expect(none.page).toEqual({ items: [], total: 0 });
    expect(none.statements).toHaveLength(1);
  });

  it('keeps a specialty beside _lastUpdated', async () => {
    const [{ name }] = await db.dataSource.query<{ name: string }[]>(
      `SELECT s.name FROM specialties s ORDER BY id LIMIT 1`,
    );
    const at = '2030-06-01T00:00:00Z';
    const expected = await db.dataSource.query<{ id: string }[]>(
      `SELECT d.cpso_number || '-' || c.id AS id
         FROM doctor_clinics dc JOIN doctors d ON d.id = dc.doctor_id JOIN clinics c ON c.id = dc.clinic_id
        WHERE d.expired_at IS NULL AND greatest(d.updated_at, c.updated_at) >= $1
          AND d.specialty_ids @> ARRAY[(SELECT id FROM specialties WHERE name = $2)]::smallint[]
        ORDER BY c.id, d.id`,
      [at, name],
    );
    const { page } = await search(at, 0, { specialties: [name] });
    expect(page.total).toBe(expected.length);
    expect(page.items.map((r) => `${r.cpso}-${r.clinicId}`)).toEqual(
      expected.slice(0, LIMIT).map((r) => r.id),
    );
  });
});
