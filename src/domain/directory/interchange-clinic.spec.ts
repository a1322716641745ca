import { canonicalClinic, clinicScheduleProblems, hoursPathPointer } from './interchange-clinic';
import type { ClinicRecord } from './interchange-records';

const R = (open: string, close: string) => ({ open, close });
const WEEK = {
  mon: [R('13:00', '20:00'), R('08:00', '12:00')],
  tue: [],
  wed: [],
  thu: [],
  fri: [R('18:00', '24:00')],
  sat: [R('00:00', '02:00')],
  sun: [],
};
const base = {
  type: 'clinic',
  source: 's',
  sourceId: 'c',
  name: 'C',
  streetAddress: '1 A St',
  city: 'Toronto',
  postalCode: 'M5V 1A1',
  lat: 43.65,
  lng: -79.38,
  phone: '(416) 555-0100',
  clinicType: 'walk-in',
  hours: WEEK,
  wheelchair: true,
  virtualVisits: false,
  availabilityCheckedAt: '2026-11-20T15:00:00.000Z',
} as const;
const record = (extra: Partial<ClinicRecord>): ClinicRecord => ({ ...base, ...extra });

describe('interchange clinic: hours, holidays, exceptions, accepting status', () => {
  it('writes the parsers paths as the import report JSON pointers', () => {
    expect(hoursPathPointer('hours.mon[0].close')).toBe('/hours/mon/0/close');
    expect(hoursPathPointer('hoursExceptions[12].ranges[1]')).toBe('/hoursExceptions/12/ranges/1');
    expect(hoursPathPointer('holidayHours')).toBe('/holidayHours');
  });

  it('derives the status from the boolean and the boolean from the status', () => {
    expect(canonicalClinic(record({ acceptingNewPatients: true })).acceptingStatus).toBe(
      'accepting',
    );
    expect(canonicalClinic(record({ acceptingNewPatients: false })).acceptingStatus).toBe(
      'not-accepting',
    );
    const family = canonicalClinic(record({ acceptingStatus: 'existing-patients-family' }));
    expect([family.acceptingStatus, family.acceptingNewPatients]).toEqual([
      'existing-patients-family',
      false,
    ]);
  });

  it('refuses a status and a boolean that disagree, and a record with neither', () => {
    expect(
      clinicScheduleProblems(record({ acceptingStatus: 'unknown', acceptingNewPatients: true })),
    ).toEqual([
      {
        field: '/acceptingNewPatients',
        reason:
          'is true but acceptingStatus is "unknown" (acceptingNewPatients is true exactly when acceptingStatus is "accepting")',
      },
    ]);
    expect(clinicScheduleProblems(record({}))).toEqual([
      {
        field: '/acceptingStatus',
        reason: 'is required (or the v1 acceptingNewPatients, from which it is derived)',
      },
    ]);
  });

  it('refuses a graded status without the date it was checked; unknown needs none', () => {
    const undated = (extra: Partial<ClinicRecord>) =>
      clinicScheduleProblems(record({ availabilityCheckedAt: null, ...extra }));
    expect(undated({ acceptingStatus: 'existing-patients-only' })).toEqual([
      {
        field: '/availabilityCheckedAt',
        reason:
          'is null but acceptingStatus is "existing-patients-only": a graded status needs the date it was checked; give availabilityCheckedAt, or acceptingStatus "unknown"',
      },
    ]);
    // A status derived from the v1 boolean is graded too, and the reason says where it came from.
    expect(undated({ acceptingNewPatients: false })).toEqual([
      {
        field: '/availabilityCheckedAt',
        reason:
          'is null but acceptingStatus is "not-accepting" (from acceptingNewPatients false): a graded status needs the date it was checked; give availabilityCheckedAt, or acceptingStatus "unknown"',
      },
    ]);
    for (const status of ['accepting', 'not-accepting', 'existing-patients-family'] as const)
      expect(undated({ acceptingStatus: status }).map((p) => p.field)).toEqual([
        '/availabilityCheckedAt',
      ]);
    expect(undated({ acceptingStatus: 'unknown' })).toEqual([]);
    expect(undated({ acceptingStatus: 'unknown', acceptingNewPatients: false })).toEqual([]);
    expect(clinicScheduleProblems(record({ acceptingStatus: 'accepting' }))).toEqual([]);
  });

  it('gives one problem per field, at its pointer', () => {
    const problems = clinicScheduleProblems(
      record({
        acceptingNewPatients: false,
        hours: { ...WEEK, tue: [R('10:00', '09:00')] },
        holidayHours: 'sometimes' as never,
        hoursExceptions: [{ date: '2026-13-01', closed: true }],
      }),
    );
    expect(problems.map((p) => p.field)).toEqual([
      '/hours/tue/0',
      '/holidayHours',
      '/hoursExceptions/0/date',
    ]);
  });

  it('makes the canonical form: sorted ranges, exceptions by date, defaults filled in', () => {
    const c = canonicalClinic(
      record({
        acceptingNewPatients: true,
        holidayHours: [R('14:00', '16:00'), R('10:00', '12:00')],
        hoursExceptions: [
          { date: '2026-12-31', ranges: [R('09:00', '13:00')], reason: 'Eve' },
          { date: '2026-12-24', closed: true },
        ],
      }),
    );
    expect(c.hours!.mon).toEqual([R('08:00', '12:00'), R('13:00', '20:00')]);
    expect(c.holidayHours).toEqual([R('10:00', '12:00'), R('14:00', '16:00')]);
    expect(c.hoursExceptions).toEqual([
      { date: '2026-12-24', closed: true },
      { date: '2026-12-31', ranges: [R('09:00', '13:00')], reason: 'Eve' },
    ]);
    const plain = canonicalClinic(record({ acceptingNewPatients: false, hours: null }));
    expect([plain.hours, plain.holidayHours, plain.hoursExceptions]).toEqual([null, 'closed', []]);
    expect(
      canonicalClinic(record({ acceptingNewPatients: false, holidayHours: [] })).holidayHours,
    ).toBe('closed');
    // Canonical is a fixed point.
    expect(canonicalClinic(c)).toEqual(c);
  });
});
