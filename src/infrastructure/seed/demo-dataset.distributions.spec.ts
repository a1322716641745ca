import { WORKING_DAYS } from '../../domain/clinics/clinic-hours';
import { FAMILY_MEDICINE, SPECIALTIES } from './catalogues';
import { dayRanges } from './clinic-schedules';
import { generateDemoDataset } from './demo-dataset.generator';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const DAY_MS = 86_400_000;
const FAMILY_ID = SPECIALTIES.findIndex((s) => s.name === FAMILY_MEDICINE) + 1;

/** Share of items passing a test, in [0, 1]. */
const share = <T>(items: readonly T[], test: (x: T) => boolean): number =>
  items.filter(test).length / items.length;

describe('generateDemoDataset: realistic distributions (3,000 doctors)', () => {
  const ds = generateDemoDataset({ doctors: 3000, seed: 42, now: NOW });

  it('makes family medicine the majority, and 1 or 2 specialties per doctor', () => {
    const fm = share(ds.doctors, (d) => d.specialty_ids.includes(FAMILY_ID));
    expect(fm).toBeGreaterThan(0.45);
    expect(fm).toBeLessThan(0.7);
    expect(
      ds.doctors.every((d) => d.specialty_ids.length >= 1 && d.specialty_ids.length <= 2),
    ).toBe(true);
    const two = share(ds.doctors, (d) => d.specialty_ids.length === 2);
    expect(two).toBeGreaterThan(0.02);
    expect(two).toBeLessThan(0.15);
    expect(new Set(ds.doctors.flatMap((d) => d.specialty_ids)).size).toBeGreaterThan(25);
  });

  it('has all three genders, about half women and half men', () => {
    const female = share(ds.doctors, (d) => d.gender === 'female');
    const nonBinary = share(ds.doctors, (d) => d.gender === 'non-binary');
    expect(female).toBeGreaterThan(0.44);
    expect(female).toBeLessThan(0.54);
    expect(nonBinary).toBeGreaterThan(0.005);
    expect(nonBinary).toBeLessThan(0.04);
  });

  it('has nearly every doctor speak English, with up to 3 other languages', () => {
    expect(share(ds.doctors, (d) => d.language_ids.includes(1))).toBeGreaterThan(0.97);
    expect(ds.doctors.every((d) => d.language_ids.length >= 1 && d.language_ids.length <= 4)).toBe(
      true,
    );
    expect(share(ds.doctors, (d) => d.language_ids.length > 1)).toBeGreaterThan(0.25);
    expect(new Set(ds.doctors.flatMap((d) => d.language_ids)).size).toBe(ds.languages.length);
  });

  it('spreads years of practice over 0 to 45', () => {
    const years = ds.doctors.map((d) => NOW.getUTCFullYear() - d.practice_start_year);
    expect(Math.min(...years)).toBe(0);
    expect(Math.max(...years)).toBeLessThanOrEqual(45);
    expect(Math.max(...years)).toBeGreaterThan(40);
  });

  it('asks specialists, not family doctors, for referrals', () => {
    const family = ds.doctors.filter((d) => d.specialty_ids[0] === FAMILY_ID);
    expect(family.every((d) => !d.referral_required && !d.referral_only)).toBe(true);
    const specialists = ds.doctors.filter((d) => !d.specialty_ids.includes(FAMILY_ID));
    expect(share(specialists, (d) => d.referral_required)).toBeGreaterThan(0.75);
    expect(ds.doctors.every((d) => !d.referral_only || d.referral_required)).toBe(true);
    expect(ds.doctors.every((d) => !d.referral_only || d.booking_online === null)).toBe(true);
    expect(share(ds.doctors, (d) => d.booking_online !== null)).toBeGreaterThan(0.1);
  });

  it('keeps synced_at within 90 days and expires about 1% of doctors', () => {
    for (const d of ds.doctors) {
      expect(d.synced_at.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(d.synced_at.getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 90 * DAY_MS);
    }
    const expired = share(ds.doctors, (d) => d.expired_at !== null);
    expect(expired).toBeGreaterThan(0.002);
    expect(expired).toBeLessThan(0.025);
  });

  it('keeps accepting new patients scarce (25-40%)', () => {
    const accepting = share(ds.clinics, (c) => c.accepting_new_patients);
    expect(accepting).toBeGreaterThan(0.25);
    expect(accepting).toBeLessThan(0.4);
  });

  it('has fresh, stale and unknown availability relative to now and 30 days', () => {
    // Never checked only with the status `unknown` (issue 48): a graded status has its date, so
    // the "never" drawn for 15% of clinics stays for those whose status is unknown, about 2%.
    const age = (c: (typeof ds.clinics)[number]) =>
      c.availability_checked_at === null
        ? null
        : NOW.getTime() - c.availability_checked_at.getTime();
    const fresh = share(ds.clinics, (c) => age(c) !== null && age(c)! <= 30 * DAY_MS);
    const stale = share(ds.clinics, (c) => age(c) !== null && age(c)! > 30 * DAY_MS);
    const unknown = share(ds.clinics, (c) => age(c) === null);
    expect(fresh).toBeGreaterThan(0.5);
    expect(fresh).toBeLessThan(0.72);
    expect(stale).toBeGreaterThan(0.25);
    expect(stale).toBeLessThan(0.42);
    expect(unknown).toBeGreaterThan(0.005);
    expect(unknown).toBeLessThan(0.06);
    expect(ds.clinics.filter((c) => age(c) === null && c.accepting_status !== 'unknown')).toEqual(
      [],
    );
    expect(ds.clinics.every((c) => age(c) === null || age(c)! >= 0)).toBe(true);
  });

  it('makes near-TTC common in Toronto and absent beyond Toronto and Vaughan', () => {
    const near = share(ds.clinics, (c) => c.near_ttc);
    expect(near).toBeGreaterThan(0.15);
    expect(near).toBeLessThan(0.3);
    const toronto = ds.clinics.filter((c) => c.city === 'Toronto');
    expect(toronto.length / ds.clinics.length).toBeGreaterThan(0.45);
    expect(share(toronto, (c) => c.near_ttc)).toBeGreaterThan(0.25);
  });

  it('mixes clinic types, family practice and walk-in the most common', () => {
    const byType = new Map<string, number>();
    for (const c of ds.clinics) byType.set(c.type, (byType.get(c.type) ?? 0) + 1);
    const ranked = [...byType].sort((a, b) => b[1] - a[1]).map(([t]) => t);
    expect(ranked.slice(0, 2)).toEqual(['family-practice', 'walk-in']);
    expect(byType.size).toBe(6);
    // A specialist clinic offers the specialties of its practising doctors (an expired doctor
    // no longer practises, so a clinic left with only expired doctors offers nothing).
    const practising = new Set(ds.doctors.filter((d) => d.expired_at === null).map((d) => d.id));
    const staffed = new Set(
      ds.doctorClinics.filter((dc) => practising.has(dc.doctor_id)).map((dc) => dc.clinic_id),
    );
    const offering = new Set(ds.specialistOfferings.map((o) => o.clinic_id));
    const specialistClinics = ds.clinics.filter(
      (c) => c.type === 'specialist-clinic' && staffed.has(c.id),
    );
    expect(specialistClinics.filter((c) => !offering.has(c.id))).toEqual([]);
  });

  it('varies hours, accessibility, websites, notes and links', () => {
    for (const [flag, low, high] of [
      [(c: (typeof ds.clinics)[number]) => c.evening, 0.2, 0.8],
      [(c: (typeof ds.clinics)[number]) => c.weekend, 0.15, 0.7],
      [(c: (typeof ds.clinics)[number]) => c.wheelchair, 0.6, 0.95],
      [(c: (typeof ds.clinics)[number]) => c.virtual_visits, 0.3, 0.8],
      [(c: (typeof ds.clinics)[number]) => c.website !== null, 0.7, 0.95],
      [(c: (typeof ds.clinics)[number]) => c.notes !== null, 0.15, 0.5],
      [(c: (typeof ds.clinics)[number]) => c.links.length > 0, 0.2, 0.5],
    ] as const) {
      expect(share(ds.clinics, flag)).toBeGreaterThan(low);
      expect(share(ds.clinics, flag)).toBeLessThan(high);
    }
    const closedDay = share(
      ds.clinics.filter((c) => c.hours !== null),
      (c) => WORKING_DAYS.some((d) => dayRanges(c.hours![d]).length === 0),
    );
    expect(closedDay).toBeGreaterThan(0.02);
  });

  it('gives many subjects no reviews, some too few for signals, some enough', () => {
    const perDoctor = new Map<string, number>();
    const perClinic = new Map<string, number>();
    for (const r of ds.reviews) {
      if (r.doctor_id) perDoctor.set(r.doctor_id, (perDoctor.get(r.doctor_id) ?? 0) + 1);
      if (r.clinic_id) perClinic.set(r.clinic_id, (perClinic.get(r.clinic_id) ?? 0) + 1);
    }
    for (const [subjects, counts] of [
      [ds.doctors.map((d) => d.id), perDoctor],
      [ds.clinics.map((c) => c.id), perClinic],
    ] as const) {
      const n = subjects.map((id) => counts.get(id) ?? 0);
      expect(share(n, (x) => x === 0)).toBeGreaterThan(0.2);
      expect(share(n, (x) => x >= 1 && x <= 4)).toBeGreaterThan(0.15);
      expect(share(n, (x) => x >= 5)).toBeGreaterThan(0.15);
      expect(Math.max(...n)).toBeLessThanOrEqual(40);
    }
  });

  it('skews ratings positive, with texts that agree', () => {
    const positive = share(ds.reviews, (r) => r.rating >= 4);
    expect(positive).toBeGreaterThan(0.6);
    expect(positive).toBeLessThan(0.9);
    expect(share(ds.reviews, (r) => r.rating === 1)).toBeGreaterThan(0.03);
    const withDimensions = share(ds.reviews, (r) => r.punctuality !== null);
    expect(withDimensions).toBeGreaterThan(0.3);
    expect(withDimensions).toBeLessThan(0.9);
    const clinicReviews = ds.reviews.filter((r) => r.clinic_id !== null);
    expect(share(clinicReviews, (r) => r.source_url === null)).toBeGreaterThan(0.05);
    expect(ds.reviews.filter((r) => r.doctor_id !== null && r.source_url === null)).toEqual([]);
    const doctorReview = ds.reviews.find(
      (r) => r.doctor_id !== null && r.rating === 5 && r.text.includes('Dr. '),
    );
    expect(doctorReview).toBeDefined();
    expect(
      ds.reviews
        .filter((r) => r.rating === 1)
        .some((r) => /recommend|Disappointed|Frustrating|Poorly/.test(r.text)),
    ).toBe(true);
  });
});
