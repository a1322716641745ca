import { AcceptingStatus } from '../../domain/clinics/accepting-status';
import { DayHours, Weekday } from '../../domain/clinics/clinic-hours';
import { Gender } from '../../domain/directory/criteria';

/**
 * The rows the FHIR view maps to resources: what v1's records hold plus what FHIR needs beside
 * it (address parts, weekly hours, when the row last changed). Ids are the directory's own
 * stable keys: the CPSO number for a doctor, the clinic's UUID for a clinic.
 */
/** A clinic's hours as stored: one span or several a day (imported files), null when closed. */
export type StoredHours = Partial<Record<Weekday, DayHours | DayHours[] | null>>;

export interface FhirPractitionerRecord {
  readonly cpso: string;
  readonly name: string;
  readonly gender: Gender;
  readonly languages: string[];
  readonly specialties: string[];
  /** False only for a doctor the directory has withdrawn (found by a read, never by a search). */
  readonly active: boolean;
  readonly updatedAt: Date;
}

export interface FhirClinicRecord {
  readonly id: string;
  readonly name: string;
  readonly street: string;
  readonly city: string;
  readonly postalCode: string;
  readonly lat: number;
  readonly lng: number;
  readonly phone: string;
  readonly website: string | null;
  readonly hours: StoredHours | null;
  readonly wheelchair: boolean;
  readonly nearTTC: boolean;
  readonly accepting: boolean;
  /** The graded status (issue 33): Plan-Net's newpatients code, none for `unknown`. */
  readonly acceptingStatus: AcceptingStatus;
  readonly updatedAt: Date;
  /** Great-circle km from the search's point (v1's distanceKm), only on a search near a point. */
  readonly distanceKm?: number;
}

/** A doctor practising at a clinic (one row of doctor_clinics). */
export interface FhirRoleRecord {
  readonly cpso: string;
  readonly clinicId: string;
  readonly specialties: string[];
  readonly accepting: boolean;
  /** The graded status (issue 33): Plan-Net's newpatients code, none for `unknown`. */
  readonly acceptingStatus: AcceptingStatus;
  readonly bookingPhone: string;
  readonly hours: StoredHours | null;
  /** The later of the doctor's and the clinic's last change. */
  readonly updatedAt: Date;
}

/** A specialty offered at a clinic (one row of specialist_offerings). */
export interface FhirServiceRecord {
  readonly clinicId: string;
  readonly clinicName: string;
  readonly specialty: string;
  readonly waitWeeks: number;
  readonly accepting: boolean;
  /** The graded status (issue 33): Plan-Net's newpatients code, none for `unknown`. */
  readonly acceptingStatus: AcceptingStatus;
  readonly phone: string;
  readonly hours: StoredHours | null;
  /** The clinic's last change (offerings carry no time of their own). */
  readonly updatedAt: Date;
}
