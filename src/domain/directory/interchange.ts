import { CLOSED_ALL_WEEKDAYS, minutesOfDay, WORKING_DAYS } from '../clinics/clinic-hours';
import { isNearTtc } from '../geo/ttc-subway-stations';
import { clinicScheduleProblems } from './interchange-clinic';
import type {
  ClinicRecord,
  DirectoryRecord,
  DoctorRecord,
  MultiRangeHours,
  OfferingRecord,
  RecordProblem,
  ReviewRecord,
} from './interchange-records';

/**
 * The rules of the interchange format beyond the schema's shapes (the records' types are in
 * interchange-records.ts, re-exported here), and what the service derives instead of reading.
 */
export * from './interchange-records';
export * from './interchange-clinic';

/** The GTA and its surroundings: a clinic outside this box is not in the directory's area. */
export const GTA_BOX = { minLat: 43.3, maxLat: 44.4, minLng: -80.3, maxLng: -78.6 } as const;

/** Ontario's forward sortation areas begin with K, L, M, N or P (Canada Post). */
const ONTARIO_POSTAL = /^[KLMNP]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/;
/** Ontario's area codes (CRTC numbering plan). */
export const ONTARIO_AREA_CODES = new Set([
  '226',
  '249',
  '289',
  '343',
  '365',
  '382',
  '416',
  '437',
  '519',
  '548',
  '613',
  '647',
  '683',
  '705',
  '742',
  '753',
  '807',
  '905',
  '942',
]);

/** `M5S 1A1` from `m5s1a1`; null when it is not an Ontario postal code. */
export function ontarioPostalCode(raw: string): string | null {
  const v = raw.trim().toUpperCase();
  if (!ONTARIO_POSTAL.test(v)) return null;
  return `${v.slice(0, 3)} ${v.slice(-3)}`;
}

/** `(416) 555-0100` from any common way of writing an Ontario number; null otherwise. */
export function ontarioPhone(raw: string): string | null {
  const ext = /\s*(?:ext\.?|x)\s*(\d{1,6})$/i.exec(raw);
  const main = ext ? raw.slice(0, ext.index) : raw;
  if (!/^[\d\s().+-]+$/.test(main)) return null;
  let digits = main.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10 || !ONTARIO_AREA_CODES.has(digits.slice(0, 3))) return null;
  const formatted = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  return ext ? `${formatted} ext. ${ext[1]}` : formatted;
}

export function inGta(lat: number, lng: number): boolean {
  return (
    lat >= GTA_BOX.minLat && lat <= GTA_BOX.maxLat && lng >= GTA_BOX.minLng && lng <= GTA_BOX.maxLng
  );
}

/** What the service derives from a clinic's hours and place; never read from the input. */
export interface DerivedClinic {
  readonly weekdayHours: string;
  readonly evening: boolean;
  readonly weekend: boolean;
  readonly nearTtc: boolean;
}

const EVENING_AFTER = 17 * 60;
const fmt = (m: number, pad: boolean) =>
  `${String(Math.floor(m / 60)).padStart(pad ? 2 : 1, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The v1 `hours.weekday` of a clinic whose hours are unknown. */
export const UNKNOWN_WEEKDAY_HOURS = 'unknown';

/**
 * The contract's derived fields from several ranges a day: a weekday's span runs from its first
 * opening to its last closing; `weekday` is the span of most weekdays (ties: the first from
 * Monday), `evening` a weekday range closing after 17:00, `weekend` any range on Saturday or
 * Sunday, `nearTTC` within 500 m of a subway station. Unknown hours (null): `weekday` "unknown",
 * neither evening nor weekend.
 */
export function deriveClinic(
  hours: MultiRangeHours | null,
  lat: number,
  lng: number,
): DerivedClinic {
  return { ...weekSummary(hours), nearTtc: isNearTtc(lat, lng) };
}

/** The v1 summary of a week (`weekday`, `evening`, `weekend`), by deriveClinic's rules. */
export function weekSummary(hours: MultiRangeHours | null): Omit<DerivedClinic, 'nearTtc'> {
  if (hours === null)
    return { weekdayHours: UNKNOWN_WEEKDAY_HOURS, evening: false, weekend: false };
  const counts = new Map<string, number>();
  let best: string | undefined;
  let bestCount = 0;
  for (const d of WORKING_DAYS) {
    const ranges = hours[d];
    if (ranges.length === 0) continue;
    const open = Math.min(...ranges.map((r) => minutesOfDay(r.open)));
    const close = Math.max(...ranges.map((r) => minutesOfDay(r.close)));
    const key = `${fmt(open, false)}-${fmt(close, true)}`;
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    if (n > bestCount) {
      best = key;
      bestCount = n;
    }
  }
  return {
    weekdayHours: best ?? CLOSED_ALL_WEEKDAYS,
    evening: WORKING_DAYS.some((d) => hours[d].some((r) => minutesOfDay(r.close) > EVENING_AFTER)),
    weekend: hours.sat.length > 0 || hours.sun.length > 0,
  };
}

/**
 * Problems of a clinic the schema cannot see (place, formats, hours, holiday hours, exceptions,
 * accepting status: interchange-clinic.ts).
 */
export function clinicProblems(c: ClinicRecord): RecordProblem[] {
  const p: RecordProblem[] = [];
  if (!inGta(c.lat, c.lng))
    p.push({
      field: '/lat',
      reason: `(${c.lat}, ${c.lng}) is outside the GTA (lat ${GTA_BOX.minLat}–${GTA_BOX.maxLat}, lng ${GTA_BOX.minLng}–${GTA_BOX.maxLng})`,
    });
  if (!ontarioPostalCode(c.postalCode))
    p.push({
      field: '/postalCode',
      reason: `"${c.postalCode}" is not an Ontario postal code (A1A 1A1 starting with K, L, M, N or P)`,
    });
  if (!ontarioPhone(c.phone))
    p.push({
      field: '/phone',
      reason: `"${c.phone}" is not an Ontario phone number (10 digits, Ontario area code)`,
    });
  p.push(...clinicScheduleProblems(c));
  if (c.availabilityCheckedAt && Date.parse(c.availabilityCheckedAt) > Date.now() + 86_400_000)
    p.push({ field: '/availabilityCheckedAt', reason: 'is in the future' });
  return p;
}

/** Problems of a doctor the schema cannot see. */
export function doctorProblems(d: DoctorRecord): RecordProblem[] {
  const p: RecordProblem[] = [];
  const primaries = d.clinics.filter((c) => c.primary).length;
  if (primaries !== 1)
    p.push({ field: '/clinics', reason: `exactly one clinic must be primary (${primaries} are)` });
  const keys = d.clinics.map((c) => `${c.source ?? d.source}\u0000${c.sourceId}`);
  if (new Set(keys).size !== keys.length)
    p.push({ field: '/clinics', reason: 'a clinic is listed twice' });
  if (!ontarioPhone(d.bookingPhone))
    p.push({
      field: '/bookingPhone',
      reason: `"${d.bookingPhone}" is not an Ontario phone number (10 digits, Ontario area code)`,
    });
  if (d.practiceStartYear > new Date().getUTCFullYear())
    p.push({ field: '/practiceStartYear', reason: 'is in the future' });
  if (d.expiredAt && Date.parse(d.expiredAt) > Date.now() + 86_400_000)
    p.push({ field: '/expiredAt', reason: 'is in the future' });
  return p;
}

/** Problems of a review the schema cannot see. */
export function reviewProblems(r: ReviewRecord): RecordProblem[] {
  const p: RecordProblem[] = [];
  if ((r.doctor === undefined) === (r.clinic === undefined))
    p.push({ field: '/doctor', reason: 'a review is of one doctor or of one clinic' });
  if (r.doctor !== undefined && !r.sourceUrl)
    p.push({
      field: '/sourceUrl',
      reason: 'a doctor review needs the address it was published at',
    });
  if (Number.isNaN(Date.parse(r.date)) || Date.parse(r.date) > Date.now() + 86_400_000)
    p.push({ field: '/date', reason: 'is not a past date' });
  return p;
}

/** In a `u` pattern a well-formed pair is one code point, so only a lone half matches. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Text the directory can store: PostgreSQL's text refuses U+0000, and a lone surrogate (JSON lets
 * `"\ud800"` through) is not Unicode and would be stored as U+FFFD. Every string of a record
 * holding either is refused, at its JSON pointer, instead of failing the whole import or being
 * changed silently.
 */
export function textProblems(value: unknown, pointer = ''): RecordProblem[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000'))
      return [
        { field: pointer, reason: 'holds the character U+0000 (NUL), which text cannot hold' },
      ];
    if (LONE_SURROGATE.test(value))
      return [
        { field: pointer, reason: 'holds a lone UTF-16 surrogate, which is not Unicode text' },
      ];
    return [];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => textProblems(v, `${pointer}/${i}`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) =>
      textProblems(v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`),
    );
  return [];
}
/** The record's key, as the rejection report names it. */
export function recordKey(r: Partial<DirectoryRecord> & { type?: unknown }): string | null {
  switch (r.type) {
    case 'clinic':
    case 'review':
      return typeof r.sourceId === 'string' ? `${r.type}:${String(r.source)}/${r.sourceId}` : null;
    case 'doctor':
      return typeof r.cpsoNumber === 'string' ? `doctor:${r.cpsoNumber}` : null;
    case 'specialty':
    case 'language':
      return typeof r.name === 'string' ? `${r.type}:${r.name}` : null;
    case 'offering': {
      const o = r as Partial<OfferingRecord>;
      return o.clinic && typeof o.specialty === 'string'
        ? `offering:${o.clinic.source ?? String(o.source)}/${o.clinic.sourceId}/${o.specialty}`
        : null;
    }
    default:
      return null;
  }
}
