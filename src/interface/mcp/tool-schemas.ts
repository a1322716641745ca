import { z } from 'zod';
import { ACCEPTING_STATUSES } from '../../domain/clinics/accepting-status';
import { GENDERS } from '../../domain/directory/criteria';
import { FRESHNESS_VALUES } from '../../domain/doctors/freshness';
import { MAX_RADIUS_KM } from '../../domain/geo/location';
import { REVIEW_DIMENSIONS } from '../../domain/reviews/review';

/** A tool reads 10 rows unless asked, 25 at most (decisions.md, MCP interface). */
export const TOOL_DEFAULT_LIMIT = 10;
export const TOOL_MAX_LIMIT = 25;

/** The catalogue's names as a description: what a model should send, and what else is read. */
function namesHint(names: readonly string[]): string {
  const listed = names.length > 0 ? ` The directory's names: ${names.join(', ')}.` : '';
  return (
    `${listed} Case, accents, hyphens and spaces do not matter, and the catalogue's aliases are ` +
    'read too (Farsi, Paediatrics, ENT, GP; Chinese is Mandarin or Cantonese). An unknown name is ' +
    'an error naming the closest ones.'
  );
}

/** A list of catalogue names; a single string is taken as a one-item list. */
function nameList(names: readonly string[], what: string) {
  const item = z.string().min(1).max(100);
  return z
    .union([item, z.array(item).min(1).max(20)])
    .optional()
    .describe(`Any of these ${what} (a list, or one name).${namesHint(names)}`);
}

/** The directory's current specialty and language names, for the input schemas' enumerations. */
export interface KnownNames {
  readonly specialties: readonly string[];
  readonly languages: readonly string[];
}

export function pagingShape() {
  return {
    limit: z
      .number()
      .int()
      .min(1)
      .max(TOOL_MAX_LIMIT)
      .optional()
      .describe(`Rows to return (default ${TOOL_DEFAULT_LIMIT}, at most ${TOOL_MAX_LIMIT}).`),
    offset: z
      .number()
      .int()
      .min(0)
      .max(1_000_000)
      .optional()
      .describe('Rows to skip, for the next page: the previous offset plus its count.'),
    cursor: z
      .string()
      .max(1024)
      .optional()
      .describe(
        'Instead of offset (not both): the nextCursor of the previous page, with the same other ' +
          'arguments. Cursor pages follow the order from the last row seen, so paging does not ' +
          'skip or repeat rows when the directory changes in between.',
      ),
  };
}

/** The filters of /doctors, /clinics and /specialists (the REST query parameters). */
export function filterShape(names: KnownNames) {
  return {
    languages: nameList(names.languages, 'languages spoken by the doctor'),
    gender: z.enum(GENDERS).optional().describe("The doctor's gender."),
    minYears: z
      .number()
      .int()
      .min(0)
      .max(150)
      .optional()
      .describe('At least this many years in practice.'),
    maxYears: z
      .number()
      .int()
      .min(0)
      .max(150)
      .optional()
      .describe('At most this many years in practice.'),
    accepting: z
      .boolean()
      .optional()
      .describe('true: only clinics accepting new patients; false: only those not.'),
    evening: z.boolean().optional().describe('Clinic open after 17:00 on some weekday.'),
    weekend: z.boolean().optional().describe('Clinic open Saturday or Sunday.'),
    wheelchair: z.boolean().optional().describe('Clinic is wheelchair-accessible.'),
    virtualVisits: z.boolean().optional().describe('Clinic offers virtual visits.'),
    nearTTC: z.boolean().optional().describe('Clinic within 500 m of a TTC subway station.'),
    ...hoursShape(),
  };
}

/**
 * Issue 33's filters, as REST's openNow, openAt and acceptingStatus (the same checks through
 * directoryCriteria and ListMomentsResolver): in every listing tool through filterShape.
 */
export function hoursShape() {
  return {
    openNow: z
      .boolean()
      .optional()
      .describe(
        'true: only clinics open right now (Toronto time, public holidays and dated exceptions included; unknown hours are left out). Not with openAt.',
      ),
    openAt: z
      .string()
      .min(1)
      .max(40)
      .optional()
      .describe(
        'Only clinics open at this date-time, e.g. "2026-12-26T10:00" (Toronto time without an offset), from today to 60 days ahead. Not with openNow.',
      ),
    acceptingStatus: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe(
        'Comma-separated graded statuses, any of: accepting (Plan-Net newpt), existing-patients-only (existptonly), existing-patients-family (existptfam), not-accepting (nopt), unknown.',
      ),
  };
}

/** The graded accepting status and its date, as list items and details give them. */
export const acceptingStatusShape = {
  acceptingStatus: z.enum(ACCEPTING_STATUSES),
  acceptingCheckedAt: z.string().nullable(),
};

/** Where the person is: one shape, shared by every tool that takes a location. */
export function locationShape() {
  return {
    lat: z
      .number()
      .min(-90)
      .max(90)
      .optional()
      .describe('Latitude of the person (send with lng): results are ordered nearest first.'),
    lng: z.number().min(-180).max(180).optional().describe('Longitude of the person (with lat).'),
    near: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .describe(
        'Instead of lat/lng: a Canadian postal code ("M2N 5W9") or its first three characters ("M2N"), ' +
          'a Toronto subway station name ("Finch"), or a GTA place by name: a neighbourhood, a municipality ' +
          '("Markham"), a hospital ("Sunnybrook", "SickKids"), a mall ("Scarborough Town Centre", "Square One"), ' +
          'a campus or a transit hub; case, punctuation and a small misspelling do not matter. A name meaning ' +
          'several places is an error listing them. Results are ordered nearest first.',
      ),
    radiusKm: z
      .number()
      .gt(0)
      .max(MAX_RADIUS_KM)
      .optional()
      .describe('Only results within this many km of the location (needs lat/lng or near).'),
  };
}

/**
 * `specialties` (a list) and `specialty` (one name), as the REST lists take them; `specialties`
 * wins when both are sent (directoryCriteria).
 */
export function specialtiesShape(names: KnownNames) {
  return {
    specialties: nameList(names.specialties, 'specialties'),
    specialty: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .describe(`One specialty; ignored when specialties is sent.${namesHint(names.specialties)}`),
  };
}

// ---- the pieces the tools' outputs share (each tool's own output sits in its file) ----

export const freshnessSchema = z
  .enum(FRESHNESS_VALUES)
  .describe(
    'fresh: availability checked within the freshness window; stale: older; unknown: never.',
  );

const clinicSummary = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  phone: z.string(),
  acceptingNewPatients: z.boolean(),
  openNow: z.boolean().nullable().describe('Open now (Toronto time); null: hours unknown.'),
  ...acceptingStatusShape,
});

export const doctorSchema = z.object({
  cpsoNumber: z.string(),
  name: z.string(),
  gender: z.enum(GENDERS),
  yearsOfPractice: z.number().int(),
  specialties: z.array(z.string()),
  languages: z.array(z.string()),
  clinic: clinicSummary,
  dataFreshness: freshnessSchema,
  syncedAt: z.string(),
  distanceKm: z.number().optional().describe('km from the location, when one was given'),
});

export const reviewSchema = z.object({
  author: z.string(),
  rating: z.number().int(),
  text: z.string(),
  date: z.string(),
  sourceUrl: z.string().nullable(),
});

const signal = z.object({
  dimension: z.enum(REVIEW_DIMENSIONS),
  count: z.number().int(),
  avgRating: z.number().nullable(),
  sufficient: z.boolean(),
});

export const signalsSchema = z.object({
  minSample: z.number().int(),
  reviewCount: z.number().int(),
  signals: z.array(signal),
});

export const distanceKmSchema = z
  .number()
  .optional()
  .describe('km from the location, when one was given');

export const listEnvelopeShape = {
  near: z
    .object({
      query: z.string(),
      lat: z.number(),
      lng: z.number(),
      kind: z.enum(['postalCode', 'fsa', 'station', 'place']),
      name: z
        .string()
        .optional()
        .describe('The place or station understood, when not an exact station name.'),
      category: z
        .string()
        .optional()
        .describe('For a place: neighbourhood, municipality, hospital, mall, ...'),
    })
    .optional()
    .describe('The point a `near` place resolved to.'),
  total: z.number().int().describe('Rows matching, whatever the page.'),
  count: z.number().int().describe('Rows in this page.'),
  offset: z.number().int(),
  nextOffset: z
    .number()
    .int()
    .nullable()
    .describe('offset to send for the next page, null on the last page.'),
  nextCursor: z
    .string()
    .nullable()
    .describe('cursor to send for the next page (instead of an offset), null on the last page.'),
};

export const availabilityShape = {
  availabilityNote: z.string(),
};

export const doctorListOutput = {
  doctors: z.array(doctorSchema),
  ...listEnvelopeShape,
  ...availabilityShape,
};
