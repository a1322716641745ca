import { ReferenceNames } from '../directory/reference-ids';
import {
  ClinicDetailRecord,
  ClinicLink,
  ClinicListRecord,
  SpecialistRecord,
} from '../../../domain/clinics/clinic';
import { Gender } from '../../../domain/directory/criteria';
import { AcceptingStatus } from '../../../domain/clinics/accepting-status';
import { ClinicScheduleJson, scheduleOf, weekOf } from './clinic-schedule.sql';

export interface ClinicListRow {
  id: string;
  name: string;
  address: string;
  accepting: boolean;
  language_ids: number[];
  specialty_ids: number[];
  lat: number;
  lng: number;
  notes: string | null;
  links: ClinicLink[] | null;
  availability_checked_at: Date | null;
  accepting_status: AcceptingStatus;
  open_now: boolean | null;
  /** The stored week (clinics.hours, either stored form; null: unknown). */
  hours: unknown;
}

export interface ClinicDetailRow {
  id: string;
  name: string;
  address: string;
  lat: number;
  lng: number;
  phone: string;
  accepting_new_patients: boolean;
  website: string | null;
  type: string;
  weekday_hours: string;
  evening: boolean;
  weekend: boolean;
  wheelchair: boolean;
  virtual_visits: boolean;
  near_ttc: boolean;
  notes: string | null;
  links: ClinicLink[] | null;
  availability_checked_at: Date | null;
  source: string;
  schedule: ClinicScheduleJson;
  doctors: {
    name: string;
    gender: Gender;
    practice_start_year: number;
    languages: string[];
    specialties: string[];
  }[];
}

export interface SpecialistRow {
  id: string;
  name: string;
  specialty: string;
  languages: string[];
  accepting: boolean;
  wait_weeks: number;
  availability_checked_at: Date | null;
  accepting_status: AcceptingStatus;
  open_now: boolean | null;
  /** The stored week (clinics.hours, either stored form; null: unknown). */
  hours: unknown;
  lat: number;
  lng: number;
}

export function toClinicListRecord(r: ClinicListRow, names: ReferenceNames): ClinicListRecord {
  return {
    id: r.id,
    name: r.name,
    address: r.address,
    accepting: r.accepting,
    languages: names.languages(r.language_ids, true),
    specialties: names.specialties(r.specialty_ids, true),
    lat: r.lat,
    lng: r.lng,
    notes: r.notes,
    links: r.links ?? [],
    availabilityCheckedAt: r.availability_checked_at,
    openNow: r.open_now,
    acceptingStatus: r.accepting_status,
    week: weekOf(r.hours),
  };
}

export function toClinicDetailRecord(r: ClinicDetailRow): ClinicDetailRecord {
  return {
    id: r.id,
    name: r.name,
    address: r.address,
    lat: r.lat,
    lng: r.lng,
    phone: r.phone,
    acceptingNewPatients: r.accepting_new_patients,
    website: r.website,
    type: r.type,
    weekdayHours: r.weekday_hours,
    evening: r.evening,
    weekend: r.weekend,
    wheelchair: r.wheelchair,
    virtualVisits: r.virtual_visits,
    nearTTC: r.near_ttc,
    notes: r.notes,
    links: r.links ?? [],
    availabilityCheckedAt: r.availability_checked_at,
    source: r.source,
    ...scheduleOf(r.schedule),
    doctors: r.doctors.map((d) => ({
      name: d.name,
      gender: d.gender,
      practiceStartYear: d.practice_start_year,
      languages: d.languages,
      specialties: d.specialties,
    })),
  };
}

export function toSpecialistRecord(r: SpecialistRow): SpecialistRecord {
  return {
    id: r.id,
    name: r.name,
    specialty: r.specialty,
    languages: r.languages,
    accepting: r.accepting,
    waitWeeks: r.wait_weeks,
    availabilityCheckedAt: r.availability_checked_at,
    openNow: r.open_now,
    acceptingStatus: r.accepting_status,
    week: weekOf(r.hours),
    lat: r.lat,
    lng: r.lng,
  };
}
