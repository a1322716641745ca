import { StoredHours } from '../../application/fhir/fhir-records';
import { minutesOfDay, WEEKDAYS } from '../../domain/clinics/clinic-hours';

export interface OpenSpan {
  daysOfWeek: string[];
  allDay?: boolean;
  start?: string;
  end?: string;
}

/** "9:00" or "09:00" as FHIR's time "09:00:00"; the end of the day "24:00" as "23:59:59". */
function fhirTime(t: string): string {
  const minutes = minutesOfDay(t);
  if (minutes >= 24 * 60) return '23:59:59';
  const h = String(Math.floor(minutes / 60)).padStart(2, '0');
  const m = String(minutes % 60).padStart(2, '0');
  return `${h}:${m}:00`;
}

/**
 * A clinic's weekly hours as FHIR's day groups: one group per opening span, with the days that
 * have it in the week's order (Monday first); a day with two spans (a lunch break) is in two
 * groups; closed days are in none.
 */
export function openSpans(hours: StoredHours | null): OpenSpan[] {
  if (!hours) return [];
  const spans = new Map<string, OpenSpan>();
  for (const day of WEEKDAYS) {
    for (const h of [hours[day] ?? []].flat()) {
      const start = fhirTime(h.open);
      const end = fhirTime(h.close);
      const key = `${start}-${end}`;
      const span = spans.get(key);
      if (span) span.daysOfWeek.push(day);
      else
        spans.set(
          key,
          start === '00:00:00' && end === '23:59:59'
            ? { daysOfWeek: [day], allDay: true }
            : { daysOfWeek: [day], start, end },
        );
    }
  }
  return [...spans.values()];
}

export const hoursOfOperation = (hours: StoredHours | null) =>
  openSpans(hours).map((s) =>
    s.allDay
      ? { daysOfWeek: s.daysOfWeek, allDay: true }
      : { daysOfWeek: s.daysOfWeek, openingTime: s.start, closingTime: s.end },
  );

export const availableTime = (hours: StoredHours | null) =>
  openSpans(hours).map((s) =>
    s.allDay
      ? { daysOfWeek: s.daysOfWeek, allDay: true }
      : { daysOfWeek: s.daysOfWeek, availableStartTime: s.start, availableEndTime: s.end },
  );
