import { DataSource } from 'typeorm';
import { LocalDate } from '../../../domain/clinics/hours/toronto-time';
import { DirectoryCounts, DoctorDetailRecord } from '../../../domain/doctors/doctor';
import { ReferenceIds } from '../directory/reference-ids';
import {
  clinicScheduleColumn,
  ClinicScheduleJson,
  scheduleOf,
} from '../clinics/clinic-schedule.sql';
import { DOCTOR_COLUMNS } from './doctor-read.sql';
import {
  DoctorRow,
  reviewsJsonSql,
  ReviewRow,
  toDoctorRecord,
  toReview,
} from './doctor-row.mapper';

/** One doctor's detail, and the directory's totals: each one statement (or two, side by side). */
export class DoctorDetailReader {
  constructor(
    private readonly ds: DataSource,
    private readonly refs: ReferenceIds,
  ) {}

  /**
   * One statement: the doctor with its primary clinic, the count of its reviews by rating and
   * its latest five reviews (both on the reviews' index), and the primary clinic's v1 hours,
   * schedule and status with its exceptions from `fromDate` (Toronto's today) on.
   */
  async findByCpso(cpso: string, fromDate: LocalDate): Promise<DoctorDetailRecord | null> {
    const rows = await this.ds.query<
      (DoctorRow & {
        referral_required: boolean;
        booking_phone: string;
        booking_online: string | null;
        referral_only: boolean;
        expired_at: Date | null;
        source: string;
        weekday_hours: string;
        evening: boolean;
        weekend: boolean;
        clinic_schedule: ClinicScheduleJson;
        by_rating: number[];
        recent: ReviewRow[];
      })[]
    >(
      `SELECT ${DOCTOR_COLUMNS}, d.referral_required, d.booking_phone, d.booking_online, d.referral_only, d.expired_at, d.source,
              c.weekday_hours, c.evening, c.weekend, ${clinicScheduleColumn('c', '$2::date', 'clinic_schedule')},
              (SELECT ARRAY[${[1, 2, 3, 4, 5].map((n) => `count(*) FILTER (WHERE r.rating = ${n})`).join(', ')}]::int[]
                 FROM reviews r WHERE r.doctor_id = d.id) AS by_rating,
              ${reviewsJsonSql('d', 'doctor_id', '5')} AS recent
         FROM doctors d
         JOIN doctor_clinics dc ON dc.doctor_id = d.id AND dc.is_primary
         JOIN clinics c ON c.id = dc.clinic_id
        WHERE d.cpso_number = $1`,
      [cpso, fromDate],
    );
    const row = rows[0];
    if (!row) return null;
    const [one, two, three, four, five] = row.by_rating;
    return {
      ...toDoctorRecord(row, await this.refs.names()),
      referralRequired: row.referral_required,
      bookingPhone: row.booking_phone,
      bookingOnline: row.booking_online,
      referralOnly: row.referral_only,
      expiredAt: row.expired_at,
      source: row.source,
      ratingHistogram: { 1: one, 2: two, 3: three, 4: four, 5: five },
      recentReviews: row.recent.map(toReview),
      clinicHours: { weekdayHours: row.weekday_hours, evening: row.evening, weekend: row.weekend },
      clinicSchedule: scheduleOf(row.clinic_schedule),
    };
  }

  async counts(freshCutoff: Date): Promise<DirectoryCounts> {
    const [totals, bySpecialty] = await Promise.all([
      this.ds.query<
        { total: number; accepting: number; fresh: number; stale: number; unknown: number }[]
      >(
        `SELECT count(*)::int AS total,
                count(*) FILTER (WHERE accepting)::int AS accepting,
                count(*) FILTER (WHERE availability_checked_at >= $1)::int AS fresh,
                count(*) FILTER (WHERE availability_checked_at < $1)::int AS stale,
                count(*) FILTER (WHERE availability_checked_at IS NULL)::int AS unknown
           FROM doctor_search`,
        [freshCutoff],
      ),
      this.ds.query<{ specialty: string; count: number }[]>(
        `SELECT sp.name AS specialty, x.n AS count
           FROM (SELECT u.id, count(*)::int AS n FROM doctor_search s, unnest(s.specialty_ids) AS u(id) GROUP BY u.id) x
           JOIN specialties sp ON sp.id = x.id
          ORDER BY x.n DESC, sp.name_key`,
      ),
    ]);
    const t = totals[0];
    return {
      totalDoctors: t.total,
      acceptingNewPatients: t.accepting,
      fresh: t.fresh,
      stale: t.stale,
      unknown: t.unknown,
      bySpecialty,
    };
  }
}
