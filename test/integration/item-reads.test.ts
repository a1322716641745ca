import { ClinicOpening } from '../../src/application/clinics/clinic-opening';
import { GetClinicUseCase } from '../../src/application/clinics/get-clinic.use-case';
import { GetDoctorUseCase } from '../../src/application/doctors/get-doctor.use-case';
import { GetClinicSignalsUseCase } from '../../src/application/reviews/get-clinic-signals.use-case';
import { GetDoctorSignalsUseCase } from '../../src/application/reviews/get-doctor-signals.use-case';
import { ListClinicReviewsUseCase } from '../../src/application/reviews/list-clinic-reviews.use-case';
import { ListDoctorReviewsUseCase } from '../../src/application/reviews/list-doctor-reviews.use-case';
import { DirectorySettings } from '../../src/application/shared/directory-settings';
import { KeepingReadCache, NoReadCache } from '../../src/application/shared/read-cache';
import { REVIEW_DIMENSIONS } from '../../src/domain/reviews/review';
import { NotFoundError } from '../../src/domain/shared/domain-error';
import { TypeOrmClinicReadRepository } from '../../src/infrastructure/persistence/clinics/typeorm-clinic-read.repository';
import { ListTotals } from '../../src/infrastructure/persistence/directory/list-totals';
import { refreshReadModels } from '../../src/infrastructure/persistence/directory/read-models';
import { ReferenceIds } from '../../src/infrastructure/persistence/directory/reference-ids';
import { TypeOrmDoctorReadRepository } from '../../src/infrastructure/persistence/doctors/typeorm-doctor-read.repository';
import { TypeOrmReviewReadRepository } from '../../src/infrastructure/persistence/reviews/typeorm-review-read.repository';
import { generateDemoDataset } from '../../src/infrastructure/seed/demo-dataset.generator';
import { replaceDirectoryData } from '../../src/infrastructure/seed/demo-data.seeder';
import { DateHolidaysOntarioCalendar } from '../../src/infrastructure/holidays/date-holidays-ontario.calendar';
import { FixedClock } from '../support/fixed-clock';
import { recordQueries } from '../support/recorded-queries';
import { createTestDatabase, TestDatabase } from '../support/test-database';

const NOW = new Date('2026-03-01T12:00:00.000Z');

interface ReviewRef {
  author: string;
  rating: number;
  text: string;
  date: string;
  sourceUrl: string | null;
}

/**
 * Issue 14, item 2: a doctor's or a clinic's detail, reviews and signals are each one statement
 * (the subject, its reviews and their tallies together), found or not. The answers are checked
 * against the same facts read separately, one plain query each, for doctors and clinics with
 * many reviews, none, and an expired doctor.
 */
describe('item reads: one statement per answer (real PostgreSQL)', () => {
  let db: TestDatabase;
  const sent: string[] = [];
  let uc: ReturnType<typeof useCases>;

  function useCases(ds: TestDatabase['dataSource']) {
    const names = new KeepingReadCache();
    const refs = new ReferenceIds(ds, names);
    const totals = new ListTotals(ds, new NoReadCache());
    const doctors = new TypeOrmDoctorReadRepository(ds, refs, totals);
    const clinics = new TypeOrmClinicReadRepository(ds, refs, totals);
    const reviews = new TypeOrmReviewReadRepository(ds);
    const settings = new DirectorySettings(30, 5);
    const clock = new FixedClock(NOW);
    return {
      refs,
      getDoctor: new GetDoctorUseCase(
        doctors,
        clock,
        settings,
        new ClinicOpening(new DateHolidaysOntarioCalendar()),
      ),
      doctorReviews: new ListDoctorReviewsUseCase(reviews),
      doctorSignals: new GetDoctorSignalsUseCase(reviews, settings),
      getClinic: new GetClinicUseCase(
        clinics,
        clock,
        new ClinicOpening(new DateHolidaysOntarioCalendar()),
      ),
      clinicReviews: new ListClinicReviewsUseCase(reviews),
      clinicSignals: new GetClinicSignalsUseCase(reviews, settings),
    };
  }

  /** The statements `run` sends (reference names are cached before). */
  async function statementsOf(run: () => Promise<unknown>): Promise<number> {
    sent.length = 0;
    await run().catch(() => undefined);
    return sent.length;
  }

  const reviewsOf = (column: 'doctor_id' | 'clinic_id', id: string) =>
    db.dataSource.query<ReviewRef[]>(
      `SELECT author, rating, text, review_date::text AS date, source_url AS "sourceUrl"
         FROM reviews WHERE ${column} = $1 ORDER BY review_date DESC, id DESC`,
      [id],
    );

  const dimensionsOf = async (column: 'doctor_id' | 'clinic_id', id: string) =>
    (
      await db.dataSource.query<{ dimension: string; count: number; sum: number }[]>(
        REVIEW_DIMENSIONS.map(
          (d) =>
            `SELECT '${d}' AS dimension, count(${d})::int AS count, coalesce(sum(${d}), 0)::int AS sum
               FROM reviews WHERE ${column} = $1`,
        ).join(' UNION ALL '),
        [id],
      )
    ).map((r) => ({ ...r }));

  const signalsOf = (dims: { dimension: string; count: number; sum: number }[]) =>
    dims.map((x) => ({
      dimension: x.dimension,
      count: x.count,
      avgRating: x.count >= 5 ? Math.round((100 * x.sum) / x.count) / 100 : null,
      sufficient: x.count >= 5,
    }));

  /** Doctors: the most reviewed, one with a single review, one with none, and an expired one. */
  let doctors: { id: string; cpso: string }[];
  let clinics: string[];

  beforeAll(async () => {
    db = await createTestDatabase('item_reads');
    await replaceDirectoryData(
      db.dataSource,
      generateDemoDataset({ doctors: 400, seed: 5, now: NOW }),
    );
    await refreshReadModels((sql) => db.dataSource.query(sql));
    const pick = (sql: string) => db.dataSource.query<{ id: string; cpso: string }[]>(sql);
    const byReviews = `SELECT d.id, d.cpso_number AS cpso FROM doctors d
                         LEFT JOIN reviews r ON r.doctor_id = d.id GROUP BY d.id`;
    doctors = [
      ...(await pick(`${byReviews} ORDER BY count(r.id) DESC, d.id LIMIT 1`)),
      ...(await pick(`${byReviews} HAVING count(r.id) = 1 ORDER BY d.id LIMIT 1`)),
      ...(await pick(`${byReviews} HAVING count(r.id) = 0 ORDER BY d.id LIMIT 1`)),
    ];
    // An expired doctor with reviews: the detail, its reviews and signals still find it.
    await db.dataSource.query(`UPDATE doctors SET expired_at = $2 WHERE id = $1`, [
      doctors[1].id,
      NOW,
    ]);
    clinics = (
      await db.dataSource.query<{ id: string }[]>(
        `SELECT c.id FROM clinics c LEFT JOIN reviews r ON r.clinic_id = c.id
          GROUP BY c.id ORDER BY count(r.id) DESC, c.id`,
      )
    )
      .map((r) => r.id)
      .filter((_, i, all) => i === 0 || i === all.length - 1);
    expect(doctors).toHaveLength(3);
    expect((await reviewsOf('doctor_id', doctors[0].id)).length).toBeGreaterThan(5);
    expect((await reviewsOf('clinic_id', clinics[0])).length).toBeGreaterThan(5);
    expect(await reviewsOf('clinic_id', clinics[1])).toEqual([]);
    uc = useCases(recordQueries(db.dataSource, (q) => sent.push(q.sql)));
    await uc.refs.names();
  });
  afterAll(async () => db?.drop());

  it("a doctor's detail: the histogram and the latest five reviews, in one statement", async () => {
    for (const d of doctors) {
      const all = await reviewsOf('doctor_id', d.id);
      expect(await statementsOf(() => uc.getDoctor.execute(d.cpso))).toBe(1);
      const got = await uc.getDoctor.execute(d.cpso);
      const rated = (...stars: number[]) => all.filter((r) => stars.includes(r.rating)).length;
      expect({ cpso: d.cpso, rating: got.rating, reviews: got.reviews }).toEqual({
        cpso: d.cpso,
        rating: { positive: rated(4, 5), negative: rated(1, 2), reviewCount: all.length },
        reviews: all.slice(0, 5),
      });
    }
    expect((await uc.getDoctor.execute(doctors[1].cpso)).expiredAt).toEqual(NOW);
  });

  it("a doctor's and a clinic's reviews: every page and its total, in one statement", async () => {
    const pages = [
      { offset: 0, limit: 25 },
      { offset: 0, limit: 3 },
      { offset: 2, limit: 4 },
      { offset: 0, limit: 0 },
      { offset: 1000, limit: 10 },
    ];
    for (const page of pages) {
      for (const d of doctors) {
        const all = await reviewsOf('doctor_id', d.id);
        expect(await statementsOf(() => uc.doctorReviews.execute(d.cpso, page))).toBe(1);
        expect(await uc.doctorReviews.execute(d.cpso, page)).toEqual({
          doctorCpso: d.cpso,
          // (lastKey: the last review's (date, id), what a cursor carries; e2e cursors.test.ts)
          page: expect.objectContaining({
            items: all.slice(page.offset, page.offset + page.limit),
            total: all.length,
          }),
        });
      }
      for (const c of clinics) {
        const all = await reviewsOf('clinic_id', c);
        expect(await statementsOf(() => uc.clinicReviews.execute(c, page))).toBe(1);
        const got = await uc.clinicReviews.execute(c, page);
        const dims = await dimensionsOf('clinic_id', c);
        expect(got).toEqual({
          clinicId: c,
          aggregate: {
            avgRating:
              all.length === 0
                ? null
                : Math.round((100 * all.reduce((s, r) => s + r.rating, 0)) / all.length) / 100,
            count: all.length,
            byDimension: dims
              .filter((x) => x.count > 0)
              .map((x) => ({
                dimension: x.dimension,
                avgRating: Math.round((100 * x.sum) / x.count) / 100,
                count: x.count,
              })),
          },
          // (lastKey: the last review's (date, id), what a cursor carries; e2e cursors.test.ts)
          page: expect.objectContaining({
            items: all.slice(page.offset, page.offset + page.limit),
            total: all.length,
          }),
        });
      }
    }
  });

  it("a doctor's and a clinic's signals: the tallies of every review, in one statement", async () => {
    for (const d of doctors) {
      expect(await statementsOf(() => uc.doctorSignals.execute(d.cpso))).toBe(1);
      const got = await uc.doctorSignals.execute(d.cpso);
      expect(got.reviewCount).toBe((await reviewsOf('doctor_id', d.id)).length);
      expect(got.signals).toEqual(signalsOf(await dimensionsOf('doctor_id', d.id)));
    }
    for (const c of clinics) {
      expect(await statementsOf(() => uc.clinicSignals.execute(c))).toBe(1);
      const got = await uc.clinicSignals.execute(c);
      expect(got.reviewCount).toBe((await reviewsOf('clinic_id', c)).length);
      expect(got.signals).toEqual(signalsOf(await dimensionsOf('clinic_id', c)));
    }
    const top = await uc.doctorSignals.execute(doctors[0].cpso);
    expect(top.signals.filter((x) => x.sufficient).length).toBeGreaterThan(0);
  });

  it('an unknown doctor or clinic: not found, after one statement', async () => {
    const cpso = '999999';
    const clinic = '00000000-0000-4000-8000-000000000000';
    const page = { offset: 0, limit: 5 };
    const calls: [string, () => Promise<unknown>][] = [
      ['doctor', () => uc.getDoctor.execute(cpso)],
      ['doctor reviews', () => uc.doctorReviews.execute(cpso, page)],
      ['doctor signals', () => uc.doctorSignals.execute(cpso)],
      ['clinic', () => uc.getClinic.execute(clinic)],
      ['clinic reviews', () => uc.clinicReviews.execute(clinic, page)],
      ['clinic signals', () => uc.clinicSignals.execute(clinic)],
    ];
    for (const [what, call] of calls) {
      expect([what, await statementsOf(call)]).toEqual([what, 1]);
      await expect(call()).rejects.toBeInstanceOf(NotFoundError);
    }
  });
});
