import { deriveClinic } from '../../domain/directory/interchange';
import { haversineMetres } from '../../domain/geo/haversine';
import { CLINIC_TYPES } from './catalogues';
import { demoWeekRanges } from './clinic-schedules';
import { DEMO_SOURCE } from './demo-dataset';
import { clinicCountFor, generateDemoDataset, streamDemoDataset } from './demo-dataset.generator';
import { GTA_PLACES, SUBWAY_CITIES } from './gta-places';
import { TTC_SUBWAY_STATIONS } from '../../domain/geo/ttc-subway-stations';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('generateDemoDataset: shape and integrity', () => {
  const ds = generateDemoDataset({ doctors: 3000, seed: 42, now: NOW });

  it('is deterministic for a seed and different for another seed', () => {
    expect(generateDemoDataset({ doctors: 3000, seed: 42, now: NOW })).toEqual(ds);
    const other = generateDemoDataset({ doctors: 3000, seed: 43, now: NOW });
    expect(other.doctors.map((d) => d.id)).not.toEqual(ds.doctors.map((d) => d.id));
    expect(other.clinics.map((c) => c.name)).not.toEqual(ds.clinics.map((c) => c.name));
  });

  it('uses now only to place timestamps', () => {
    const later = new Date(NOW.getTime() + 10 * 86_400_000);
    const shifted = generateDemoDataset({ doctors: 3000, seed: 42, now: later });
    const strip = <T extends object>(rows: T[], keys: (keyof T)[]) =>
      rows.map((r) =>
        Object.fromEntries(Object.entries(r).filter(([k]) => !keys.includes(k as keyof T))),
      );
    expect(strip(shifted.doctors, ['synced_at', 'expired_at'])).toEqual(
      strip(ds.doctors, ['synced_at', 'expired_at']),
    );
    expect(strip(shifted.clinics, ['availability_checked_at'])).toEqual(
      strip(ds.clinics, ['availability_checked_at']),
    );
    expect(strip(shifted.reviews, ['review_date'])).toEqual(strip(ds.reviews, ['review_date']));
    expect(shifted.doctors[0].synced_at.getTime() - ds.doctors[0].synced_at.getTime()).toBe(
      10 * 86_400_000,
    );
  });

  it('sizes clinics at about 3.75 doctors each', () => {
    expect(ds.clinics).toHaveLength(800);
    expect(clinicCountFor(100_000)).toBe(26_667);
    expect(clinicCountFor(0)).toBe(0);
    expect(clinicCountFor(1)).toBe(1);
  });

  it('gives unique v4-shaped ids and marks every row synthetic', () => {
    const ids = [...ds.clinics, ...ds.doctors, ...ds.reviews].map((r) => r.id);
    expect(ids.filter((id) => !UUID_V4.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of [...ds.clinics, ...ds.doctors]) expect(r.source).toBe(DEMO_SOURCE);
    expect(DEMO_SOURCE).toContain('not real data');
  });

  it('numbers review ids in the order the reviews are written (appends to the id index)', () => {
    const ids = ds.reviews.map((r) => r.id);
    expect(ids.length).toBeGreaterThan(1);
    expect(ids.map((id, i) => parseInt(id.slice(0, 8), 16) === i).every(Boolean)).toBe(true);
    expect([...ids].sort()).toEqual(ids);
  });

  it('streams the same reviews one at a time', () => {
    const stream = streamDemoDataset({ doctors: 3000, seed: 42, now: NOW }).reviews;
    expect(Array.isArray(stream)).toBe(false);
    const iterator = stream[Symbol.iterator]();
    expect([iterator.next().value, iterator.next().value]).toEqual(ds.reviews.slice(0, 2));
  });

  it('uses unique synthetic CPSO numbers from 900000', () => {
    const numbers = ds.doctors.map((d) => d.cpso_number);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const n of numbers) expect(n).toMatch(/^9\d{5}$/);
  });

  it('derives nearTTC from the station list for every clinic', () => {
    for (const c of ds.clinics) {
      const near = TTC_SUBWAY_STATIONS.some(
        (s) => haversineMetres(c.lat, c.lng, s.lat, s.lng) <= 500,
      );
      expect(c.near_ttc).toBe(near);
      if (c.near_ttc) expect(SUBWAY_CITIES.has(c.city)).toBe(true);
    }
  });

  it('derives evening, weekend and the weekday summary from the hours', () => {
    for (const c of ds.clinics) {
      if (c.hours === null) {
        // Unknown hours (issue 33): no evening, no weekend, the weekday text "unknown".
        expect([c.evening, c.weekend, c.weekday_hours]).toEqual([false, false, 'unknown']);
        continue;
      }
      // As the import derives them, from either stored form (a lunch break keeps the day's span).
      const derived = deriveClinic(demoWeekRanges(c.hours), c.lat, c.lng);
      expect([c.evening, c.weekend, c.weekday_hours]).toEqual([
        derived.evening,
        derived.weekend,
        derived.weekdayHours,
      ]);
      expect(c.weekday_hours).toMatch(/^\d{1,2}:\d{2}-\d{2}:\d{2}$/);
    }
  });

  it('places clinics in the GTA with Canadian postal codes and one phone format', () => {
    const torontoCodes = /^\((416|647|437)\) 555-01\d{2}$/;
    const beltCodes = /^\((905|289|365)\) 555-01\d{2}$/;
    const cities = new Set(GTA_PLACES.map((p) => p.city));
    for (const c of ds.clinics) {
      expect(c.lat).toBeGreaterThan(43.3);
      expect(c.lat).toBeLessThan(44.2);
      expect(c.lng).toBeGreaterThan(-80.1);
      expect(c.lng).toBeLessThan(-78.7);
      expect(c.postal_code).toMatch(/^[KLMN]\d[A-Z] \d[A-Z]\d$/);
      expect(c.postal_code[0]).toBe(c.city === 'Toronto' ? 'M' : 'L');
      expect(c.phone).toMatch(c.city === 'Toronto' ? torontoCodes : beltCodes);
      expect(cities).toContain(c.city);
      expect(CLINIC_TYPES).toContain(c.type);
      if (c.website !== null) expect(c.website).toMatch(/^https:\/\/[a-z0-9-]+\.example\.org$/);
      for (const l of c.links) expect(l.url).toMatch(/^https:\/\/[a-z0-9.-]+\.example\.org\//);
    }
    expect(new Set(ds.clinics.map((c) => c.name)).size).toBe(ds.clinics.length);
  });

  it('gives every doctor exactly one primary clinic and every clinic a doctor', () => {
    const primaries = new Map<string, number>();
    const pairs = new Set<string>();
    const clinicsWithDoctors = new Set<string>();
    for (const dc of ds.doctorClinics) {
      if (dc.is_primary) primaries.set(dc.doctor_id, (primaries.get(dc.doctor_id) ?? 0) + 1);
      pairs.add(`${dc.doctor_id}|${dc.clinic_id}`);
      clinicsWithDoctors.add(dc.clinic_id);
    }
    expect(pairs.size).toBe(ds.doctorClinics.length);
    for (const d of ds.doctors) expect(primaries.get(d.id)).toBe(1);
    expect(clinicsWithDoctors.size).toBe(ds.clinics.length);
    const phoneOf = new Map(ds.clinics.map((c) => [c.id, c.phone]));
    const primaryOf = new Map(
      ds.doctorClinics.filter((dc) => dc.is_primary).map((dc) => [dc.doctor_id, dc.clinic_id]),
    );
    const wrongPhone = ds.doctors.filter(
      (d) => d.booking_phone !== phoneOf.get(primaryOf.get(d.id)!),
    );
    expect(wrongPhone).toEqual([]);
  });

  it('offers each referral specialty of a clinic’s practising doctors, with a 1-52 week wait', () => {
    const specialtiesOf = new Map(ds.doctors.map((d) => [d.id, d]));
    const noReferral = new Set(
      ds.specialties
        .filter((s) => ['Family Medicine', 'Emergency Medicine'].includes(s.name))
        .map((s) => s.id),
    );
    const expected = new Set<string>();
    for (const dc of ds.doctorClinics) {
      const d = specialtiesOf.get(dc.doctor_id)!;
      if (d.expired_at !== null) continue;
      for (const s of d.specialty_ids) if (!noReferral.has(s)) expected.add(`${dc.clinic_id}|${s}`);
    }
    const actual = ds.specialistOfferings.map((o) => `${o.clinic_id}|${o.specialty_id}`);
    expect(new Set(actual).size).toBe(actual.length);
    expect(new Set(actual)).toEqual(expected);
    for (const o of ds.specialistOfferings) {
      expect(o.wait_weeks).toBeGreaterThanOrEqual(1);
      expect(o.wait_weeks).toBeLessThanOrEqual(52);
    }
  });

  it('writes reviews of either a doctor or a clinic, within the last 8 years', () => {
    const eightYearsAgo = new Date(NOW.getTime() - 8 * 366 * 86_400_000).toISOString().slice(0, 10);
    const today = NOW.toISOString().slice(0, 10);
    const star = (v: number | null) => v === null || (Number.isInteger(v) && v >= 1 && v <= 5);
    // One expectation over the offending rows: 20,000 separate expect() calls would be slow.
    const bad = ds.reviews.filter(
      (r) =>
        (r.doctor_id === null) === (r.clinic_id === null) ||
        !star(r.rating) ||
        ![r.punctuality, r.helpfulness, r.knowledge, r.staff].every(star) ||
        !/^\S+ [A-Z]\.$/u.test(r.author) ||
        r.text.length < 20 ||
        r.review_date < eightYearsAgo ||
        r.review_date > today ||
        (r.source_url !== null && !r.source_url.startsWith('https://reviews.example.org/')) ||
        (r.doctor_id !== null && r.source_url === null),
    );
    expect(bad).toEqual([]);
  });

  it('handles tiny and empty datasets', () => {
    const none = generateDemoDataset({ doctors: 0, seed: 1, now: NOW });
    expect([none.clinics, none.doctors, none.reviews, none.doctorClinics]).toEqual([
      [],
      [],
      [],
      [],
    ]);
    expect(none.specialties.length).toBeGreaterThan(20);
    const one = generateDemoDataset({ doctors: 1, seed: 1, now: NOW });
    expect(one.clinics).toHaveLength(1);
    expect(one.doctorClinics.filter((dc) => dc.is_primary)).toHaveLength(1);
    for (let n = 2; n <= 12; n++) {
      const small = generateDemoDataset({ doctors: n, seed: n, now: NOW });
      expect(small.doctorClinics.filter((dc) => dc.is_primary)).toHaveLength(n);
    }
  });

  it('refuses bad options', () => {
    expect(() => generateDemoDataset({ doctors: -1, seed: 1, now: NOW })).toThrow(RangeError);
    expect(() => generateDemoDataset({ doctors: 1.5, seed: 1, now: NOW })).toThrow(RangeError);
    expect(() => generateDemoDataset({ doctors: 1, seed: 0.5, now: NOW })).toThrow(RangeError);
    expect(() => generateDemoDataset({ doctors: 1, seed: 1, now: new Date('x') })).toThrow(
      RangeError,
    );
  });
});

describe('specialist offerings', () => {
  it('never offer family or emergency medicine, which take no referrals', () => {
    const data = generateDemoDataset({
      doctors: 1500,
      seed: 3,
      now: new Date('2026-11-21T12:00:00Z'),
    });
    const names = new Map(data.specialties.map((s) => [s.id, s.name]));
    const offered = new Set(data.specialistOfferings.map((o) => names.get(o.specialty_id)));
    expect(offered.has('Family Medicine')).toBe(false);
    expect(offered.has('Emergency Medicine')).toBe(false);
    expect(offered.has('Cardiology')).toBe(true);
  });
});
