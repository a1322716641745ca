import { KeepingReadCache } from '../../src/application/shared/read-cache';
import { DoctorCriteria } from '../../src/domain/directory/criteria';
import { PageRequest } from '../../src/domain/shared/page';
import { createDemoDatabase } from '../support/demo-database';
import { clinicReadRepository, doctorReadRepository } from '../support/read-repositories';
import { planNodesOf, recordQueries, SentQuery } from '../support/recorded-queries';
import { TestDatabase } from '../support/test-database';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const LIMIT = 25;

type Node = Record<string, unknown>;

/**
 * Issue 34, item 5: a cursor page is a range of its list's index that starts at the cursor's
 * key, so it reads the same few entries at the list's start as near its end, where an offset
 * page walks every row before it. Checked on the statements the repositories send, run with
 * EXPLAIN (ANALYZE, BUFFERS): the scan's index, its condition, the rows it reads and the buffers
 * the whole page touches (counts, not times).
 */
describe('cursor pages cost the same anywhere in a list (real PostgreSQL)', () => {
  let db: TestDatabase;
  const sent: SentQuery[] = [];
  let doctors: ReturnType<typeof doctorReadRepository>;
  let clinics: ReturnType<typeof clinicReadRepository>;

  beforeAll(async () => {
    db = await createDemoDatabase(
      'cursor_plans',
      { doctors: 3000, seed: 34, now: NOW },
      'doctor_search, clinic_search, specialist_search',
    );
    const ds = recordQueries(db.dataSource, (q) => sent.push(q));
    const cache = new KeepingReadCache();
    doctors = doctorReadRepository(ds, cache);
    clinics = clinicReadRepository(ds, cache);
  });
  afterAll(async () => db?.drop());

  /** The plan of a statement as it ran, with its buffers. */
  async function analysed(q: SentQuery): Promise<{ nodes: Node[]; buffers: number }> {
    const [row] = await db.dataSource.query<{ 'QUERY PLAN': { Plan: Node }[] }[]>(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${q.sql}`,
      q.params,
    );
    const plan = row['QUERY PLAN'][0].Plan;
    return {
      nodes: planNodesOf(plan),
      buffers: Number(plan['Shared Hit Blocks']) + Number(plan['Shared Read Blocks']),
    };
  }

  /** The page statement a read sends (the one that selects the rows), and its plan. */
  async function pagePlan(read: () => Promise<unknown>, pattern: RegExp) {
    sent.length = 0;
    await read();
    const q = sent.find((x) => pattern.test(x.sql));
    expect(q).toBeDefined();
    return analysed(q!);
  }

  /** The one scan of `relation` (by `index`, when the statement reads the relation twice). */
  const scanOf = (nodes: Node[], relation: string, index?: string) => {
    const scans = nodes.filter(
      (n) => n['Relation Name'] === relation && (!index || n['Index Name'] === index),
    );
    expect(scans).toHaveLength(1);
    return scans[0];
  };
  const blocks = (n: Node) => Number(n['Shared Hit Blocks']) + Number(n['Shared Read Blocks']);

  it.each<[string, DoctorCriteria, string]>([
    ['every doctor', {}, 'doctor_search_name_idx'],
    ['accepting', { accepting: true }, 'doctor_search_accepting_idx'],
    [
      'one gender, a language',
      { gender: 'female', languages: ['English'] },
      'doctor_search_gender_idx',
    ],
  ])("doctors by name (%s): the cursor is the walk's start", async (_, criteria, index) => {
    const total = (await doctors.list(criteria, { offset: 0, limit: 0 }, NOW)).total;
    expect(total).toBeGreaterThan(600);
    const keyAt = async (offset: number) =>
      (await doctors.list(criteria, { offset, limit: 1 }, NOW)).lastKey!;
    const early = await keyAt(LIMIT - 1);
    const late = await keyAt(total - LIMIT - 1);
    const page = (p: PageRequest) => () => doctors.list(criteria, p, NOW);
    const byName = /ORDER BY s\.name_key, s\.cpso_number LIMIT/;
    const atStart = await pagePlan(page({ offset: 0, limit: LIMIT, after: early }), byName);
    const atEnd = await pagePlan(page({ offset: 0, limit: LIMIT, after: late }), byName);
    const byOffset = await pagePlan(page({ offset: total - LIMIT, limit: LIMIT }), byName);
    for (const { nodes } of [atStart, atEnd]) {
      const scan = scanOf(nodes, 'doctor_search');
      expect([scan['Node Type'], scan['Index Name']]).toEqual(['Index Only Scan', index]);
      expect(String(scan['Index Cond'])).toMatch(/ROW\(name_key, cpso_number\) >/);
    }
    // The walk reads about the page's rows, at the start as at the end (filters read more rows
    // where they match fewer, the same at both ends within the spread of the demo data).
    const rows = (p: { nodes: Node[] }) => Number(scanOf(p.nodes, 'doctor_search')['Actual Rows']);
    expect(rows(atStart)).toBe(LIMIT);
    expect(rows(atEnd)).toBe(LIMIT);
    const scanBlocks = (p: { nodes: Node[] }) => blocks(scanOf(p.nodes, 'doctor_search'));
    expect(scanBlocks(atEnd)).toBeLessThanOrEqual(scanBlocks(atStart) + 2);
    expect(atEnd.buffers).toBeLessThanOrEqual(atStart.buffers + 10);
    // An offset page that far walks every row before it.
    expect(rows(byOffset)).toBeGreaterThan(total - LIMIT);
    expect(scanBlocks(byOffset)).toBeGreaterThan(scanBlocks(atEnd) * 5);
  });

  it('clinics by name and specialists of one specialty by wait: a range from the cursor', async () => {
    const c = (await clinics.list({}, new Set(), { offset: 0, limit: 0 }, NOW)).total;
    const clinicKey = (await clinics.list({}, new Set(), { offset: c - LIMIT - 1, limit: 1 }, NOW))
      .lastKey!;
    const clinicPage = await pagePlan(
      () => clinics.list({}, new Set(), { offset: 0, limit: LIMIT, after: clinicKey }, NOW),
      /page AS \(SELECT cs\.clinic_id, cs\.name_key AS k/,
    );
    const cs = scanOf(clinicPage.nodes, 'clinic_search', 'clinic_search_name_idx');
    expect(String(cs['Index Cond'])).toMatch(/ROW\(name_key, clinic_id\) >/);
    expect(Number(cs['Actual Rows'])).toBe(LIMIT);

    const [{ name }] = await db.dataSource.query<{ name: string }[]>(
      `SELECT sp.name FROM specialist_search ss JOIN specialties sp ON sp.id = ss.specialty_id
        GROUP BY sp.name ORDER BY count(*) DESC LIMIT 1`,
    );
    const criteria = { specialties: [name] };
    const s = (await clinics.specialists(criteria, { offset: 0, limit: 0 }, NOW)).total;
    expect(s).toBeGreaterThan(LIMIT * 3);
    const key = (await clinics.specialists(criteria, { offset: s - LIMIT - 1, limit: 1 }, NOW))
      .lastKey!;
    const specialistPage = await pagePlan(
      () => clinics.specialists(criteria, { offset: 0, limit: LIMIT, after: key }, NOW),
      /ORDER BY ss\.wait_weeks, ss\.name_key, ss\.clinic_id, ss\.specialty_id/,
    );
    const ss = scanOf(specialistPage.nodes, 'specialist_search', 'specialist_search_order_idx');
    expect(String(ss['Index Cond'])).toMatch(/ROW\(wait_weeks, name_key, clinic_id/);
    expect(Number(ss['Actual Rows'])).toBe(LIMIT);
  });
});
