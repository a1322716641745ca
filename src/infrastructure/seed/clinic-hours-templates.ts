import { DayHours, WeeklyHours, WORKING_DAYS } from '../../domain/clinics/clinic-hours';
import { DemoClinicType } from './catalogues';
import { SeededRandom, weightedTable, WeightedTable } from './seeded-random';

type Span = readonly [string, string];

type Row = readonly [Span, number];

const table = (rows: Row[]): WeightedTable<Row> => weightedTable(rows, (r) => r[1]);

/** Weekday spans seen in Ontario practices, with how common each is per clinic type. */
// prettier-ignore
const WEEKDAY_SPANS: Record<DemoClinicType, WeightedTable<Row>> = {
  'family-practice': table([
    [['09:00', '17:00'], 35], [['08:30', '16:30'], 15], [['09:00', '16:00'], 10],
    [['08:00', '16:00'], 10], [['08:30', '17:00'], 15], [['09:00', '17:30'], 10], [['10:00', '18:00'], 5],
  ]),
  'walk-in': table([
    [['09:00', '20:00'], 30], [['08:00', '20:00'], 20], [['09:00', '21:00'], 15],
    [['10:00', '19:00'], 15], [['09:00', '17:00'], 10], [['08:00', '22:00'], 10],
  ]),
  'specialist-clinic': table([
    [['09:00', '17:00'], 30], [['08:00', '16:00'], 25], [['08:30', '16:30'], 25],
    [['07:30', '15:30'], 10], [['09:00', '16:00'], 10],
  ]),
  'community-health-centre': table([
    [['09:00', '17:00'], 50], [['08:30', '16:30'], 30], [['09:00', '16:30'], 20],
  ]),
  'hospital-outpatient': table([
    [['08:00', '16:00'], 50], [['07:30', '15:30'], 20], [['08:00', '16:30'], 30],
  ]),
  'virtual-care': table([
    [['08:00', '22:00'], 50], [['07:00', '23:00'], 20], [['09:00', '21:00'], 30],
  ]),
};

/** Chances of evening, Saturday, Sunday and a closed weekday, per type. */
const PATTERN: Record<
  DemoClinicType,
  { evening: number; sat: number; sun: number; closedDay: number }
> = {
  'family-practice': { evening: 0.35, sat: 0.18, sun: 0.03, closedDay: 0.12 },
  'walk-in': { evening: 0, sat: 0.85, sun: 0.7, closedDay: 0.02 },
  'specialist-clinic': { evening: 0.08, sat: 0.05, sun: 0, closedDay: 0.17 },
  'community-health-centre': { evening: 0.6, sat: 0.25, sun: 0, closedDay: 0.03 },
  'hospital-outpatient': { evening: 0.1, sat: 0.05, sun: 0, closedDay: 0.02 },
  'virtual-care': { evening: 0, sat: 0.95, sun: 0.9, closedDay: 0 },
};

// prettier-ignore
const SATURDAY = table([[['09:00', '12:00'], 30], [['09:00', '13:00'], 25], [['10:00', '14:00'], 25], [['10:00', '16:00'], 20]]);
// prettier-ignore
const SUNDAY = table([[['10:00', '14:00'], 40], [['10:00', '16:00'], 30], [['11:00', '15:00'], 30]]);
const EVENING_CLOSE = ['19:00', '20:00', '20:00', '21:00'];
// prettier-ignore
const EVENING_DAYS: readonly (readonly ('mon' | 'tue' | 'wed' | 'thu')[])[] = [['tue'], ['thu'], ['tue', 'thu'], ['mon', 'wed'], ['wed']];

const day = ([open, close]: Span): DayHours => ({ open, close });

/**
 * Weekly hours for a clinic of a type: one usual weekday span, then by chance one or two
 * evenings, Saturday and Sunday hours, and a closed weekday (Wednesday or Friday, as many
 * part-time practices do). Walk-in and virtual clinics open long hours, most on weekends.
 * Every clinic opens at least one weekday, so the weekday summary always has the H:MM-HH:MM form.
 */
export function generateWeeklyHours(rng: SeededRandom, type: DemoClinicType): WeeklyHours {
  const usual = rng.weightedPick(WEEKDAY_SPANS[type])[0];
  const p = PATTERN[type];
  const h: WeeklyHours = {
    mon: null,
    tue: null,
    wed: null,
    thu: null,
    fri: null,
    sat: null,
    sun: null,
  };
  for (const d of WORKING_DAYS) h[d] = day(usual);
  const eveningDays = rng.chance(p.evening) ? rng.pick(EVENING_DAYS) : [];
  if (eveningDays.length > 0) {
    const close = rng.pick(EVENING_CLOSE);
    // A late day often starts later too, so the doctor's day stays the same length.
    const open = rng.chance(0.4) ? '12:00' : usual[0];
    for (const d of eveningDays) h[d] = day([open, close]);
  }
  if (rng.chance(p.closedDay)) h[rng.chance(0.6) ? 'fri' : 'wed'] = null;
  if (h.wed === null && eveningDays.includes('wed')) h.wed = day(usual);
  if (rng.chance(p.sat))
    h.sat = type === 'virtual-care' ? day(usual) : day(rng.weightedPick(SATURDAY)[0]);
  if (rng.chance(p.sun))
    h.sun = type === 'virtual-care' ? day(usual) : day(rng.weightedPick(SUNDAY)[0]);
  return h;
}
