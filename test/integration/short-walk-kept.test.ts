import { loadedMemory, recordingDataSource } from '../../scripts/bench/recording';
import { DoctorCriteria } from '../../src/domain/directory/criteria';
import { DataSource } from 'typeorm';
import { DoctorMemoryIndex } from '../../src/infrastructure/persistence/directory/memory/doctor-memory-index';
import {
  DEFAULT_SEARCH_TUNING,
  SearchTuning,
} from '../../src/infrastructure/persistence/doctors/search-tuning';
import { NoReadCache } from '../../src/application/shared/read-cache';
import { SeededRandom } from '../../src/infrastructure/seed/seeded-random';
import { createDemoDatabase } from '../support/demo-database';
import { doctorReadRepository } from '../support/read-repositories';
import { TestDatabase } from '../support/test-database';

/**
 * A page nearest first that a short walk of doctor_geo's index answers while the columns are
 * loaded (docs/list-reads.md, "Rows kept"; at 250,000 doctors and more, here forced): the walk
 * reads the page's ids and sort keys, the rows are then read by id (no second walk) and kept,
 * and the same page again is answered from the kept rows after the walk alone. Every answer
 * equals SQL's alone, for seeded random filters and points.
 */
const NOW = new Date('2026-11-27T17:00:00Z');
const SEED = Number(process.env.SHORT_WALK_KEPT_SEED ?? 20261128);

/** Short walks at any directory size and walk length, unless `tuning` says otherwise. */
const walkingRepository = (
  ds: DataSource,
  cache: NoReadCache,
  memory: DoctorMemoryIndex,
  tuning: Partial<SearchTuning>,
) =>
  doctorReadRepository(
    ds,
    cache,
    { ...DEFAULT_SEARCH_TUNING, listWalkBudget: 1e9, shortWalkMinRows: 0, ...tuning },
    memory,
  );

describe('short walks nearest first with kept rows (integration)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createDemoDatabase(
      'short_walk_kept',
      { doctors: 400, seed: 42, now: NOW },
      'doctor_geo',
    );
  }, 120_000);
  afterAll(async () => {
    await db?.drop();
  });

  it('reads the rows by id once, then answers from kept rows, as SQL does', async () => {
    const recorder = recordingDataSource(db.dataSource);
    const memory = await loadedMemory(db.dataSource);
    const cache = new NoReadCache();
    // Every page is a short walk, whatever the directory's size.
    const walking = walkingRepository(recorder.dataSource, cache, memory, {
      shortWalkMinShare: 0,
      shortWalkPassOverPages: Infinity,
    });
    const plain = doctorReadRepository(db.dataSource, cache);
    const r = new SeededRandom(SEED);
    const columns = memory.current()!;
    let byId = 0;
    let walksAlone = 0;
    for (let n = 0; n < 40; n++) {
      const criteria: DoctorCriteria = {
        near: { lat: r.float(43.55, 43.85), lng: r.float(-79.6, -79.2) },
        ...(r.chance(0.5) ? { radiusKm: r.int(2, 40) } : {}),
        ...(r.chance(0.4) ? { accepting: r.chance(0.5) } : {}),
        ...(r.chance(0.3) ? { languages: [r.pick(['English', 'French', 'Punjabi'])] } : {}),
        ...(r.chance(0.3) ? { wheelchair: r.chance(0.5) } : {}),
      };
      const page = { limit: r.pick([5, 10, 25]), offset: r.int(0, 10) };
      const expected = await plain.list(criteria, page, NOW);
      recorder.take();
      const first = await walking.list(criteria, page, NOW);
      const firstSql = recorder.take().map((q) => q.sql);
      const kept = columns.kept.pages;
      const again = await walking.list(criteria, page, NOW);
      const againSql = recorder.take().map((q) => q.sql);
      const context = { criteria, page };
      expect({ ...context, page: first }).toEqual({ ...context, page: expected });
      expect({ ...context, page: again }).toEqual({ ...context, page: expected });
      if (expected.items.length === 0) continue;
      // The first: the walk's ids, then the rows by id; the second: the walk's ids alone.
      if (
        firstSql.some((s) =>
          s.includes('AS u(doctor_id, clinic_id, name_key, cpso_number, rank, k)'),
        )
      )
        byId++;
      if (againSql.length === 1 && columns.kept.pages === kept + 1) walksAlone++;
    }
    expect(byId).toBeGreaterThan(20);
    expect(walksAlone).toBeGreaterThan(20);
  }, 120_000);

  it('walks only for filters at least shortWalkMinShare of the doctors match', async () => {
    const recorder = recordingDataSource(db.dataSource);
    const cache = new NoReadCache();
    const share = 0.3;
    // A fresh copy of the columns per list: no row kept from an earlier one.
    const repository = async () => {
      const memory = await loadedMemory(db.dataSource);
      const repo = walkingRepository(recorder.dataSource, cache, memory, {
        shortWalkMinShare: share,
      });
      return { repo, everyone: memory.current()!.size };
    };
    const plain = doctorReadRepository(db.dataSource, cache);
    const r = new SeededRandom(SEED + 1);
    const seen = { walked: 0, columns: 0, deep: 0 };
    for (let n = 0; n < 80; n++) {
      const filters: DoctorCriteria = {
        ...(r.chance(0.5) ? { accepting: r.chance(0.5) } : {}),
        ...(r.chance(0.5) ? { languages: [r.pick(['English', 'French', 'Punjabi'])] } : {}),
        ...(r.chance(0.5) ? { wheelchair: r.chance(0.5) } : {}),
        ...(r.chance(0.3) ? { gender: r.pick(['female', 'non-binary']) } : {}),
      };
      const criteria: DoctorCriteria = {
        ...filters,
        near: { lat: r.float(43.55, 43.85), lng: r.float(-79.6, -79.2) },
        ...(r.chance(0.5) ? { radiusKm: r.int(2, 40) } : {}),
      };
      // Deep pages too: a walk there passes over more than a page's worth of entries.
      const page = {
        limit: r.pick([5, 10, 25]),
        offset: r.pick([0, r.int(0, 10), r.int(15, 60)]),
      };
      const matches = (await plain.list(filters, { limit: 1, offset: 0 }, NOW)).total;
      const expected = await plain.list(criteria, page, NOW);
      const { repo, everyone } = await repository();
      recorder.take();
      const got = await repo.list(criteria, page, NOW);
      const sql = recorder.take().map((q) => q.sql);
      expect({ criteria, page, got }).toEqual({ criteria, page, got: expected });
      // No row, no statement to tell the paths apart.
      if (expected.items.length === 0) continue;
      // The columns chose the rows: they are read by id from doctor_geo; a walk orders its own.
      const chosen = sql.some((q) => q.includes('g.doctor_id = ANY('));
      const reach = page.offset + page.limit;
      const walk =
        matches > 0 &&
        matches >= share * everyone &&
        reach * (everyone - matches) <= (2 * page.limit + 20) * matches;
      expect({ criteria, page, matches, chosen }).toEqual({
        criteria,
        page,
        matches,
        chosen: !walk,
      });
      seen[walk ? 'walked' : 'columns']++;
      // Dense enough for a walk, but too deep for one.
      if (!walk && matches >= share * everyone) seen.deep++;
    }
    expect(seen.walked).toBeGreaterThan(5);
    expect(seen.columns).toBeGreaterThan(5);
    expect(seen.deep).toBeGreaterThan(0);
  }, 120_000);
});
