import { DataSource } from 'typeorm';
import { Clock } from '../../src/application/shared/clock';
import { refreshReadModels } from '../../src/infrastructure/persistence/directory/read-models';
import { C1, C2, C3, C4, C5 } from '../fixtures/directory.fixture';

/**
 * Issue 33's hours and statuses laid over the hand-made directory fixture (for the doctor lists'
 * openNow / openAt / acceptingStatus tests), plus two clinics near Finch station with three
 * doctors, so the "Done when" request has an answer:
 *
 * | clinic | doctors | week (every day unless said) | holidays | status |
 * | C1 Bloor | Alice 900001 | 08:00-12:00, 13:00-20:00 | closed; 2026-12-25 exception 09:00-11:00 | accepting |
 * | C2 Mississauga | bob 900002, Natalia 900007 | fri 20:00-24:00, sat 00:00-02:00 + 09:00-13:00 | hours 10:00-14:00 | existing-patients-family |
 * | C3 North York | Carol 900003, Alan 900005 | unknown (null) | closed | unknown |
 * | C4 Downtown | Dev 900004 | mon-fri 09:00-17:00; 2026-11-24 closed, 2026-11-28 10:00-12:00 | regular | existing-patients-only |
 * | C6 Finch Walk-In (0.2 km from Finch) | Fiona 900008, Gus 900009 | 09:00-21:00 | hours 09:00-13:00 | existing-patients-family |
 * | C7 Steeles (1.1 km from Finch) | Hana 900010 | 09:00-17:00 | regular | not-accepting |
 */
export const C6 = '66666666-6666-4666-8666-666666666666';
export const C7 = '77777777-7777-4777-8777-777777777777';

/** A clock the test sets. */
export class SettableClock extends Clock {
  private at: number;
  constructor(start: Date) {
    super();
    this.at = start.getTime();
  }
  now(): Date {
    return new Date(this.at);
  }
  set(iso: string): void {
    this.at = Date.parse(iso);
  }
}

const range = (open: string, close: string) => ({ open, close });
const everyDay = (...ranges: { open: string; close: string }[]) =>
  Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, ranges]));

export const C1_WEEK = everyDay(range('08:00', '12:00'), range('13:00', '20:00'));
export const C2_WEEK = {
  mon: [],
  tue: [],
  wed: [],
  thu: [],
  fri: [range('20:00', '24:00')],
  sat: [range('00:00', '02:00'), range('09:00', '13:00')],
  sun: [],
};
export const C2_CHECKED = '2026-11-10T15:00:00.000Z';
export const C6_CHECKED = '2026-11-19T14:00:00.000Z';

async function clinic(
  ds: DataSource,
  id: string,
  name: string,
  lat: number,
  lng: number,
  hours: unknown,
  policy: 'regular' | 'hours',
  holidayRanges: unknown,
  status: string,
  checked: string | null,
): Promise<void> {
  await ds.query(
    `INSERT INTO clinics (id, name, street_address, city, postal_code, lat, lng, phone, website, type, hours,
       weekday_hours, evening, weekend, wheelchair, virtual_visits, near_ttc, accepting_new_patients,
       accepting_status, availability_checked_at, notes, links, source, holiday_policy, holiday_ranges)
     VALUES ($1, $2, '5800 Yonge St', 'Toronto', 'M2M 3T3', $3, $4, '(416) 555-0123', NULL, 'walk-in', $5,
       '9:00-17:00', true, true, true, false, true, $6 = 'accepting', $6, $7, NULL, '[]', 'test-fixture', $8, $9)`,
    [id, name, lat, lng, JSON.stringify(hours), status, checked, policy, holidayRanges],
  );
}

async function doctor(ds: DataSource, n: number, name: string, clinicId: string): Promise<void> {
  const id = `d0000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
  await ds.query(
    `INSERT INTO doctors (id, cpso_number, name, gender, practice_start_year, specialty_ids, language_ids,
       referral_required, booking_phone, booking_online, referral_only, source, synced_at, expired_at)
     VALUES ($1, $2, $3, 'female', 2012, '{1}', '{1}', false, '(416) 555-0199', NULL, false,
       'test-fixture', '2026-11-18T12:00:00Z', NULL)`,
    [id, String(900000 + n), name],
  );
  await ds.query(
    'INSERT INTO doctor_clinics (doctor_id, clinic_id, is_primary) VALUES ($1, $2, true)',
    [id, clinicId],
  );
}

/** Applies the table above to a database holding the directory fixture, and refreshes the read models. */
export async function applyDoctorHoursFixture(ds: DataSource): Promise<void> {
  const set = (id: string, sql: string, params: unknown[]) =>
    ds.query(`UPDATE clinics SET ${sql} WHERE id = $1`, [id, ...params]);
  await set(C1, `hours = $2, holiday_policy = 'closed', holiday_ranges = NULL`, [
    JSON.stringify(C1_WEEK),
  ]);
  await set(
    C2,
    `hours = $2, holiday_policy = 'hours', holiday_ranges = $3,
     accepting_status = 'existing-patients-family', availability_checked_at = $4`,
    [JSON.stringify(C2_WEEK), JSON.stringify([range('10:00', '14:00')]), C2_CHECKED],
  );
  await set(C3, `hours = NULL, accepting_status = 'unknown', accepting_new_patients = false`, []);
  await set(C4, `holiday_policy = 'regular', accepting_status = 'existing-patients-only'`, []);
  await set(C5, `accepting_status = 'not-accepting', accepting_new_patients = false`, []);
  await ds.query(
    `INSERT INTO clinic_hours_exceptions (clinic_id, date, ranges, reason) VALUES
       ($1, '2026-11-24', NULL, 'Staff training'),
       ($1, '2026-11-28', $3, NULL),
       ($2, '2026-12-25', $4, 'Holiday clinic')`,
    [C4, C1, JSON.stringify([range('10:00', '12:00')]), JSON.stringify([range('09:00', '11:00')])],
  );
  await clinic(
    ds,
    C6,
    'Finch Walk-In',
    43.779,
    -79.415,
    everyDay(range('09:00', '21:00')),
    'hours',
    JSON.stringify([range('09:00', '13:00')]),
    'existing-patients-family',
    C6_CHECKED,
  );
  await clinic(
    ds,
    C7,
    'Steeles Family Practice',
    43.79,
    -79.419,
    everyDay(range('09:00', '17:00')),
    'regular',
    null,
    'not-accepting',
    null,
  );
  await doctor(ds, 8, 'Fiona Finch', C6);
  await doctor(ds, 9, 'Gus Finch', C6);
  await doctor(ds, 10, 'Hana Steeles', C7);
  await refreshReadModels((sql) => ds.query(sql));
}
