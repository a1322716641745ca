import { isOpenEvening, isOpenWeekend, weekdaySummary } from '../../domain/clinics/clinic-hours';
import { CLINIC_TYPES, DemoClinicType, SPECIALTIES } from './catalogues';
import { generateWeeklyHours } from './clinic-hours-templates';
import { isNearTtc, phoneNumber, pointIn, postalCode, streetAddress } from './clinic-sites';
import { DEMO_SOURCE, ClinicRow } from './demo-dataset';
import { AREA_CODES, GTA_PLACES, GtaPlace } from './gta-places';
import { SeededRandom, weightedTable } from './seeded-random';

/** A clinic before doctors are placed: the name, website, notes and links come later. */
export interface ClinicDraft {
  readonly row: ClinicRow;
  readonly place: GtaPlace;
  readonly street: string;
  /** Relative pull on extra doctors once every clinic of its type has one. */
  readonly capacity: number;
}

/** Average doctors per clinic of each type: hospitals and CHCs are large, walk-ins small. */
const AVERAGE_SIZE: Record<DemoClinicType, number> = {
  'family-practice': 3.2,
  'walk-in': 2.5,
  'specialist-clinic': 4.5,
  'community-health-centre': 6,
  'hospital-outpatient': 12,
  'virtual-care': 5,
};

// prettier-ignore
const TRAITS: Record<DemoClinicType, { accepting: number; wheelchair: number; virtual: number }> = {
  'family-practice': { accepting: 0.22, wheelchair: 0.75, virtual: 0.55 },
  'walk-in': { accepting: 0.35, wheelchair: 0.8, virtual: 0.35 },
  'specialist-clinic': { accepting: 0.45, wheelchair: 0.85, virtual: 0.35 },
  'community-health-centre': { accepting: 0.3, wheelchair: 0.95, virtual: 0.5 },
  'hospital-outpatient': { accepting: 0.4, wheelchair: 1, virtual: 0.3 },
  'virtual-care': { accepting: 0.5, wheelchair: 0.7, virtual: 1 },
};

const DAY_S = 86_400;

/**
 * How many clinics of each type, so that each type has room for the doctors whose specialties
 * practise there (specialty weights x affinities / average size), scaled to `count` by largest
 * remainders.
 */
export function planClinicTypes(count: number): Record<DemoClinicType, number> {
  const want = CLINIC_TYPES.map((type, t) => {
    let doctors = 0;
    for (const s of SPECIALTIES) {
      const sum = s.affinity.reduce((a, b) => a + b, 0);
      doctors += (s.weight * s.affinity[t]) / sum;
    }
    return doctors / AVERAGE_SIZE[type];
  });
  const total = want.reduce((a, b) => a + b, 0);
  const exact = want.map((x) => (x / total) * count);
  const counts = exact.map(Math.floor);
  let left = count - counts.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((x, i) => [x - Math.floor(x), i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of byRemainder) {
    if (left-- <= 0) break;
    counts[i]++;
  }
  return Object.fromEntries(CLINIC_TYPES.map((t, i) => [t, counts[i]])) as Record<
    DemoClinicType,
    number
  >;
}

/** `count` clinics spread over the GTA's places by weight, with hours and flags per type. */
export function generateClinicDrafts(rng: SeededRandom, count: number, now: Date): ClinicDraft[] {
  const plan = planClinicTypes(count);
  const types = rng.shuffle(CLINIC_TYPES.flatMap((t) => Array<DemoClinicType>(plan[t]).fill(t)));
  const places = weightedTable(GTA_PLACES, (p) => p.weight);
  const areaCodes = {
    toronto: weightedTable(AREA_CODES.toronto, (a) => a.weight),
    belt905: weightedTable(AREA_CODES.belt905, (a) => a.weight),
  };
  return types.map((type) => {
    const id = rng.uuid();
    const place = rng.weightedPick(places);
    const { lat, lng } = pointIn(rng, place);
    const street = rng.pick(place.streets);
    const hours = generateWeeklyHours(rng, type);
    const traits = TRAITS[type];
    const row: ClinicRow = {
      id,
      name: '',
      street_address: streetAddress(rng, place, street),
      city: place.city,
      neighbourhood: place.neighbourhood === place.city ? null : place.neighbourhood,
      postal_code: postalCode(rng, place),
      lat,
      lng,
      phone: phoneNumber(rng, rng.weightedPick(areaCodes[place.phoneRegion]).code),
      website: null,
      type,
      hours,
      weekday_hours: weekdaySummary(hours),
      evening: isOpenEvening(hours),
      weekend: isOpenWeekend(hours),
      wheelchair: rng.chance(traits.wheelchair),
      virtual_visits: rng.chance(traits.virtual),
      near_ttc: isNearTtc(lat, lng),
      accepting_new_patients: rng.chance(traits.accepting),
      // Graded, with the holiday policy, from a stream of their own (clinic-schedules.ts).
      accepting_status: 'unknown',
      availability_checked_at: checkedAt(rng, now),
      notes: null,
      links: [],
      source: DEMO_SOURCE,
      holiday_policy: 'closed',
      holiday_ranges: null,
    };
    // Log-normal pull around the type's average, so a few clinics grow large.
    const capacity = AVERAGE_SIZE[type] * Math.exp(rng.gaussian() * 0.6);
    return { row, place, street, capacity };
  });
}

/**
 * When the availability was last checked: 55% within the last 29 days (fresh), 30% between
 * 31 days and 18 months (stale), 15% never (unknown). The day either side of the 30-day
 * threshold is left empty so the shares hold whatever the exact cut-off arithmetic. A clinic
 * drawn "never" whose graded status is not `unknown` gets a date later (clinic-schedules.ts,
 * issue 48), so about 2% stay never checked.
 */
function checkedAt(rng: SeededRandom, now: Date): Date | null {
  const r = rng.next();
  const secondsAgo = rng.int(0, 29 * DAY_S);
  if (r < 0.55) return new Date(now.getTime() - secondsAgo * 1000);
  if (r < 0.85) return new Date(now.getTime() - (31 * DAY_S + secondsAgo * 17) * 1000);
  return null;
}
