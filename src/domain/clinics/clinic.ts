import { Gender } from '../directory/criteria';
import { DimensionTally } from '../reviews/review';
import { AcceptingStatus } from './accepting-status';
import { ClinicSchedule } from './hours/clinic-schedule';
import { WeeklyHours } from './hours/weekly-hours';

export interface ClinicLink {
  readonly label: string;
  readonly url: string;
}

/**
 * A clinic's hours and graded status as read (issue 33): its schedule (week null = hours
 * unknown; holiday policy; its own exceptions still to come), the Plan-Net graded status, and
 * when that status was last confirmed (the row's availability_checked_at).
 */
export interface ClinicScheduleStatus {
  readonly schedule: ClinicSchedule;
  readonly acceptingStatus: AcceptingStatus;
  readonly acceptingCheckedAt: Date | null;
}

/**
 * What list items of clinics and specialists add (issue 33): open now, the graded status and the
 * regular week.
 */
export interface ClinicOpenStatus {
  /** Open at the list's now; null when the clinic's hours are unknown. */
  readonly openNow: boolean | null;
  readonly acceptingStatus: AcceptingStatus;
  /** The clinic's regular week (Toronto wall clock); null when its hours are unknown. */
  readonly week: WeeklyHours | null;
}

export interface ClinicListRecord extends ClinicOpenStatus {
  readonly id: string;
  readonly name: string;
  readonly address: string;
  readonly accepting: boolean;
  readonly languages: string[];
  readonly specialties: string[];
  readonly lat: number;
  readonly lng: number;
  readonly notes: string | null;
  readonly links: ClinicLink[];
  /** When the clinic's availability was last checked (null: never); gives dataFreshness. */
  readonly availabilityCheckedAt: Date | null;
}

export interface ClinicDoctorRecord {
  readonly name: string;
  readonly gender: Gender;
  readonly practiceStartYear: number;
  readonly languages: string[];
  readonly specialties: string[];
}

export interface ClinicDetailRecord extends ClinicScheduleStatus {
  readonly id: string;
  readonly name: string;
  readonly address: string;
  readonly lat: number;
  readonly lng: number;
  readonly phone: string;
  readonly acceptingNewPatients: boolean;
  readonly website: string | null;
  readonly type: string;
  readonly weekdayHours: string;
  readonly evening: boolean;
  readonly weekend: boolean;
  readonly wheelchair: boolean;
  readonly virtualVisits: boolean;
  readonly nearTTC: boolean;
  readonly notes: string | null;
  readonly links: ClinicLink[];
  readonly availabilityCheckedAt: Date | null;
  /** Where the clinic's record (and its availability) came from. */
  readonly source: string;
  readonly doctors: ClinicDoctorRecord[];
}

export interface SpecialistRecord extends ClinicOpenStatus {
  readonly id: string;
  readonly name: string;
  readonly specialty: string;
  readonly languages: string[];
  readonly accepting: boolean;
  readonly waitWeeks: number;
  readonly availabilityCheckedAt: Date | null;
  readonly lat: number;
  readonly lng: number;
}

export interface ClinicReviewAggregate {
  readonly count: number;
  readonly sum: number;
  readonly dimensions: DimensionTally[];
}
