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
  readonly acceptingNewPatients: boolean;
  readonly availabilityCheckedAt: Date | null;
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
}

export interface ReviewTallies {
  readonly reviewCount: number;
  readonly dimensions: DimensionTally[];
}
