import { AcceptingStatus } from '../../../domain/clinics/accepting-status';
import {
  FhirClinicRecord,
  FhirPractitionerRecord,
  FhirRoleRecord,
  FhirServiceRecord,
  StoredHours,
} from '../../../application/fhir/fhir-records';
import { Gender } from '../../../domain/directory/criteria';

export interface PractitionerRow {
  cpso_number: string;
  name: string;
  gender: Gender;
  languages: string[];
  specialties: string[];
  active: boolean;
  updated_at: Date;
}

export interface ClinicRow {
  id: string;
  name: string;
  street: string;
  city: string;
  postal_code: string;
  lat: number;
  lng: number;
  phone: string;
  website: string | null;
  hours: StoredHours | null;
  wheelchair: boolean;
  near_ttc: boolean;
  accepting: boolean;
  accepting_status: AcceptingStatus;
  updated_at: Date;
}

export interface RoleRow {
  cpso_number: string;
  clinic_id: string;
  specialties: string[];
  accepting: boolean;
  accepting_status: AcceptingStatus;
  booking_phone: string;
  hours: StoredHours | null;
  updated_at: Date;
}

export interface ServiceRow {
  clinic_id: string;
  clinic_name: string;
  specialty: string;
  wait_weeks: number;
  accepting: boolean;
  accepting_status: AcceptingStatus;
  phone: string;
  hours: StoredHours | null;
  updated_at: Date;
}

export const toPractitioner = (r: PractitionerRow): FhirPractitionerRecord => ({
  cpso: r.cpso_number,
  name: r.name,
  gender: r.gender,
  languages: r.languages,
  specialties: r.specialties,
  active: r.active,
  updatedAt: new Date(r.updated_at),
});

export const toClinic = (r: ClinicRow): FhirClinicRecord => ({
  id: r.id,
  name: r.name,
  street: r.street,
  city: r.city,
  postalCode: r.postal_code,
  lat: Number(r.lat),
  lng: Number(r.lng),
  phone: r.phone,
  website: r.website,
  hours: r.hours,
  wheelchair: r.wheelchair,
  nearTTC: r.near_ttc,
  accepting: r.accepting,
  acceptingStatus: r.accepting_status,
  updatedAt: new Date(r.updated_at),
});

export const toRole = (r: RoleRow): FhirRoleRecord => ({
  cpso: r.cpso_number,
  clinicId: r.clinic_id,
  specialties: r.specialties,
  accepting: r.accepting,
  acceptingStatus: r.accepting_status,
  bookingPhone: r.booking_phone,
  hours: r.hours,
  updatedAt: new Date(r.updated_at),
});

export const toService = (r: ServiceRow): FhirServiceRecord => ({
  clinicId: r.clinic_id,
  clinicName: r.clinic_name,
  specialty: r.specialty,
  waitWeeks: Number(r.wait_weeks),
  accepting: r.accepting,
  acceptingStatus: r.accepting_status,
  phone: r.phone,
  hours: r.hours,
  updatedAt: new Date(r.updated_at),
});
