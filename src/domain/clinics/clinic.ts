import { Gender } from '../directory/criteria';
import { DimensionTally } from '../reviews/review';

export interface ClinicLink {
  readonly label: string;
  readonly url: string;
}

export interface ClinicListRecord {
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

export interface ClinicDetailRecord {
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

export interface SpecialistRecord {
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
