import { KeepingReadCache } from '../../src/application/shared/read-cache';
import { GeoPoint } from '../../src/domain/directory/criteria';
import { Page, PageRequest } from '../../src/domain/shared/page';
import { TypeOrmClinicReadRepository } from '../../src/infrastructure/persistence/clinics/typeorm-clinic-read.repository';
import { TypeOrmDoctorReadRepository } from '../../src/infrastructure/persistence/doctors/typeorm-doctor-read.repository';
import { createDemoDatabase } from '../support/demo-database';
import { clinicReadRepository, doctorReadRepository } from '../support/read-repositories';
import { recordQueries, SentQuery } from '../support/recorded-queries';
import { TestDatabase } from '../support/test-database';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const NEAR: GeoPoint = { lat: 43.7, lng: -79.4 };

/**
 * Issue 14: once a list's total is counted (and cached), a page at or past it is answered empty
 * without being read. Before, a filter that nothing matches, or an offset past the last match,
 * walked the list's whole index to find no row. Pages inside the total are still read.
 */
describe('pages past the end of a counted list are not read (real PostgreSQL)', () => {
  let db: TestDatabase;
  let doctors: TypeOrmDoctorReadRepository;
  let clinics: TypeOrmClinicReadRepository;
  let specialty: string;
  const sent: SentQuery[] = [];
  /** The statements that read a page's rows (every list joins its page to clinics). */
  const pageReads = () => sent.filter((q) => /JOIN clinics c ON c\.id = pg\.clinic_id/.test(q.sql));

  beforeAll(async () => {
    db = await createDemoDatabase(
      'past_the_end',
      { doctors: 800, seed: 5, now: NOW },
      'doctor_search, doctor_geo, clinic_search, specialist_search',
    );
    const ds = recordQueries(db.dataSource, (q) => sent.push(q));
    const cache = new KeepingReadCache();
    doctors = doctorReadRepository(ds, cache);
    clinics = clinicReadRepository(ds, cache);
    [{ name: specialty }] = await db.dataSource.query<{ name: string }[]>(
      `SELECT sp.name FROM specialist_search ss JOIN specialties sp ON sp.id = ss.specialty_id
        GROUP BY sp.name ORDER BY count(*), sp.name LIMIT 1`,
    );
  });
  afterAll(async () => db?.drop());

  const lists: [string, (page: PageRequest) => Promise<Page<unknown>>][] = [
    ['doctors by name', (page) => doctors.list({ accepting: true }, page, NOW)],
    ['doctors nearest first', (page) => doctors.list({ gender: 'female', near: NEAR }, page, NOW)],
    ['doctors nobody matches', (page) => doctors.list({ minYears: 75, near: NEAR }, page, NOW)],
    ['search', (page) => doctors.search('an', {}, page, NOW)],
    ['clinics nearest first', (page) => clinics.list({ near: NEAR }, new Set(), page, NOW)],
    [
      'specialists nearest first',
      (page) => clinics.specialists({ specialties: [specialty], near: NEAR }, page, NOW),
    ],
  ];

  it.each(lists)('%s: the total read, a page past it answers empty unread', async (_, read) => {
    const first = await read({ offset: 0, limit: 25 });
    const total = first.total;
    expect(first.items.length).toBe(Math.min(25, total));

    sent.length = 0;
    const past = await read({ offset: total, limit: 25 });
    expect({ items: past.items, total: past.total }).toEqual({ items: [], total });
    expect(pageReads()).toEqual([]);

    sent.length = 0;
    const further = await read({ offset: total + 1000, limit: 10 });
    expect({ items: further.items, total: further.total }).toEqual({ items: [], total });
    expect(pageReads()).toEqual([]);

    if (total > 0) {
      // The last row is still read.
      sent.length = 0;
      const last = await read({ offset: total - 1, limit: 25 });
      expect([last.items.length, last.total]).toEqual([1, total]);
      expect(pageReads().length).toBe(1);
    }
  });

  it('the lists above include empty and non-empty ones', async () => {
    const totals = await Promise.all(lists.map(([, read]) => read({ offset: 0, limit: 1 })));
    expect(totals.filter((t) => t.total === 0).length).toBe(1);
    expect(totals.filter((t) => t.total > 25).length).toBeGreaterThanOrEqual(4);
  });
});
