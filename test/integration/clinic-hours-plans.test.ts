import { ListMomentsResolver } from '../../src/application/shared/list-moments';
import { NoReadCache } from '../../src/application/shared/read-cache';
import { ClinicCriteria, SpecialistCriteria } from '../../src/domain/directory/criteria';
import { DateHolidaysOntarioCalendar } from '../../src/infrastructure/holidays/date-holidays-ontario.calendar';
import { TypeOrmClinicReadRepository } from '../../src/infrastructure/persistence/clinics/typeorm-clinic-read.repository';
import { createDemoDatabase } from '../support/demo-database';
import { clinicReadRepository } from '../support/read-repositories';
import { recordQueries, SentQuery, walkPlanOf } from '../support/recorded-queries';
import { TestDatabase } from '../support/test-database';

// A Friday morning in Toronto: openAt below covers a Saturday, a Sunday night and Boxing Day.
const NOW = new Date('2026-11-27T15:00:00Z');
const UNION = { lat: 43.6453, lng: -79.3806 };

/**
 * Issue 33's filters stay on the clinic lists' index walks (the planner held to walks, as the
 * other plan tests do: the demo directory is small): a page in name order walks
 * clinic_search_name_idx index-only, nearest first walks the GiST of the point (ordered by the
 * index, no sort of every match), specialists walk their order index or the specialty's point;
 * the clinic's hours, exception and status are probed per walked row on the clinics' primary key.
 * No statement (page or total) scans a read model sequentially.
 */
describe('clinic lists with openNow / openAt / acceptingStatus stay on their walks', () => {
  let db: TestDatabase;
  let repo: TypeOrmClinicReadRepository;
  const sent: SentQuery[] = [];
  const moments = new ListMomentsResolver(new DateHolidaysOntarioCalendar());

  beforeAll(async () => {
    db = await createDemoDatabase(
      'clinic_hours_plans',
      { doctors: 1500, seed: 33, now: NOW },
      'clinic_search, specialist_search, clinics, clinic_hours_exceptions',
    );
    repo = clinicReadRepository(
      recordQueries(db.dataSource, (q) => sent.push(q)),
      new NoReadCache(),
    );
  });
  afterAll(async () => db?.drop());

  /** The last list's total: a list of none sends no page. */
  let total = -1;
  /** A page that took the open clinics' ids (openClinicsCollected) may sort those few. */
  const collected = (sql: string) => /ANY\(ARRAY\(SELECT o\.clinic_id/.test(sql);

  const FILTERS: Partial<ClinicCriteria>[] = [
    { openNow: true },
    { openAt: '2026-11-28T10:00' },
    { openAt: '2026-11-29T02:00' },
    { openAt: '2026-11-29T07:00' },
    { openAt: '2026-12-26T10:00' },
    { acceptingStatuses: ['existing-patients-family'] },
    { acceptingStatuses: ['accepting', 'unknown'] },
    { openAt: '2026-12-26T10:00', acceptingStatuses: ['accepting', 'existing-patients-family'] },
  ];

  async function plansOf(run: () => Promise<{ total: number }>) {
    sent.length = 0;
    total = (await run()).total;
    const out: { sql: string; nodes: Record<string, unknown>[] }[] = [];
    for (const q of sent)
      out.push({ sql: q.sql, nodes: await walkPlanOf(db.dataSource, q.sql, q.params) });
    return out;
  }
  const noSeqScanOfReadModels = (plans: { nodes: Record<string, unknown>[] }[]) =>
    plans
      .flatMap((p) => p.nodes)
      .filter(
        (n) =>
          n['Node Type'] === 'Seq Scan' &&
          ['clinic_search', 'specialist_search'].includes(String(n['Relation Name'])),
      );

  /**
   * A page either walks its index (the order from it: `walked`), or, when the planner expects
   * few matches (Boxing Day with a status: a few of the demo's clinics open), reads those few by
   * key and sorts them: then the sort's input must be at most 5% of the clinics, never every
   * clinic.
   */
  async function walkedOrFew(nodes: Record<string, unknown>[], walked: boolean) {
    if (walked) return;
    const [{ n }] = await db.dataSource.query<{ n: number }[]>(
      'SELECT count(*)::int AS n FROM clinic_search',
    );
    const sorted = nodes
      .filter((x) => x['Node Type'] === 'Sort')
      .map((x) => Number(x['Plan Rows']));
    expect(Math.max(0, ...sorted)).toBeLessThanOrEqual(n * 0.05);
  }

  it.each(FILTERS)('/clinics %j: name order walks clinic_search_name_idx', async (f) => {
    const criteria = f as ClinicCriteria;
    const plans = await plansOf(() =>
      repo.list(criteria, new Set(), { offset: 0, limit: 25 }, NOW, moments.resolve(f, NOW)),
    );
    const page = plans.find((p) => /ORDER BY cs\.name_key, cs\.clinic_id LIMIT/.test(p.sql));
    if (!page) return expect(total).toBe(0); // nothing open (Sunday 02:00): no page is read
    const walked = page.nodes.some(
      (n) =>
        n['Relation Name'] === 'clinic_search' &&
        n['Node Type'] === 'Index Only Scan' &&
        n['Index Name'] === 'clinic_search_name_idx',
    );
    // The order is the index's: no Sort node above the walk sorts the matches.
    // No Sort of every match: a sort (of a collected page, or inside a subquery) reads few rows.
    await walkedOrFew(page.nodes, false);
    // Every filter but the holiday's with a status is walked at this size.
    if ((!f.acceptingStatuses || !f.openAt) && !collected(page.sql)) expect(walked).toBe(true);
    expect(noSeqScanOfReadModels(plans)).toEqual([]);
  });

  it.each(FILTERS)('/clinics near %j: nearest first on the point’s GiST', async (f) => {
    const criteria = { ...f, near: UNION } as ClinicCriteria;
    const plans = await plansOf(() =>
      repo.list(criteria, new Set(), { offset: 0, limit: 25 }, NOW, moments.resolve(f, NOW)),
    );
    const page = plans.find((p) => /FROM clinic_search cs[\s\S]*WITH TIES/.test(p.sql));
    if (!page) return expect(total).toBe(0);
    // The walk (the page's rows are then joined to clinic_search again by key).
    const walk = page.nodes.filter(
      (n) =>
        n['Relation Name'] === 'clinic_search' && /earth/.test(JSON.stringify(n['Order By'] ?? '')),
    );
    expect(walk.length).toBeLessThanOrEqual(1);
    await walkedOrFew(page.nodes, walk.length === 1);
    if ((!f.acceptingStatuses || !f.openAt) && !collected(page.sql)) expect(walk.length).toBe(1);
    expect(noSeqScanOfReadModels(plans)).toEqual([]);
  });

  it.each(FILTERS)('/specialists %j: one specialty walks its order index', async (f) => {
    const spec = await db.dataSource.query<{ name: string }[]>(
      `SELECT sp.name FROM specialist_search ss JOIN specialties sp ON sp.id = ss.specialty_id
        GROUP BY sp.name ORDER BY count(*) DESC, sp.name LIMIT 1`,
    );
    const criteria = { ...f, specialties: [spec[0].name] } as SpecialistCriteria;
    const plans = await plansOf(() =>
      repo.specialists(criteria, { offset: 0, limit: 25 }, NOW, moments.resolve(f, NOW)),
    );
    const page = plans.find((p) => /ORDER BY ss\.wait_weeks, ss\.name_key/.test(p.sql));
    expect(page).toBeDefined();
    const walk = page!.nodes.filter((n) => n['Relation Name'] === 'specialist_search');
    expect(walk.map((n) => n['Index Name'])).toEqual(['specialist_search_order_idx']);
    expect(noSeqScanOfReadModels(plans)).toEqual([]);
    const near = await plansOf(() =>
      repo.specialists(
        { ...criteria, near: UNION },
        { offset: 0, limit: 25 },
        NOW,
        moments.resolve(f, NOW),
      ),
    );
    const nearPage = near.find((p) => /FROM specialist_search ss[\s\S]*WITH TIES/.test(p.sql));
    const nearWalk = nearPage!.nodes.filter((n) => n['Relation Name'] === 'specialist_search');
    expect(nearWalk.map((n) => n['Index Name'])).toEqual(['specialist_search_specialty_earth_idx']);
    expect(noSeqScanOfReadModels(near)).toEqual([]);
  });
});
