import { PlanNode } from '../../scripts/bench/explain';
import { PAGE_SLACK, planReads, verdictOf } from '../../scripts/bench/plan-reads';

/**
 * The rules by which `npm run plans` flags a random case (scripts/bench/plan-reads.ts), on plan
 * trees shaped as EXPLAIN (ANALYZE, FORMAT JSON) gives them.
 */
describe('plan reads: what a statement reads beyond its page', () => {
  const walkOf = (rows: number, removed: number): PlanNode => ({
    'Node Type': 'Limit',
    Plans: [
      {
        'Node Type': 'Nested Loop',
        Plans: [
          {
            'Node Type': 'Index Only Scan',
            'Relation Name': 'doctor_search',
            'Index Name': 'doctor_search_name_idx',
            'Actual Rows': rows,
            'Heap Fetches': 0,
          },
          {
            'Node Type': 'Index Scan',
            'Relation Name': 'clinics',
            'Index Name': 'clinics_pkey',
            'Actual Rows': 0,
            'Actual Loops': rows,
            'Rows Removed by Filter': removed / rows,
          },
        ],
      },
    ],
  });

  it('a walk that stops at its page is not flagged', () => {
    const r = planReads(walkOf(25, 25));
    expect(r.removed).toBe(25);
    expect(verdictOf(r, 25, 0)).toBeUndefined();
  });

  it('rows read and thrown away past a page are flagged, loops counted', () => {
    const r = planReads(walkOf(1000, 1000));
    expect(r.removed).toBe(1000);
    // The probe fetched 1 row per loop, kept none: 1,000 table rows from clinics.
    expect(r.heapRows).toBe(1000);
    expect(r.heapNode).toBe('Index Scan on clinics (clinics_pkey)');
    const v = verdictOf(r, 25, 0)!;
    expect(v.reason).toContain(
      `1000 rows removed after reading them (page's worth ${50 + PAGE_SLACK})`,
    );
  });

  it('a deep page may fetch and sort its offset, not more', () => {
    const plan: PlanNode = {
      'Node Type': 'Sort',
      Plans: [{ 'Node Type': 'Index Scan', 'Relation Name': 'doctor_geo', 'Actual Rows': 570 }],
    };
    const r = planReads(plan);
    expect(r.sortRows).toBe(570);
    expect(verdictOf(r, 25, 500)).toBeUndefined();
    expect(verdictOf(r, 25, 400)!.reason).toMatch(/^570 table rows fetched .*; sorts 570 rows/);
  });

  it("a sort is measured per loop: many small sorts (an item's languages) are not one big one", () => {
    const perItem = (loops: number, each: number): PlanNode => ({
      'Node Type': 'Sort',
      'Actual Loops': loops,
      Plans: [
        // namesOf: an item's ids unnested WITH ORDINALITY, sorted by their place.
        { 'Node Type': 'Function Scan', 'Actual Rows': each, 'Actual Loops': loops },
      ],
    });
    // 100 items, 3 languages each: 100 sorts of 3 rows, not a sort of 300.
    expect(planReads(perItem(100, 3)).sortRows).toBe(3);
    expect(verdictOf(planReads(perItem(100, 3)), 100, 0)).toBeUndefined();
    // One sort of 300 rows on a page of 10 is flagged.
    expect(verdictOf(planReads(perItem(1, 300)), 10, 0)!.reason).toContain('sorts 300 rows');
  });

  it('the read model with a row per opening range is guarded too', () => {
    for (const rel of ['clinic_open_ranges'])
      expect(
        planReads({ 'Node Type': 'Seq Scan', 'Relation Name': rel, 'Actual Rows': 1 }).seqScans,
      ).toEqual([rel]);
  });

  it('a Seq Scan on a guarded table is flagged whatever it reads, others are not', () => {
    const seq = (rel: string): PlanNode => ({
      'Node Type': 'Seq Scan',
      'Relation Name': rel,
      'Actual Rows': 1,
    });
    expect(planReads(seq('clinics')).seqScans).toEqual(['clinics']);
    expect(verdictOf(planReads(seq('clinics')), 25, 0)!.excess).toBe(Infinity);
    expect(planReads(seq('specialties')).seqScans).toEqual([]);
    expect(verdictOf(planReads(seq('specialties')), 25, 0)).toBeUndefined();
  });
});
