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
