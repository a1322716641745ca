import fc from 'fast-check';
import { NoReadCache } from '../../src/application/shared/read-cache';
import { DoctorCriteria, GeoPoint } from '../../src/domain/directory/criteria';
import { NAME_ORDER_CHECKPOINTS } from '../../src/infrastructure/persistence/directory/name-gram-counts';
import { SearchTuning } from '../../src/infrastructure/persistence/doctors/search-tuning';
import { TypeOrmDoctorReadRepository } from '../../src/infrastructure/persistence/doctors/typeorm-doctor-read.repository';
import { generateDemoDataset } from '../../src/infrastructure/seed/demo-dataset.generator';
import { replaceDirectoryData } from '../../src/infrastructure/seed/demo-data.seeder';
import { doctorReadRepository } from '../support/read-repositories';
import { planNodesOf, recordQueries, SentQuery } from '../support/recorded-queries';
import { createTestDatabase, TestDatabase } from '../support/test-database';

const NOW = new Date('2026-03-01T12:00:00.000Z');

interface Row {
  readonly cpso: string;
  readonly nameKey: string;
}

/** Code-point order, as `COLLATE "C"` sorts name_key. */
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Issue 14, item 3: a search for two or three letters reads the counts of doctor_name_grams for
 * its total and chooses, per rank, to walk an order (name or distance) or to collect the
 * matches; a walk in name order is bounded and falls back to collecting. Whatever it chooses,
 * the answer must be the one the contract defines: exact CPSO first, then names starting with q,
 * then names containing q, each by name (by distance, then name, with a location), and the true
 * total. Checked here against that definition computed from every row, over a demo directory.
 */
/** Carries a plan out of a transaction that must roll back. */
class PlanRead extends Error {
  constructor(readonly nodes: Record<string, unknown>[]) {
    super('plan read');
  }
}

/** Every bounded walk of the page's reach alone (so it falls back to collecting); near a point every branch walks. */
const SHORT_WALKS: SearchTuning = {
  walkLimit: 0,
  nearWalkBreakEven: 0,
  listWalkBudget: 0,
  shortWalkMinRows: 250_000,
  shortWalkMinShare: 0,
  shortWalkPassOverPages: Infinity,
};

describe('name search plans (real PostgreSQL)', () => {
  let db: TestDatabase;
  let rows: Row[];
  const statements: string[] = [];
  const sent: SentQuery[] = [];

  /** A repository that notes the statements it sends, with the given walk tuning. */
  const repository = (tuning?: SearchTuning) => {
    const ds = recordQueries(db.dataSource, (q) => {
      statements.push(q.sql);
      sent.push(q);
    });
    return doctorReadRepository(ds, new NoReadCache(), tuning);
  };

  /** Distances from `near` as PostgreSQL computes the search's order key (earth <-> point). */
  const distances = async (near: GeoPoint): Promise<Map<string, number>> => {
    const r = await db.dataSource.query<{ cpso_number: string; k: number }[]>(
      `SELECT cpso_number, earth <-> ll_to_earth($1::float8, $2::float8) AS k FROM doctor_geo`,
      [near.lat, near.lng],
    );
    return new Map(r.map((x) => [x.cpso_number, x.k]));
  };

  /** The contract's answer, from every row. */
  const expected = async (
    q: string,
    offset: number,
    limit: number,
    near?: GeoPoint,
    among?: ReadonlySet<string>,
  ): Promise<{ cpsos: string[]; total: number }> => {
    const lower = q.toLowerCase();
    const k = near ? await distances(near) : undefined;
    const rank = (r: Row) =>
      r.cpso === q ? 0 : r.nameKey.startsWith(lower) ? 1 : r.nameKey.includes(lower) ? 2 : -1;
    const hits = rows
      .filter((r) => !among || among.has(r.cpso))
      .map((r) => ({ r, rank: rank(r), k: k?.get(r.cpso) ?? 0 }))
      .filter((h) => h.rank >= 0)
      .sort(
        (a, b) =>
          a.rank - b.rank || a.k - b.k || cmp(a.r.nameKey, b.r.nameKey) || cmp(a.r.cpso, b.r.cpso),
      );
    return {
      cpsos: hits.slice(offset, offset + limit).map((h) => h.r.cpso),
      total: hits.length,
    };
  };

  const actual = async (
    repo: TypeOrmDoctorReadRepository,
    q: string,
    offset: number,
    limit: number,
    near?: GeoPoint,
    filters: DoctorCriteria = {},
  ) => {
    const criteria: DoctorCriteria = near ? { ...filters, near } : filters;
    const page = await repo.search(q, criteria, { offset, limit }, NOW);
    return { cpsos: page.items.map((d) => d.cpsoNumber), total: page.total };
  };

  beforeAll(async () => {
    db = await createTestDatabase('name_search_plans');
    await replaceDirectoryData(
      db.dataSource,
      generateDemoDataset({ doctors: 3000, seed: 5, now: NOW }),
    );
    rows = (
      await db.dataSource.query<{ cpso_number: string; name_key: string }[]>(
        `SELECT cpso_number, name_key FROM doctor_search`,
      )
    ).map((r) => ({ cpso: r.cpso_number, nameKey: r.name_key }));
  });
  afterAll(async () => db?.drop());

  it('counts every two- and three-letter piece and prefix of the names exactly', async () => {
    const grams = await db.dataSource.query<{ kind: string; gram: string; n: number }[]>(
      `SELECT kind, gram, n FROM doctor_name_grams`,
    );
    const byKey = new Map(grams.map((g) => [`${g.kind}:${g.gram}`, g.n]));
    const contains = new Map<string, number>();
    const prefixes = new Map<string, number>();
    for (const r of rows) {
      const pieces = new Set<string>();
      for (const w of [2, 3]) {
        for (let i = 0; i + w <= r.nameKey.length; i++) pieces.add(r.nameKey.slice(i, i + w));
        if (r.nameKey.length >= w) {
          const p = r.nameKey.slice(0, w);
          prefixes.set(p, (prefixes.get(p) ?? 0) + 1);
        }
      }
      for (const p of pieces) contains.set(p, (contains.get(p) ?? 0) + 1);
    }
    expect(byKey.get('n:')).toBe(rows.length);
    expect(grams.filter((g) => g.kind === 'c')).toHaveLength(contains.size);
    expect(grams.filter((g) => g.kind === 'p')).toHaveLength(prefixes.size);
    for (const [g, n] of contains) expect([g, byKey.get(`c:${g}`)]).toEqual([g, n]);
    for (const [g, n] of prefixes) expect([g, byKey.get(`p:${g}`)]).toEqual([g, n]);
    // And, per piece, the names containing it without starting with it among the first names
    // of each checkpoint, in name order.
    const early = await db.dataSource.query<{ gram: string; early: number[] }[]>(
      `SELECT gram, early FROM doctor_name_grams WHERE kind = 'c'`,
    );
    const ordered = inNameOrder();
    const rank = new Map(ordered.map((r, i) => [r.cpso, i + 1]));
    const expectedEarly = new Map<string, number[]>();
    for (const r of rows) {
      const pieces = new Set<string>();
      for (const w of [2, 3])
        for (let i = 1; i + w <= r.nameKey.length; i++) {
          const p = r.nameKey.slice(i, i + w);
          if (!r.nameKey.startsWith(p)) pieces.add(p);
        }
      for (const p of pieces) {
        const counts = expectedEarly.get(p) ?? NAME_ORDER_CHECKPOINTS.map(() => 0);
        NAME_ORDER_CHECKPOINTS.forEach((b, j) => {
          if (rank.get(r.cpso)! <= b) counts[j]++;
        });
        expectedEarly.set(p, counts);
      }
    }
    expect(early).toHaveLength(contains.size);
    for (const { gram, early: e } of early)
      expect([gram, e]).toEqual([
        gram,
        expectedEarly.get(gram) ?? NAME_ORDER_CHECKPOINTS.map(() => 0),
      ]);
  });

  it("gives a name's two-letter pieces (any text, by characters) to the pieces indexes (property)", async () => {
    const char = fc.oneof(
      fc.constantFrom('a', 'b', 'n', ' ', "'", '-', 'é', 'ß', '😀'),
      fc
        .integer({ min: 0x20, max: 0xffff })
        .filter((c) => c < 0xd800 || c > 0xdfff)
        .map((c) => String.fromCodePoint(c)),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(char, { maxLength: 12 }), async (cs) => {
        const t = cs.join('');
        const [{ pieces }] = await db.dataSource.query<{ pieces: string[] }[]>(
          'SELECT name_bigrams($1) AS pieces',
          [t],
        );
        const expected = new Set(cs.slice(0, -1).map((c, i) => c + cs[i + 1]));
        expect([t, new Set(pieces)]).toEqual([t, expected]);
        // And a row is found by each of them through the index's operator.
        for (const p of expected) {
          const [{ found }] = await db.dataSource.query<{ found: boolean }[]>(
            'SELECT name_bigrams($1) @> ARRAY[$2]::text[] AS found',
            [t, p],
          );
          expect([t, p, found]).toEqual([t, p, true]);
        }
      }),
      { numRuns: 150 },
    );
  });

  /** Pieces of the directory's names: common and rare, prefixes and not, and some absent. */
  const pieces = (): string[] => {
    const counts = new Map<string, number>();
    for (const r of rows)
      for (const w of [2, 3])
        for (let i = 0; i + w <= r.nameKey.length; i++) {
          const p = r.nameKey.slice(i, i + w);
          if (!p.includes(' ')) counts.set(p, (counts.get(p) ?? 0) + 1);
        }
    const sorted = [...counts.entries()].sort((a, b) => b[1] - a[1] || cmp(a[0], b[0]));
    const pick = (xs: [string, number][], n: number) =>
      xs.filter((_, i) => i % Math.max(1, Math.floor(xs.length / n)) === 0).slice(0, n);
    return [
      ...pick(sorted.slice(0, 40), 8).map(([p]) => p),
      ...pick(sorted.slice(40), 16).map(([p]) => p),
      'qx',
      'zzq',
      rows[0].cpso,
      rows[0].nameKey.slice(0, 3).toUpperCase(),
    ];
  };

  it.each([
    ['default tuning', undefined],
    [
      'short walks (every bounded walk falls back to collecting; near a point every branch walks)',
      SHORT_WALKS,
    ],
  ])('answers as the contract says, whatever plan it picks (%s)', async (_label, tuning) => {
    const repo = repository(tuning);
    statements.length = 0;
    const near = { lat: 43.7, lng: -79.4 };
    for (const q of pieces()) {
      for (const [offset, limit] of [
        [0, 25],
        [25, 25],
        [0, 3],
        [60, 10],
      ]) {
        expect([q, offset, await actual(repo, q, offset, limit)]).toEqual([
          q,
          offset,
          await expected(q, offset, limit),
        ]);
        expect([q, offset, 'near', await actual(repo, q, offset, limit, near)]).toEqual([
          q,
          offset,
          'near',
          await expected(q, offset, limit, near),
        ]);
      }
    }
    // Every way of reading was taken at least once above.
    const all = statements.join('\n');
    expect(all).toContain('WITH walked AS'); // bounded walk in name order
    expect(all).toContain('WITH TIES'); // walk in distance order
    expect(all).toMatch(/ORDER BY[^)]*\(s\.name_key \|\| ''\)/); // collection
    expect(all).toMatch(/SELECT \$\d+::int \+ count\(\*\)::int AS n/); // counted total
    if (tuning) {
      // Near a point, names containing three letters (not only prefixes) are walked nearest
      // first: doctor_geo_earth_name_idx checks the trigrams inside the walk.
      const q3 = pieces().find((q) => q.length === 3 && q === q.toLowerCase() && /^\D/.test(q))!;
      statements.length = 0;
      await actual(repo, q3, 0, 25, near);
      expect(statements.join('\n')).toMatch(
        /FROM doctor_geo s WHERE \(s\.name_key \|\| ''\) LIKE \$\d+ AND s\.name_key NOT LIKE \$\d+ AND s\.cpso_number <> \$\d+\s+ORDER BY s\.earth <->/,
      );
    }
  });

  /** Names in name order (name_key, then CPSO number), as the name index holds them. */
  const inNameOrder = () =>
    [...rows].sort((a, b) => cmp(a.nameKey, b.nameKey) || cmp(a.cpso, b.cpso));

  it('walks the name order only as far as the counted checkpoint holding the page, when that costs less than collecting', async () => {
    const repo = repository();
    const ordered = inNameOrder();
    // The most common pieces, and some with a few pages of matches.
    const grams = await db.dataSource.query<{ gram: string; rest: number; starting: number }[]>(
      `SELECT gram, rest, starting FROM (
         SELECT c.gram, c.n - coalesce(p.n, 0) AS rest, coalesce(p.n, 0) AS starting,
                row_number() OVER (PARTITION BY c.n - coalesce(p.n, 0) BETWEEN 30 AND 120
                                   ORDER BY c.n - coalesce(p.n, 0) DESC, c.gram) AS i
           FROM doctor_name_grams c LEFT JOIN doctor_name_grams p ON p.kind = 'p' AND p.gram = c.gram
          WHERE c.kind = 'c' AND c.gram !~ ' ') x
        WHERE i <= 6 AND (rest > 120 OR rest BETWEEN 30 AND 120)`,
    );
    let walked = 0;
    let collected = 0;
    for (const { gram, rest, starting } of grams) {
      for (const offset of [0, 25]) {
        const reach = offset + 25;
        // The first checkpoint whose names hold `reach` matches, from every row.
        const holding = NAME_ORDER_CHECKPOINTS.find(
          (b) =>
            ordered
              .slice(0, b)
              .filter((r) => r.nameKey.includes(gram) && !r.nameKey.startsWith(gram)).length >=
            reach,
        );
        sent.length = 0;
        expect([gram, offset, await actual(repo, gram, offset, 25)]).toEqual([
          gram,
          offset,
          await expected(gram, offset, 25),
        ]);
        const bounds = sent
          .map((x) => {
            const m = /ORDER BY s\.name_key, s\.cpso_number LIMIT \$(\d+)\) s\s+WHERE/.exec(x.sql);
            return m ? x.params[Number(m[1]) - 1] : undefined;
          })
          .filter((b) => b !== undefined);
        if (starting - 1 >= reach) {
          // The names starting with q fill the page: no other name is read.
          expect([gram, offset, bounds]).toEqual([gram, offset, []]);
        } else if (holding !== undefined && holding < 8 * rest) {
          walked++;
          expect([gram, offset, bounds]).toEqual([gram, offset, [holding]]);
        } else {
          collected++;
          expect([gram, offset, bounds]).toEqual([gram, offset, []]);
        }
      }
    }
    expect(walked).toBeGreaterThan(0);
    expect(collected).toBeGreaterThan(0);
  });

  it('reads no other name when the names starting with q fill the page', async () => {
    const repo = repository();
    const [{ gram, n }] = await db.dataSource.query<{ gram: string; n: number }[]>(
      `SELECT gram, n FROM doctor_name_grams WHERE kind = 'p' AND length(gram) = 3
        ORDER BY n DESC, gram LIMIT 1`,
    );
    expect(n).toBeGreaterThan(12);
    const near = { lat: 43.7, lng: -79.4 };
    // The page's reach within the prefix's names, then past them.
    for (const [offset, limit, others] of [
      [0, 10, false],
      [n - 6, 5, false],
      [n - 6, 6, true],
      [n + 2, 5, true],
    ] as [number, number, boolean][]) {
      for (const at of [undefined, near]) {
        sent.length = 0;
        expect([gram, offset, limit, at, await actual(repo, gram, offset, limit, at)]).toEqual([
          gram,
          offset,
          limit,
          at,
          await expected(gram, offset, limit, at),
        ]);
        const page = sent.find((x) => /\bJOIN clinics c\b/.test(x.sql))!;
        // The third rank is the only branch that drops the prefix's names.
        expect([gram, offset, limit, at, page.sql.includes('NOT LIKE')]).toEqual([
          gram,
          offset,
          limit,
          at,
          others,
        ]);
      }
    }
  });

  it('with a filter (no counts), reads rank 2 only for what the CPSO and prefix ranks leave of the page', async () => {
    const repo = repository();
    const [{ gram, n }] = await db.dataSource.query<{ gram: string; n: number }[]>(
      `SELECT gram, n FROM doctor_name_grams WHERE kind = 'p' AND length(gram) = 3
        ORDER BY n DESC, gram LIMIT 1`,
    );
    // A filter every doctor passes: the search is not counted, so the planner cannot know that
    // the prefix fills the page.
    const filters: DoctorCriteria = { minYears: 0 };
    const near = { lat: 43.7, lng: -79.4 };
    for (const at of [undefined, near])
      for (const [offset, limit, fills] of [
        [0, 10, true],
        [n - 6, 5, true],
        [n - 6, 8, false],
      ] as [number, number, boolean][]) {
        sent.length = 0;
        const got = await actual(repo, gram, offset, limit, at, filters);
        expect(got).toEqual(await expected(gram, offset, limit, at));
        const page = sent.find((x) => /\bJOIN clinics c\b/.test(x.sql))!;
        const [row] = await db.dataSource.query<
          { 'QUERY PLAN': { Plan: Record<string, unknown> }[] }[]
        >(`EXPLAIN (ANALYZE, FORMAT JSON) ${page.sql}`, page.params);
        // Rank 2 is the Append's last member: the LIMIT of what the ranks before it leave, over
        // the rank's own reading (its Outer child), which runs only when that LIMIT is above 0.
        const append = planNodesOf(row['QUERY PLAN'][0].Plan).find(
          (x) => x['Node Type'] === 'Append',
        )!;
        const members = append.Plans as Record<string, unknown>[];
        expect(members.length).toBe(3);
        const rank2 = (members[2].Plans as Record<string, unknown>[]).find(
          (x) => x['Parent Relationship'] === 'Outer',
        )!;
        const loops = Number(rank2['Actual Loops'] ?? 0);
        expect([gram, offset, limit, at, loops > 0]).toEqual([gram, offset, limit, at, !fills]);
      }
  });

  it('with a filter or a radius (the planner chooses), answers as the contract says', async () => {
    const repo = repository();
    const near = { lat: 43.7, lng: -79.4 };
    const cpsosWhere = async (sql: string, params: unknown[]) =>
      new Set(
        (await db.dataSource.query<{ cpso_number: string }[]>(sql, params)).map(
          (r) => r.cpso_number,
        ),
      );
    const women = await cpsosWhere(`SELECT cpso_number FROM doctor_search WHERE gender = $1`, [
      'female',
    ]);
    const within3km = await cpsosWhere(
      `SELECT cpso_number FROM doctor_geo
        WHERE earth_distance(ll_to_earth($1::float8, $2::float8), earth) <= 3000`,
      [near.lat, near.lng],
    );
    for (const q of pieces()) {
      expect([q, await actual(repo, q, 0, 25, undefined, { gender: 'female' })]).toEqual([
        q,
        await expected(q, 0, 25, undefined, women),
      ]);
      expect([q, await actual(repo, q, 0, 25, near, { radiusKm: 3 })]).toEqual([
        q,
        await expected(q, 0, 25, near, within3km),
      ]);
    }
  });

  /**
   * Every plan node of a statement, with sequential scans ruled out (a small table) and, when
   * asked, the two-letter pieces indexes dropped for the statement's transaction only (rolled
   * back), so the planner takes whatever other index the statement lets it.
   */
  const planNodes = async (
    sql: string,
    params: unknown[],
    withoutBigrams = false,
  ): Promise<Record<string, unknown>[]> =>
    db.dataSource
      .transaction(async (m) => {
        await m.query('SET LOCAL enable_seqscan = off');
        if (withoutBigrams) {
          await m.query('DROP INDEX doctor_geo_name_bigrams_idx, doctor_search_name_bigrams_idx');
        }
        const [row] = await m.query<{ 'QUERY PLAN': { Plan: Record<string, unknown> }[] }[]>(
          `EXPLAIN (FORMAT JSON) ${sql}`,
          params,
        );
        const nodes = planNodesOf(row['QUERY PLAN'][0].Plan);
        if (withoutBigrams) throw new PlanRead(nodes); // roll the dropped indexes back
        return nodes;
      })
      .catch((e: unknown) => {
        if (e instanceof PlanRead) return e.nodes;
        throw e;
      });

  it('walks near a point on the point-and-name index; two letters inside names never reach the trigram index', async () => {
    const near = { lat: 43.7, lng: -79.4 };
    const walking = repository(SHORT_WALKS);
    const q3 = pieces().find((q) => q.length === 3 && q === q.toLowerCase() && /^\D/.test(q))!;
    sent.length = 0;
    await actual(walking, q3, 0, 25, near);
    const page = sent.find((x) => x.sql.includes('WITH TIES'))!;
    // The name's trigrams are checked inside the index (an index condition, not a filter).
    expect(
      (await planNodes(page.sql, page.params)).some(
        (n) =>
          n['Index Name'] === 'doctor_geo_earth_name_idx' &&
          /\(name_key \|\| ''::text\) ~~ '%/.test(String(n['Index Cond'])),
      ),
    ).toBe(true);

    // For two letters inside a name ('%ab%') the trigram index has no trigram and returns every
    // row: only the two-letter pieces index may serve it (a prefix, 'ab%', has trigrams).
    const q2 = pieces().find((q) => q.length === 2)!;
    sent.length = 0;
    await actual(repository(), q2, 0, 25);
    await actual(repository(), q2, 0, 25, near, { radiusKm: 3 });
    await actual(repository(), q2, 0, 25, undefined, { gender: 'female' });
    expect(sent.length).toBeGreaterThan(2);
    for (const x of sent) {
      const unbounded = (await planNodes(x.sql, x.params, true)).filter(
        (n) =>
          String(n['Index Name']).endsWith('name_trgm_idx') &&
          /~~ '%/.test(String(n['Index Cond'])),
      );
      expect([x.sql, unbounded]).toEqual([x.sql, []]);
    }
  });

  it("collects the names containing q after their first letter through the tail's indexes", async () => {
    // Collected at once, or after a walk of the page's reach alone ends short.
    const collecting = repository(SHORT_WALKS);
    // Pieces that start fewer names than a page (else the third rank is not read at all).
    const starting = (q: string) => rows.filter((r) => r.nameKey.startsWith(q)).length;
    const q3 = pieces().find(
      (q) => q.length === 3 && q === q.toLowerCase() && /^\D/.test(q) && starting(q) < 20,
    )!;
    const q2 = pieces().find((q) => q.length === 2 && starting(q) < 20)!;
    expect([q3, q2]).toEqual([expect.any(String), expect.any(String)]);
    for (const [q, index] of [
      [q3, 'doctor_name_order_tail_trgm_idx'],
      [q2, 'doctor_name_order_tail_bigrams_idx'],
    ]) {
      sent.length = 0;
      expect(await actual(collecting, q, 0, 25)).toEqual(await expected(q, 0, 25));
      const page = sent.find((x) => x.sql.includes('substr(s.name_key, 2)'))!;
      expect(page).toBeDefined();
      const used = (await planNodes(page.sql, page.params)).map((n) => n['Index Name']);
      expect([q, used]).toEqual([q, expect.arrayContaining([index])]);
    }
    // Its rows lie in name order after a load, so a piece's matches, clustered by name, share
    // blocks: read in physical order, doctor_name_order is the name index's order.
    const physical = await db.dataSource.query<{ cpso_number: string }[]>(
      `SELECT cpso_number FROM doctor_name_order ORDER BY ctid`,
    );
    expect(physical.map((r) => r.cpso_number)).toEqual(
      [...rows].sort((a, b) => cmp(a.nameKey, b.nameKey) || cmp(a.cpso, b.cpso)).map((r) => r.cpso),
    );
  });

  it('matches the definition for any piece of a name, page and location (property)', async () => {
    const repo = repository({
      walkLimit: 40,
      nearWalkBreakEven: 2_500,
      listWalkBudget: 0,
      shortWalkMinRows: 250_000,
      shortWalkMinShare: 0,
      shortWalkPassOverPages: Infinity,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: rows.length - 1 }),
        fc.nat({ max: 30 }),
        fc.integer({ min: 2, max: 3 }),
        fc.nat({ max: 80 }),
        fc.integer({ min: 1, max: 25 }),
        fc.option(
          fc.record({
            lat: fc.double({ min: 43.6, max: 43.85, noNaN: true }),
            lng: fc.double({ min: -79.6, max: -79.2, noNaN: true }),
          }),
        ),
        async (i, at, len, offset, limit, near) => {
          const name = rows[i].nameKey;
          const start = Math.min(at, Math.max(0, name.length - len));
          const q = name.slice(start, start + len);
          if (q !== q.trim()) return; // the use case trims q before the repository sees it
          expect(await actual(repo, q, offset, limit, near ?? undefined)).toEqual(
            await expected(q, offset, limit, near ?? undefined),
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});
