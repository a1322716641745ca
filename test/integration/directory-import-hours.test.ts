import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import {
  runExportCommand,
  runImportCommand,
} from '../../src/interface/cli/commands/directory-data.command';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * Issue 33's fields of the interchange format on a real PostgreSQL: hours (null = unknown, 24:00),
 * holiday hours, dated exceptions and the graded accepting status, each valid and invalid (a
 * per-field problem in the report), the status/boolean agreement, exceptions replaced on
 * re-import, and a change-feed entry when only exceptions, holiday hours or the status change.
 */
const SOURCE = 'hours-registry';
const quiet = { stdin: new PassThrough(), stderr: new PassThrough() };
const R = (open: string, close: string) => ({ open, close });
const WEEK = {
  mon: [R('08:00', '12:00'), R('13:00', '20:00')],
  tue: [R('08:00', '20:00')],
  wed: [R('08:00', '20:00')],
  thu: [R('08:00', '20:00')],
  fri: [R('18:00', '24:00')],
  sat: [R('00:00', '02:00'), R('09:00', '13:00')],
  sun: [],
};

/** A valid clinic record of the source; `extra` replaces or adds fields (undefined removes). */
function clinic(sourceId: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const base: Record<string, unknown> = {
    type: 'clinic',
    source: SOURCE,
    sourceId,
    name: `Clinic ${sourceId}`,
    streetAddress: '5650 Yonge Street',
    city: 'Toronto',
    postalCode: 'M2M 4G3',
    lat: 43.7803,
    lng: -79.4152,
    phone: '(416) 555-0102',
    clinicType: 'walk-in',
    hours: WEEK,
    wheelchair: true,
    virtualVisits: false,
    acceptingNewPatients: false,
    availabilityCheckedAt: '2026-11-20T15:00:00.000Z',
  };
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete base[k];
    else base[k] = v;
  }
  return base;
}

describe('data import: hours, holidays, exceptions and accepting status (integration)', () => {
  let db: TestDatabase;
  const dir = mkdtempSync(join(tmpdir(), 'gtad-import-hours-'));
  let n = 0;
  const importRecords = (records: object[]) => {
    const path = join(dir, `f${++n}.ndjson`);
    writeFileSync(path, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
    return runImportCommand([path, '--source', SOURCE], db.dataSource, quiet);
  };
  const exported = async () => {
    const chunks: Buffer[] = [];
    const out = new Writable({
      write: (c: Buffer, _e, done) => {
        chunks.push(c);
        done();
      },
    });
    await runExportCommand(['--source', SOURCE], db.dataSource, out, new PassThrough());
    return Buffer.concat(chunks)
      .toString('utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((r) => r.type === 'clinic');
  };
  const exportedClinic = async (sourceId: string) =>
    (await exported()).find((r) => r.sourceId === sourceId)!;
  const lastVersionChanges = async () => {
    const rows = await db.dataSource.query<{ version: number; changes: unknown[] | null }[]>(
      `SELECT v.version::int,
              (SELECT jsonb_agg(jsonb_build_object('type', c.type, 'op', c.op, 'key', c.key) ORDER BY c.seq)
                 FROM directory_changes c WHERE c.version = v.version) AS changes
         FROM directory_versions v ORDER BY v.version DESC LIMIT 1`,
    );
    return rows[0] ?? { version: 0, changes: null };
  };

  beforeAll(async () => {
    db = await createTestDatabase('directory_import_hours');
  });
  afterAll(async () => db?.drop());

  it('imports every new field; the rows and the export carry them exactly', async () => {
    const s = await importRecords([
      clinic('H-1', {
        acceptingNewPatients: undefined,
        acceptingStatus: 'existing-patients-family',
        holidayHours: [R('13:00', '16:00'), R('10:00', '12:00')],
        hoursExceptions: [
          { date: '2026-12-31', ranges: [R('09:00', '13:00')], reason: "New Year's Eve" },
          { date: '2026-12-24', closed: true },
        ],
      }),
      clinic('H-2', { hours: null, acceptingNewPatients: true, holidayHours: 'regular' }),
      clinic('H-3', { acceptingStatus: 'unknown', acceptingNewPatients: false }),
    ]);
    expect(s).toMatchObject({ inserted: 3, updated: 0, rejected: 0, applied: true });
    const rows = await db.dataSource.query<Record<string, unknown>[]>(
      `SELECT source_id, week_minutes IS NULL AS unknown, weekday_hours, evening, weekend,
              holiday_policy, holiday_ranges, holiday_minutes::text AS holiday_minutes,
              accepting_status, accepting_new_patients
         FROM clinics ORDER BY source_id`,
    );
    expect(rows).toEqual([
      {
        source_id: 'H-1',
        unknown: false,
        weekday_hours: '8:00-20:00',
        evening: true,
        weekend: true,
        holiday_policy: 'hours',
        holiday_ranges: [R('10:00', '12:00'), R('13:00', '16:00')],
        holiday_minutes: '{[600,720),[780,960)}',
        accepting_status: 'existing-patients-family',
        accepting_new_patients: false,
      },
      {
        source_id: 'H-2',
        unknown: true,
        weekday_hours: 'unknown',
        evening: false,
        weekend: false,
        holiday_policy: 'regular',
        holiday_ranges: null,
        holiday_minutes: null,
        accepting_status: 'accepting',
        accepting_new_patients: true,
      },
      {
        source_id: 'H-3',
        unknown: false,
        weekday_hours: '8:00-20:00',
        evening: true,
        weekend: true,
        holiday_policy: 'closed',
        holiday_ranges: null,
        holiday_minutes: '{}',
        accepting_status: 'unknown',
        accepting_new_patients: false,
      },
    ]);
    // The generated minutes of the week (migration 1766900000000): Friday 18:00-24:00 and
    // Saturday 00:00-02:00 are one opening across midnight.
    const [week] = await db.dataSource.query<{ w: string }[]>(
      `SELECT week_minutes::text AS w FROM clinics WHERE source_id = 'H-1'`,
    );
    expect(week.w).toBe(
      '{[480,720),[780,1200),[1920,2640),[3360,4080),[4800,5520),[6840,7320),[7740,7980)}',
    );
    const exceptions = await db.dataSource.query<Record<string, unknown>[]>(
      `SELECT to_char(e.date, 'YYYY-MM-DD') AS date, e.ranges, e.reason, e.minutes::text AS minutes
         FROM clinic_hours_exceptions e JOIN clinics c ON c.id = e.clinic_id ORDER BY e.date`,
    );
    expect(exceptions).toEqual([
      { date: '2026-12-24', ranges: null, reason: null, minutes: '{}' },
      {
        date: '2026-12-31',
        ranges: [R('09:00', '13:00')],
        reason: "New Year's Eve",
        minutes: '{[540,780)}',
      },
    ]);
    const one = await exportedClinic('H-1');
    expect({
      hours: one.hours,
      holidayHours: one.holidayHours,
      hoursExceptions: one.hoursExceptions,
      acceptingNewPatients: one.acceptingNewPatients,
      acceptingStatus: one.acceptingStatus,
      availabilityCheckedAt: one.availabilityCheckedAt,
    }).toEqual({
      hours: WEEK,
      holidayHours: [R('10:00', '12:00'), R('13:00', '16:00')],
      hoursExceptions: [
        { date: '2026-12-24', closed: true },
        { date: '2026-12-31', ranges: [R('09:00', '13:00')], reason: "New Year's Eve" },
      ],
      acceptingNewPatients: false,
      acceptingStatus: 'existing-patients-family',
      availabilityCheckedAt: '2026-11-20T15:00:00.000Z',
    });
    const two = await exportedClinic('H-2');
    expect([two.hours, two.holidayHours, two.hoursExceptions, two.acceptingStatus]).toEqual([
      null,
      'regular',
      [],
      'accepting',
    ]);
    // The export's key order (the bytes a round trip compares).
    expect(Object.keys(one).slice(14, 22)).toEqual([
      'hours',
      'holidayHours',
      'hoursExceptions',
      'wheelchair',
      'virtualVisits',
      'acceptingNewPatients',
      'acceptingStatus',
      'availabilityCheckedAt',
    ]);
  });

  it('refuses each invalid new field with its own field and reason, and applies the rest', async () => {
    const bad: [Record<string, unknown>, string, RegExp][] = [
      [{ hours: { ...WEEK, mon: [R('17:00', '09:00')] } }, '/hours/mon/0', /closes \(09:00\) at or before it opens \(17:00\)/],
      [{ hours: { ...WEEK, tue: [R('08:00', '12:00'), R('11:00', '14:00')] } }, '/hours/tue', /08:00–12:00 and 11:00–14:00 overlap/],
      [{ hours: { ...WEEK, wed: [R('24:00', '24:00')] } }, '/hours/wed/0/open', /"24:00" is not a time HH:MM from 00:00 to 23:59/],
      [{ hours: { ...WEEK, sun: undefined } }, '/hours/sun', /^is required$/],
      [{ holidayHours: 'sometimes' }, '/holidayHours', /must be equal to one of the allowed values/],
      [{ holidayHours: [R('16:00', '10:00')] }, '/holidayHours/0', /closes \(10:00\) at or before it opens \(16:00\)/],
      [{ hoursExceptions: [{ date: '2026-02-30', closed: true }] }, '/hoursExceptions/0/date', /"2026-02-30" is not a calendar date/],
      [{ hoursExceptions: [{ date: '2026-12-01', closed: true, ranges: [R('09:00', '12:00')] }] }, '/hoursExceptions/0', /either closed: true or ranges, not both/],
      [{ hoursExceptions: [{ date: '2026-12-01' }] }, '/hoursExceptions/0', /give closed: true or the day's ranges/],
      [{ hoursExceptions: [{ date: '2026-12-01', ranges: [] }] }, '/hoursExceptions/0/ranges', /empty; a day with no opening is closed: true/],
      [{ hoursExceptions: [{ date: '2026-12-01', closed: false }] }, '/hoursExceptions/0/closed', /must be equal to constant/],
      [{ hoursExceptions: [{ date: '2026-12-01', closed: true }, { date: '2026-12-01', ranges: [R('09:00', '10:00')] }] }, '/hoursExceptions/1/date', /2026-12-01 has more than one exception/],
      [{ hoursExceptions: [{ date: '2026-12-01', closed: true, reason: '' }] }, '/hoursExceptions/0/reason', /must NOT have fewer than 1 characters/],
      [{ acceptingStatus: 'maybe' }, '/acceptingStatus', /must be equal to one of the allowed values/],
      [{ acceptingStatus: 'existing-patients-only', acceptingNewPatients: true }, '/acceptingNewPatients', /is true but acceptingStatus is "existing-patients-only" \(acceptingNewPatients is true exactly when acceptingStatus is "accepting"\)/],
      [{ acceptingStatus: 'accepting', acceptingNewPatients: false }, '/acceptingNewPatients', /is false but acceptingStatus is "accepting"/],
      [{ acceptingNewPatients: undefined }, '/acceptingStatus', /is required \(or the v1 acceptingNewPatients/],
      [{ availabilityCheckedAt: null }, '/availabilityCheckedAt', /^is null but acceptingStatus is "not-accepting" \(from acceptingNewPatients false\): a graded status needs the date it was checked; give availabilityCheckedAt, or acceptingStatus "unknown"$/],
      [{ acceptingStatus: 'accepting', acceptingNewPatients: undefined, availabilityCheckedAt: null }, '/availabilityCheckedAt', /^is null but acceptingStatus is "accepting": a graded status needs the date/],
    ]; // prettier-ignore
    const path = join(dir, 'bad.ndjson');
    // `unknown` needs no date (issue 48): a status nobody checked.
    const undatedUnknown = { acceptingStatus: 'unknown', availabilityCheckedAt: null };
    const records = [
      ...bad.map(([extra], i) => clinic(`B-${i}`, extra)),
      clinic('B-ok', undatedUnknown),
    ];
    writeFileSync(path, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const s = await runImportCommand([path, '--source', SOURCE], db.dataSource, quiet);
    expect(s).toMatchObject({ rejected: bad.length, inserted: 1, applied: true });
    const report = readFileSync(s.report!, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { line: number; key: string; field: string; reason: string });
    expect(
      report.map((r) => ({ line: r.line, key: r.key, field: r.field, reason: r.reason })),
    ).toEqual(
      bad.map(([, field, reason], i) => ({
        line: i + 1,
        key: `clinic:${SOURCE}/B-${i}`,
        field,
        reason: expect.stringMatching(reason) as string,
      })),
    );
    const stored = await db.dataSource.query<{ source_id: string }[]>(
      `SELECT source_id FROM clinics WHERE source_id LIKE 'B-%'`,
    );
    expect(stored).toEqual([{ source_id: 'B-ok' }]);
    const [ok] = await db.dataSource.query<Record<string, unknown>[]>(
      `SELECT accepting_status, availability_checked_at FROM clinics WHERE source_id = 'B-ok'`,
    );
    expect(ok).toEqual({ accepting_status: 'unknown', availability_checked_at: null });
  });

  it('replaces the exceptions on re-import; a record without them leaves none', async () => {
    const first = [
      { date: '2027-01-08', closed: true, reason: 'Staff training' },
      { date: '2027-01-15', ranges: [R('09:00', '12:00')] },
    ];
    await importRecords([clinic('X-1', { hoursExceptions: first })]);
    const stored = () =>
      db.dataSource.query<{ date: string; ranges: unknown; reason: string | null }[]>(
        `SELECT to_char(e.date, 'YYYY-MM-DD') AS date, e.ranges, e.reason
           FROM clinic_hours_exceptions e JOIN clinics c ON c.id = e.clinic_id
          WHERE c.source_id = 'X-1' ORDER BY e.date`,
      );
    expect(await stored()).toHaveLength(2);

    // The same list in another order is no change.
    const same = await importRecords([clinic('X-1', { hoursExceptions: [...first].reverse() })]);
    expect(same).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });

    const second = [{ date: '2027-02-01', closed: true, reason: 'Moving to a new location' }];
    const replaced = await importRecords([clinic('X-1', { hoursExceptions: second })]);
    expect(replaced).toMatchObject({ inserted: 0, updated: 1, unchanged: 0 });
    expect(await stored()).toEqual([
      { date: '2027-02-01', ranges: null, reason: 'Moving to a new location' },
    ]);
    expect((await exportedClinic('X-1')).hoursExceptions).toEqual(second);

    const none = await importRecords([clinic('X-1')]);
    expect(none).toMatchObject({ updated: 1 });
    expect(await stored()).toEqual([]);
    expect((await exportedClinic('X-1')).hoursExceptions).toEqual([]);
  });

  it('logs a clinic change when only its exceptions, holiday hours or status change', async () => {
    await importRecords([clinic('F-1'), clinic('F-2')]);
    const key = { source: SOURCE, sourceId: 'F-1' };
    const one = [{ type: 'clinic', op: 'upsert', key }];
    const before = await lastVersionChanges();

    const exceptions = [{ date: '2027-03-01', closed: true }];
    await importRecords([clinic('F-1', { hoursExceptions: exceptions }), clinic('F-2')]);
    const afterExceptions = await lastVersionChanges();
    expect(afterExceptions.version).toBe(before.version + 1);
    expect(afterExceptions.changes).toEqual(one);

    await importRecords([
      clinic('F-1', { hoursExceptions: exceptions, holidayHours: 'regular' }),
      clinic('F-2'),
    ]);
    expect((await lastVersionChanges()).changes).toEqual(one);

    await importRecords([
      clinic('F-1', {
        hoursExceptions: exceptions,
        holidayHours: 'regular',
        acceptingStatus: 'existing-patients-only',
      }),
      clinic('F-2'),
    ]);
    const afterStatus = await lastVersionChanges();
    expect(afterStatus.changes).toEqual(one);

    // The same file again: no change, no version.
    await importRecords([
      clinic('F-1', {
        hoursExceptions: exceptions,
        holidayHours: 'regular',
        acceptingStatus: 'existing-patients-only',
      }),
      clinic('F-2'),
    ]);
    expect((await lastVersionChanges()).version).toBe(afterStatus.version);
  });
});
