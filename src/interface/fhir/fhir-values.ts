import { LastUpdatedCriterion } from '../../application/fhir/fhir-criteria';
import { GeoPoint } from '../../domain/directory/criteria';
import { MAX_RADIUS_KM } from '../../domain/geo/location';
import { InvalidParamError } from '../../domain/shared/domain-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);

/** A parameter's comma-separated values (FHIR's "any of"), `\,` kept as a comma. */
export function orValues(raw: string): string[] {
  return raw
    .split(/(?<!\\),/)
    .map((v) => v.replace(/\\,/g, ',').trim())
    .filter((v) => v.length > 0);
}

/** A token `[system|]code`: system undefined when not given, '' for `|code`. */
export function token(v: string): { system?: string; code: string } {
  const bar = v.lastIndexOf('|');
  return bar < 0 ? { code: v } : { system: v.slice(0, bar), code: v.slice(bar + 1) };
}

/** The id of a reference `Type/id`, `id` or an absolute URL ending in `Type/id`. */
export function referenceId(param: string, type: string, v: string): string {
  const parts = v.split('/');
  if (parts.length === 1) return v;
  const [t, id] = parts.slice(-2);
  if (t !== type) throw new InvalidParamError(`${param} must reference a ${type} (${type}/<id>).`);
  return id;
}

/** A string parameter: one value, at least `min` characters once trimmed. */
export function oneString(param: string, raw: string, min = 1): string {
  const values = orValues(raw);
  if (values.length !== 1)
    throw new InvalidParamError(
      `${param} takes one value here (a comma-separated list is not supported).`,
    );
  if (values[0].length < min)
    throw new InvalidParamError(`${param} must have at least ${min} characters.`);
  if (values[0].length > 200) throw new InvalidParamError(`${param} is too long.`);
  return values[0];
}

const DATE =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;

/**
 * `_lastUpdated=ge…` or `gt…`. A value is a range as precise as it is written (a date is its
 * whole UTC day): `ge` keeps changes from the range's start, `gt` those after its end.
 */
export function lastUpdatedValue(raw: string): LastUpdatedCriterion {
  const m = /^(ge|gt)(.+)$/.exec(raw);
  if (!m)
    throw new InvalidParamError(
      '_lastUpdated supports the prefixes ge and gt only (e.g. ge2026-11-01).',
    );
  const d = DATE.exec(m[2]);
  if (!d)
    throw new InvalidParamError('_lastUpdated must be a FHIR date or instant with its time zone.');
  const [, y, mo, day, h, mi, s, frac, tz] = d;
  let start: Date;
  let end: Date;
  if (h !== undefined) {
    const text = `${y}-${mo}-${day}T${h}:${mi}:${s ?? '00'}${frac ?? ''}${tz === 'Z' ? 'Z' : tz}`;
    start = new Date(text);
    const step = s === undefined ? 60_000 : frac === undefined ? 1_000 : 1;
    end = new Date(start.getTime() + step);
  } else {
    const year = Number(y);
    const month = mo === undefined ? 0 : Number(mo) - 1;
    start = new Date(Date.UTC(year, month, day === undefined ? 1 : Number(day)));
    end =
      day !== undefined
        ? new Date(Date.UTC(year, month, Number(day) + 1))
        : mo !== undefined
          ? new Date(Date.UTC(year, month + 1, 1))
          : new Date(Date.UTC(year + 1, 0, 1));
  }
  // Calendar and clock fields in range, and a day that exists in its month (no rolling over).
  const valid =
    !Number.isNaN(start.getTime()) &&
    (mo === undefined || (Number(mo) >= 1 && Number(mo) <= 12)) &&
    (day === undefined ||
      (Number(day) >= 1 &&
        Number(day) <= new Date(Date.UTC(Number(y), Number(mo), 0)).getUTCDate())) &&
    (h === undefined || (Number(h) <= 23 && Number(mi) <= 59 && Number(s ?? 0) <= 59));
  if (!valid) throw new InvalidParamError('_lastUpdated is not a valid date.');
  return m[1] === 'ge' ? { op: 'ge', at: start } : { op: 'ge', at: end };
}

/** R4's `near`: `lat|lng[|distance[|units]]`, units km (the default) or m. */
export function nearValue(raw: string): { near: GeoPoint; radiusKm?: number } {
  const parts = raw.split('|');
  const num = (s: string | undefined) =>
    s !== undefined && /^-?\d+(\.\d+)?$/.test(s.trim()) ? Number(s) : NaN;
  const lat = num(parts[0]);
  const lng = num(parts[1]);
  if (
    parts.length > 4 ||
    Number.isNaN(lat) ||
    Number.isNaN(lng) ||
    Math.abs(lat) > 90 ||
    Math.abs(lng) > 180
  )
    throw new InvalidParamError(
      'near must be <lat>|<lng>|<distance>|<units>, e.g. 43.66|-79.39|5|km.',
    );
  if (parts[2] === undefined || parts[2] === '') return { near: { lat, lng } };
  const distance = num(parts[2]);
  const units = (parts[3] ?? 'km').trim() || 'km';
  if (units !== 'km' && units !== 'm')
    throw new InvalidParamError('near distance units must be km or m.');
  const km = units === 'm' ? distance / 1000 : distance;
  if (!(km > 0) || km > MAX_RADIUS_KM)
    throw new InvalidParamError(
      `near distance must be greater than 0 and at most ${MAX_RADIUS_KM} km.`,
    );
  return { near: { lat, lng }, radiusKm: km };
}

/** `_count`: an integer from 0; more than `max` reads `max` (as v1's limit). */
export function countValue(raw: string, max: number): number {
  if (!/^\d{1,6}$/.test(raw)) throw new InvalidParamError('_count must be an integer from 0.');
  return Math.min(Number(raw), max);
}
