import { AcceptingStatus } from '../../../domain/clinics/accepting-status';

const WEEKDAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** `2026-11-23T13:00:00-05:00` as `Mon 2026-11-23 13:00` (the Toronto wall clock it carries). */
export function torontoWhen(iso: string): string {
  const date = iso.slice(0, 10);
  const [y, m, d] = date.split('-').map(Number);
  return `${WEEKDAY[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]} ${date} ${iso.slice(11, 16)}`;
}

/** A clinic's open-now state for a tool's text: "open now", "closed now", "hours unknown". */
export function openNowText(openNow: boolean | null): string {
  return openNow === null ? 'hours unknown' : openNow ? 'open now' : 'closed now';
}

/**
 * The sentence a tool gives about when a clinic is open: now, when it closes, and when it opens
 * next (nextOpen, Toronto time, within 7 days).
 */
export function openingText(a: {
  openNow: boolean | null;
  nextOpen: string | null;
  nextClose: string | null;
}): string {
  if (a.openNow === null) return 'Opening hours unknown: phone to check.';
  const parts = [a.openNow ? 'Open now' : 'Closed now'];
  if (a.openNow && a.nextClose) parts.push(`closes ${torontoWhen(a.nextClose)}`);
  parts.push(
    a.nextOpen
      ? `next opens ${torontoWhen(a.nextOpen)} (Toronto time)`
      : 'does not open in the next 7 days',
  );
  return `${parts.join('; ')}.`;
}

/** The graded status in words (its Plan-Net meaning). */
export function acceptingStatusText(s: AcceptingStatus): string {
  switch (s) {
    case 'accepting':
      return 'accepting new patients';
    case 'existing-patients-only':
      return 'existing patients only';
    case 'existing-patients-family':
      return 'existing patients and their families only';
    case 'not-accepting':
      return 'not accepting patients';
    default:
      return 'accepting status unknown';
  }
}
