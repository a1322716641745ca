import {
  DAY_MS,
  formatToronto,
  wallDay,
  wallMs,
} from '../../src/domain/clinics/hours/toronto-time';
import { Endpoint, Query, request, Samples } from './endpoints';
import { PlanCase } from './plan-cases';

/**
 * Bench and plan cases of issue 33 (hours, holidays, open-now and graded accepting status):
 * openNow doctors near a point with a language, openAt Saturday clinics within a radius,
 * acceptingStatus lists, alone and with the other filters. Every openAt is drawn relative to
 * the run's clock, so it is always inside the 60-day window the API accepts.
 */

/** `YYYY-MM-DDTHH:MM` (Toronto wall clock) of the next `weekday` (0 = Sunday … 6) at `hh:mm`. */
export function nextTorontoWeekday(weekday: number, hhmm: string, now = Date.now()): string {
  const today = wallDay(wallMs(now));
  for (let d = today + 1; d <= today + 7; d++) {
    if (new Date(d * DAY_MS).getUTCDay() === weekday)
      return `${new Date(d * DAY_MS).toISOString().slice(0, 10)}T${hhmm}`;
  }
  throw new Error('unreachable');
}

/** The next Boxing Day at 10:00 when it is within 60 days, else the next Monday at 10:00. */
export function holidayMorning(now = Date.now()): string {
  const year = Number(formatToronto(now).slice(0, 4));
  for (const y of [year, year + 1]) {
    const at = Date.UTC(y, 11, 26, 15);
    if (at > now && at - now < 59 * DAY_MS) return `${y}-12-26T10:00`;
  }
  return nextTorontoWeekday(1, '10:00', now);
}

const STATUS_LISTS = [
  'accepting',
  'existing-patients-family',
  'existing-patients-only,existing-patients-family',
  'accepting,existing-patients-family',
  'not-accepting,unknown',
];

export function hoursPlanCases(s: Samples): PlanCase[] {
  const lang = s.languages.includes('Punjabi') ? 'Punjabi' : s.languages[0];
  const spec = s.specialties.includes('Cardiology') ? 'Cardiology' : s.specialties[1];
  const [p1, p2] = s.points;
  const saturday = nextTorontoWeekday(6, '10:00');
  const sundayNight = nextTorontoWeekday(0, '23:30');
  const holiday = holidayMorning();
  const at = (p: { lat: number; lng: number }) => ({ lat: p.lat, lng: p.lng });
  const list = (name: string, target: PlanCase['target']): PlanCase => ({
    name,
    kind: 'list',
    target,
  });
  const doctorCases: [string, Query][] = [
    ['openNow=true', { openNow: true }],
    [`openAt=${saturday}`, { openAt: saturday }],
    [`openAt=${sundayNight} (few open)`, { openAt: sundayNight }],
    [`openAt=${holiday}`, { openAt: holiday }],
    ...STATUS_LISTS.map((l): [string, Query] => [`acceptingStatus=${l}`, { acceptingStatus: l }]),
    [
      `openNow=true&languages=${lang}&acceptingStatus=accepting,existing-patients-family`,
      { openNow: true, languages: lang, acceptingStatus: 'accepting,existing-patients-family' },
    ],
  ];
  return [
    ...doctorCases.map(([n, q]) => list(`/doctors ${n}`, request.doctors(q))),
    ...doctorCases.map(([n, q]) =>
      list(`/doctors near ${n}`, request.doctors({ ...at(p1), ...q })),
    ),
    list(
      `/doctors near radiusKm=5 openAt=${holiday}&acceptingStatus=accepting,existing-patients-family`,
      request.doctors({
        ...at(p1),
        radiusKm: 5,
        openAt: holiday,
        acceptingStatus: 'accepting,existing-patients-family',
      }),
    ),
    list(
      `/doctors/search q=${s.prefixes3[0]}&openNow=true`,
      request.search({ q: s.prefixes3[0], openNow: true }),
    ),
    list(
      `/doctors/search q=${s.prefixes2[0]}&acceptingStatus=existing-patients-family`,
      request.search({ q: s.prefixes2[0], acceptingStatus: 'existing-patients-family' }),
    ),
    list(`/clinics openNow=true`, request.clinics({ openNow: true })),
    list(`/clinics openAt=${saturday}`, request.clinics({ openAt: saturday })),
    list(
      `/clinics near radiusKm=5 openAt=${saturday}`,
      request.clinics({ ...at(p1), radiusKm: 5, openAt: saturday }),
    ),
    list(
      `/clinics acceptingStatus=existing-patients-family`,
      request.clinics({ acceptingStatus: 'existing-patients-family' }),
    ),
    list(
      `/specialists specialty=${spec}&openNow=true`,
      request.specialists({ specialty: spec, openNow: true }),
    ),
    list(
      `/specialists specialty=${spec} near radiusKm=10 openAt=${saturday}`,
      request.specialists({ specialty: spec, ...at(p2), radiusKm: 10, openAt: saturday }),
    ),
    list(
      `/specialists specialty=${spec}&acceptingStatus=accepting,existing-patients-family`,
      request.specialists({
        specialty: spec,
        acceptingStatus: 'accepting,existing-patients-family',
      }),
    ),
  ];
}

/** The bench rows of issue 33 (item 6): 40 URLs each, rotated over points and values. */
export function hoursEndpoints(s: Samples): Endpoint[] {
  const saturday = nextTorontoWeekday(6, '10:00');
  const langs = s.languages.slice(0, 8);
  const points = s.points.slice(0, 40);
  return [
    {
      name: 'doctors openNow near+language',
      kind: 'list',
      targets: points.map((p, i) =>
        request.doctors({
          lat: p.lat,
          lng: p.lng,
          openNow: true,
          languages: langs[i % langs.length],
        }),
      ),
    },
    {
      name: 'clinics openAt Saturday within 5 km',
      kind: 'list',
      targets: points.map((p) =>
        request.clinics({ lat: p.lat, lng: p.lng, radiusKm: 5, openAt: saturday }),
      ),
    },
    {
      name: 'doctors acceptingStatus',
      kind: 'list',
      targets: points.map((_, i) =>
        request.doctors({
          acceptingStatus: STATUS_LISTS[i % STATUS_LISTS.length],
          ...(i % 3 === 0 ? { languages: langs[i % langs.length] } : {}),
        }),
      ),
    },
    {
      name: 'clinics+specialists acceptingStatus',
      kind: 'list',
      targets: points.map((p, i) =>
        i % 2
          ? request.clinics({ acceptingStatus: STATUS_LISTS[i % STATUS_LISTS.length] })
          : request.specialists({
              specialty: s.specialties[i % Math.min(10, s.specialties.length)],
              acceptingStatus: STATUS_LISTS[i % STATUS_LISTS.length],
              lat: p.lat,
              lng: p.lng,
            }),
      ),
    },
  ];
}
