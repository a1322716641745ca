import { dateToDay, torontoDate } from '../../domain/clinics/hours/toronto-time';
import { parseDayRanges } from '../../domain/clinics/hours/weekly-hours';
import { ClinicRow } from './demo-dataset';
import { generateDemoDataset } from './demo-dataset.generator';

const NOW = new Date('2026-03-01T12:00:00.000Z');

/** Share of items passing a test, in [0, 1]. */
const share = <T>(items: readonly T[], test: (x: T) => boolean): number =>
  items.filter(test).length / items.length;

/**
 * Issue 33's demo data (clinic-schedules.ts): graded statuses, holiday policies, unknown hours and
 * dated exceptions, in sensible bands, and the v1 boolean exactly as it was drawn before.
 */
describe('generateDemoDataset: hours, holidays and accepting status (3,000 doctors)', () => {
  const ds = generateDemoDataset({ doctors: 3000, seed: 42, now: NOW });
  const ofType = (type: ClinicRow['type']) => ds.clinics.filter((c) => c.type === type);

  it('keeps the v1 boolean as drawn before issue 33, and accepting exactly when it is true', () => {
    // 253 of 800: the count of the dataset of seed 42 before issue 33 (commit 2931729).
    expect(ds.clinics).toHaveLength(800);
    expect(ds.clinics.filter((c) => c.accepting_new_patients)).toHaveLength(253);
    expect(
      ds.clinics.filter((c) => c.accepting_new_patients !== (c.accepting_status === 'accepting')),
    ).toEqual([]);
  });

  it('splits the clinics that do not take new patients into the graded statuses', () => {
    const band = (status: ClinicRow['accepting_status'], low: number, high: number) => {
      const s = share(ds.clinics, (c) => c.accepting_status === status);
      expect([status, s > low && s < high]).toEqual([status, true]);
    };
    band('not-accepting', 0.25, 0.45);
    band('existing-patients-only', 0.1, 0.25);
    band('existing-patients-family', 0.07, 0.2);
    band('unknown', 0.03, 0.1);
    // Families of existing patients are mostly a family practice's answer.
    const family = ds.clinics.filter((c) => c.accepting_status === 'existing-patients-family');
    expect(share(family, (c) => c.type === 'family-practice')).toBeGreaterThan(0.6);
  });

  it('opens walk-ins on holidays with holiday hours, hospitals with their week, most closed', () => {
    expect(share(ofType('walk-in'), (c) => c.holiday_policy === 'hours')).toBeGreaterThan(0.3);
    expect(share(ofType('walk-in'), (c) => c.holiday_policy === 'hours')).toBeLessThan(0.6);
    const hospital = ofType('hospital-outpatient');
    expect(share(hospital, (c) => c.holiday_policy === 'regular')).toBeGreaterThan(0.2);
    expect(share(hospital, (c) => c.holiday_policy === 'regular')).toBeLessThan(0.55);
    expect(share(ds.clinics, (c) => c.holiday_policy === 'closed')).toBeGreaterThan(0.75);
    for (const c of ds.clinics) {
      expect(c.holiday_ranges !== null).toBe(c.holiday_policy === 'hours');
      if (c.holiday_ranges)
        expect(parseDayRanges(c.holiday_ranges, 'h')).toHaveLength(c.holiday_ranges.length);
    }
  });

  it('leaves about 2% of clinics with unknown hours: weekday "unknown", no evening, no weekend', () => {
    const unknown = ds.clinics.filter((c) => c.hours === null);
    expect(unknown.length / ds.clinics.length).toBeGreaterThan(0.01);
    expect(unknown.length / ds.clinics.length).toBeLessThan(0.035);
    for (const c of unknown)
      expect([c.weekday_hours, c.evening, c.weekend]).toEqual(['unknown', false, false]);
  });

  it('closes some clinics on dates in the next 60 days and gives some special hours', () => {
    const today = dateToDay(torontoDate(NOW.getTime()))!;
    const byId = new Map(ds.clinics.map((c) => [c.id, c]));
    const e = ds.clinicHoursExceptions;
    const clinics = new Set(e.map((x) => x.clinic_id));
    expect(clinics.size / ds.clinics.length).toBeGreaterThan(0.06);
    expect(clinics.size / ds.clinics.length).toBeLessThan(0.14);
    expect(share(e, (x) => x.ranges === null)).toBeGreaterThan(0.5);
    expect(e.some((x) => x.ranges !== null && x.reason === 'Flu shot clinic')).toBe(true);
    expect(e.some((x) => x.reason === 'Moving to a new location')).toBe(true);
    const keys = new Set<string>();
    for (const x of e) {
      const day = dateToDay(x.date)!;
      expect(day).toBeGreaterThan(today);
      expect(day).toBeLessThanOrEqual(today + 60);
      // One per clinic and date, of a clinic whose hours are known, with valid ranges.
      expect(keys.has(`${x.clinic_id}/${x.date}`)).toBe(false);
      keys.add(`${x.clinic_id}/${x.date}`);
      expect(byId.get(x.clinic_id)!.hours).not.toBeNull();
      if (x.ranges) expect(parseDayRanges(x.ranges, 'r').length).toBeGreaterThan(0);
    }
  });

  it('draws the same schedules for the same seed, whatever the instant of the run', () => {
    const again = generateDemoDataset({ doctors: 3000, seed: 42, now: NOW });
    expect(again.clinicHoursExceptions).toEqual(ds.clinicHoursExceptions);
    const later = generateDemoDataset({ doctors: 3000, seed: 42, now: new Date('2026-07-01') });
    expect(later.clinics.map((c) => c.accepting_status)).toEqual(
      ds.clinics.map((c) => c.accepting_status),
    );
  });
});
