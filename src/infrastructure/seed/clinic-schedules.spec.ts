import { dateToDay, torontoDate } from '../../domain/clinics/hours/toronto-time';
import { WORKING_DAYS } from '../../domain/clinics/clinic-hours';
import { parseDayRanges, parseWeeklyHours } from '../../domain/clinics/hours/weekly-hours';
import { deriveClinic } from '../../domain/directory/interchange';
import { dayRanges, demoWeekRanges } from './clinic-schedules';
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

  it('gives every graded status the date it was checked (issue 48): graded, or unknown', () => {
    const undated = ds.clinics.filter(
      (c) => c.accepting_status !== 'unknown' && c.availability_checked_at === null,
    );
    expect(undated.map((c) => [c.id, c.accepting_status])).toEqual([]);
    for (const c of ds.clinics)
      if (c.availability_checked_at)
        expect(c.availability_checked_at.getTime()).toBeLessThanOrEqual(NOW.getTime());
    // Issue 48 drew only the dates: the statuses and exceptions are those of issue 33.
    const count = (status: ClinicRow['accepting_status']) =>
      ds.clinics.filter((c) => c.accepting_status === status).length;
    expect(
      ['not-accepting', 'existing-patients-only', 'existing-patients-family', 'unknown'].map((s) =>
        count(s as ClinicRow['accepting_status']),
      ),
    ).toEqual([271, 131, 95, 50]);
    expect(ds.clinicHoursExceptions).toHaveLength(105);
  });

  it('closes some clinics at lunch: split days, valid, with the same weekday span and flags', () => {
    const known = ds.clinics.filter((c) => c.hours !== null);
    const split = known.filter((c) => WORKING_DAYS.some((d) => dayRanges(c.hours![d]).length > 1));
    // A realistic share (10-20% of the clinics with hours), mostly family and specialist offices.
    expect(split.length / known.length).toBeGreaterThan(0.1);
    expect(split.length / known.length).toBeLessThan(0.2);
    expect(
      share(split, (c) => c.type === 'family-practice' || c.type === 'specialist-clinic'),
    ).toBeGreaterThan(0.7);
    expect(split.filter((c) => c.type === 'virtual-care')).toEqual([]);
    for (const c of split) {
      // Stored in the import's form (a list every day), valid by the domain's parser.
      expect(Object.values(c.hours!).every((d) => Array.isArray(d))).toBe(true);
      const week = parseWeeklyHours(demoWeekRanges(c.hours!));
      for (const d of WORKING_DAYS)
        if (week[d].length === 2) expect(week[d][0].close < week[d][1].open).toBe(true);
      // The break keeps the day's first opening and last closing: the v1 fields hold.
      const derived = deriveClinic(week, c.lat, c.lng);
      expect([c.weekday_hours, c.evening, c.weekend]).toEqual([
        derived.weekdayHours,
        derived.evening,
        derived.weekend,
      ]);
    }
    expect(split.some((c) => JSON.stringify(c.hours).includes('"12:00"},{"open":"13:00"'))).toBe(
      true,
    );
  });

  it('draws the same schedules for the same seed, whatever the instant of the run', () => {
    const again = generateDemoDataset({ doctors: 3000, seed: 42, now: NOW });
    expect(again.clinicHoursExceptions).toEqual(ds.clinicHoursExceptions);
    const later = generateDemoDataset({ doctors: 3000, seed: 42, now: new Date('2026-07-01') });
    expect(later.clinics.map((c) => c.accepting_status)).toEqual(
      ds.clinics.map((c) => c.accepting_status),
    );
    expect(later.clinics.map((c) => c.hours)).toEqual(ds.clinics.map((c) => c.hours));
  });
});
