import { AcceptingStatus } from '../clinics/accepting-status';
import { ClinicScheduleStatus } from '../clinics/clinic';
import { WeeklyHours } from '../clinics/hours/weekly-hours';
import { Gender } from '../directory/criteria';
import { DimensionTally, Review } from '../reviews/review';

/** A clinic as embedded in a doctor (the primary clinic). */
export interface ClinicSummaryRecord {
  readonly id: string;
  readonly name: string;
  readonly address: string;
  readonly lat: number;
  readonly lng: number;
  readonly phone: string;
  /** The v1 boolean: true exactly when `acceptingStatus` is `accepting`. */
  readonly acceptingNewPatients: boolean;
  /** The graded status (Plan-Net's AcceptingPatientsCS; see docs/hours.md). */
  readonly acceptingStatus: AcceptingStatus;
  /** When the status was last confirmed (acceptingCheckedAt), or null. */
  readonly availabilityCheckedAt: Date | null;
  /**
   * Open at the moment of the read (the request's now): null when the clinic's hours are
   * unknown, or when the read was given no moment.
   */
  readonly openNow: boolean | null;
  /** The clinic's regular week (Toronto wall clock); null when its hours are unknown. */
  readonly week: WeeklyHours | null;
}

/** A doctor as stored; derived fields (years, freshness) are computed by the use cases. */
export interface DoctorRecord {
  readonly id: string;
  readonly cpsoNumber: string;
  readonly name: string;
  readonly gender: Gender;
  readonly practiceStartYear: number;
  readonly specialties: string[];
  readonly languages: string[];
  readonly clinic: ClinicSummaryRecord;
  readonly syncedAt: Date;
}

export interface DoctorDetailRecord extends DoctorRecord {
  readonly referralRequired: boolean;
  readonly bookingPhone: string;
  readonly bookingOnline: string | null;
  readonly referralOnly: boolean;
  readonly expiredAt: Date | null;
  /** Where the doctor's record came from. */
  readonly source: string;
  readonly ratingHistogram: Record<1 | 2 | 3 | 4 | 5, number>;
  readonly recentReviews: Review[];
  /** The primary clinic's v1 hours: the weekday summary and the evening and weekend flags. */
  readonly clinicHours: { weekdayHours: string; evening: boolean; weekend: boolean };
  /** The primary clinic's week, holiday policy, exceptions still to come and graded status. */
  readonly clinicSchedule: ClinicScheduleStatus;
}

export interface DirectoryCounts {
  readonly totalDoctors: number;
  readonly acceptingNewPatients: number;
  readonly fresh: number;
  readonly stale: number;
  readonly unknown: number;
  readonly bySpecialty: { specialty: string; count: number }[];
}

export interface NameCount {
  readonly name: string;
  readonly doctorCount: number;
  /** Other names the catalogue knows it by (`Paediatrics`, `Farsi`). */
  readonly aliases?: readonly string[];
}

export interface ReviewTallies {
  readonly reviewCount: number;
  readonly dimensions: DimensionTally[];
}
