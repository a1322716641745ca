import { ACCEPTING_STATUSES } from '../../src/domain/clinics/accepting-status';
import { GENDERS } from '../../src/domain/directory/criteria';
import { MAX_RADIUS_KM } from '../../src/domain/geo/location';
import { TTC_SUBWAY_STATIONS } from '../../src/domain/geo/ttc-subway-stations';
import { SortKey } from '../../src/domain/shared/page';
import { SeededRandom } from '../../src/infrastructure/seed/seeded-random';
import { Query, QueryValue } from './endpoints';
import { nextTorontoWeekday } from './hours-cases';

/**
 * Random cases (issue 32, item 1): URLs drawn from a seed over every documented filter of each
 * list, so that `npm run bench` and `npm run plans` measure questions the fixed lists do not ask.
 * One to four filters with any value the metadata lists (both values of each boolean), with and
 * without a point (random coordinates in the GTA or a TTC station by name) and a radius, first
 * pages and deep pages (by offset, and by a cursor the service would have given), and name
 * fragments of two to five letters (prefixes and inner substrings of real names) and CPSO
 * numbers for /doctors/search. The same seed on the same data draws the same URLs.
 */

/** The lists the random cases read. */
export type RandomList = 'doctors' | 'search' | 'clinics' | 'specialists';

export type PageKind = 'first' | 'offset' | 'cursor';

/** One drawn request. */
export interface RandomCase {
  /** Its class (one of RANDOM_CLASSES' names). */
  readonly class: string;
  readonly list: RandomList;
  /** The query, paging included (offset, limit; cursor once resolved). */
  readonly query: Query;
  readonly page: PageKind;
  /** The page size the service reads (25 unless drawn). */
  readonly limit: number;
  /** Keyset paging: the cursor's last key (cursor pages only). */
  readonly after?: SortKey;
  /** The URL under /api/v1. */
  readonly path: string;
}

export interface RandomClass {
  readonly name: string;
  readonly cases: readonly RandomCase[];
}

/** What the generator draws from, read from the directory. */
export interface RandomPools {
  /** Every specialty and language name the metadata lists (GET /metadata/...). */
  readonly specialties: readonly string[];
  readonly languages: readonly string[];
  /** Real doctors' names and CPSO numbers (a sample that depends on the seed). */
  readonly names: readonly string[];
  readonly cpsos: readonly string[];
}

const DEFAULT_LIMIT = 25;
/** The GTA, Mississauga and Brampton to Pickering, the lake shore to Richmond Hill. */
const GTA = { lat: [43.58, 43.86], lng: [-79.64, -79.15] } as const;
const RADII = [0.5, 1, 2, 3, 5, 10, 25, 50, MAX_RADIUS_KM];
const LIMITS = [10, 50, 100];
const BOOLEAN_FILTERS = [
  'accepting',
  'evening',
  'weekend',
  'wheelchair',
  'virtualVisits',
  'nearTTC',
] as const;
const FILTERS = [
  'specialty',
  'languages',
  'acceptingStatus',
  'gender',
  'years',
  'opening',
  ...BOOLEAN_FILTERS,
] as const;
type Filter = (typeof FILTERS)[number] | 'hasWebsite';

interface ClassShape {
  readonly name: string;
  readonly list: RandomList;
  /** How many filters (inclusive range). */
  readonly filters: readonly [number, number];
  /** Chance of a point (1: always). */
  readonly point: number;
  /** The `q` of a search (issue 50's classes: a name as people type it). */
  readonly q?: 'prefix' | 'inner' | 'cpso' | NameQueryKind;
}

/** The classes, in report order. */
export const RANDOM_CLASSES: readonly ClassShape[] = [
  { name: 'doctors filters', list: 'doctors', filters: [1, 4], point: 0 },
  { name: 'doctors filters near a point', list: 'doctors', filters: [1, 3], point: 1 },
  { name: 'search fragment prefix', list: 'search', filters: [0, 2], point: 0.25, q: 'prefix' },
  { name: 'search fragment inner', list: 'search', filters: [0, 2], point: 0.25, q: 'inner' },
  { name: 'search CPSO', list: 'search', filters: [0, 1], point: 0.2, q: 'cpso' },
  { name: 'search name unaccented', list: 'search', filters: [0, 1], point: 0.2, q: 'unaccented' },
  { name: 'search name one typo', list: 'search', filters: [0, 1], point: 0.2, q: 'typo1' },
  { name: 'search name two typos', list: 'search', filters: [0, 1], point: 0.2, q: 'typo2' },
  { name: 'search name reversed', list: 'search', filters: [0, 1], point: 0.2, q: 'reversed' },
  { name: 'search two word starts', list: 'search', filters: [0, 1], point: 0.2, q: 'starts' },
  { name: 'search CPSO spaced', list: 'search', filters: [0, 0], point: 0, q: 'cpso-spaced' },
  { name: 'clinics filters', list: 'clinics', filters: [1, 4], point: 0 },
  { name: 'clinics near a point with filters', list: 'clinics', filters: [1, 3], point: 1 },
  { name: 'specialists with filters', list: 'specialists', filters: [0, 3], point: 0.5 },
];

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

/** Letter runs of a name ("Jean-Luc O'Brien": Jean, Luc, O, Brien). */
function words(name: string): string[] {
  return name.split(/[^\p{L}]+/u).filter(Boolean);
}

function fragment(rng: SeededRandom, pools: RandomPools, inner: boolean): string {
  const minLength = inner ? 3 : 2; // an inner substring needs a letter before it
  const candidates = pools.names.flatMap(words).filter((w) => w.length >= minLength);
  if (candidates.length === 0) throw new Error('no names to draw fragments from');
  const word = rng.pick(candidates);
  const maxLength = Math.min(5, inner ? word.length - 1 : word.length);
  const length = rng.int(2, maxLength);
  const start = inner ? rng.int(1, word.length - length) : 0;
  const text = word.slice(start, start + length);
  return rng.chance(0.7) ? text.toLowerCase() : text;
}

/** Issue 50's classes: a real name as people type it. */
export type NameQueryKind =
  'unaccented' | 'typo1' | 'typo2' | 'reversed' | 'starts' | 'cpso-spaced';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Marks dropped and the letters that do not decompose spelt out, as an English keyboard types. */
function plain(name: string): string {
  const spelt: Record<string, string> = {
    ł: 'l',
    Ł: 'L',
    ø: 'o',
    Ø: 'O',
    ß: 'ss',
    đ: 'd',
    Đ: 'D',
    æ: 'ae',
    œ: 'oe',
  };
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[łŁøØßđĐæœ]/g, (c) => spelt[c]);
}

/** `w` with one edit at `at` (a substitution, a deletion when long enough, or a swap). */
function typo(rng: SeededRandom, w: string, at: number, minLength: number): string {
  const kind = rng.int(0, w.length - 1 >= minLength ? 2 : 1);
  if (kind === 0) {
    const c = rng.pick([...LETTERS].filter((x) => x !== w[at].toLowerCase()));
    return w.slice(0, at) + c + w.slice(at + 1);
  }
  if (kind === 1 && at + 1 < w.length && w[at] !== w[at + 1])
    return w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2);
  if (kind === 1) return w.slice(0, at) + (w[at] === 'a' ? 'e' : 'a') + w.slice(at + 1);
  return w.slice(0, at) + w.slice(at + 1);
}

/** A real name as people type it (issue 50). */
function nameQuery(rng: SeededRandom, pools: RandomPools, kind: NameQueryKind): string {
  if (kind === 'cpso-spaced') {
    const c = rng.pick(pools.cpsos);
    const cut = rng.int(1, c.length - 1);
    return `${rng.pick(['', 'CPSO ', '#'])}${c.slice(0, cut)}${rng.pick([' ', '-'])}${c.slice(cut)}`;
  }
  const accented = pools.names.filter((n) => plain(n) !== n);
  for (let tries = 0; tries < 200; tries++) {
    const name =
      kind === 'unaccented' && accented.length && rng.chance(0.8)
        ? rng.pick(accented)
        : rng.pick(pools.names);
    const ws = plain(name)
      .split(/[\s-]+/)
      .filter(Boolean);
    if (ws.length < 2) continue;
    if (kind === 'unaccented') return ws.join(' ');
    if (kind === 'reversed') return [ws[ws.length - 1], ...ws.slice(1, -1), ws[0]].join(' ');
    if (kind === 'starts')
      return [ws[0], ws[ws.length - 1]]
        .map((w) => w.slice(0, rng.int(Math.min(2, w.length), Math.max(2, Math.min(4, w.length)))))
        .join(' ');
    const [lo, hi] = kind === 'typo1' ? [5, 8] : [9, 99];
    const fits = ws
      .map((w, i) => [w, i] as const)
      .filter(([w]) => /^[a-z]+$/i.test(w) && w.length >= lo && w.length <= hi);
    if (fits.length === 0) continue;
    const [w, i] = rng.pick(fits);
    let t = typo(rng, w, rng.int(0, Math.floor(w.length / 2) - 1), lo);
    // The second edit far from the first (edits that overlap can count as three).
    if (kind === 'typo2') t = typo(rng, t, rng.int(Math.floor(w.length / 2) + 1, t.length - 1), lo);
    return ws.map((x, j) => (j === i ? t : x)).join(' ');
  }
  throw new Error(`no name fits ${kind}`);
}

function names(rng: SeededRandom, from: readonly string[], max: number): string {
  return rng
    .shuffle(from)
    .slice(0, rng.int(1, Math.min(max, from.length)))
    .join(',');
}

function drawFilter(rng: SeededRandom, pools: RandomPools, f: Filter): Record<string, QueryValue> {
  switch (f) {
    case 'specialty':
      return rng.chance(0.5)
        ? { specialty: rng.pick(pools.specialties) }
        : { specialties: names(rng, pools.specialties, 2) };
    case 'languages':
      return { languages: names(rng, pools.languages, 2) };
    case 'acceptingStatus':
      return { acceptingStatus: names(rng, ACCEPTING_STATUSES, 3) };
    case 'gender':
      return { gender: rng.pick(GENDERS) };
    case 'years': {
      const a = rng.int(0, 60);
      const b = rng.int(0, 60);
      const which = rng.int(0, 2);
      if (which === 0) return { minYears: a };
      if (which === 1) return { maxYears: a };
      return { minYears: Math.min(a, b), maxYears: Math.max(a, b) };
    }
    case 'opening': {
      if (rng.chance(0.4)) return { openNow: true }; // openNow takes only true
      const hhmm = `${String(rng.int(0, 23)).padStart(2, '0')}:${rng.pick(['00', '15', '30', '45'])}`;
      return { openAt: nextTorontoWeekday(rng.int(0, 6), hhmm) };
    }
    default:
      return { [f]: rng.chance(0.5) };
  }
}

function drawPoint(rng: SeededRandom): Record<string, QueryValue> {
  const at: Record<string, QueryValue> = rng.chance(0.6)
    ? {
        lat: round4(rng.float(GTA.lat[0], GTA.lat[1])),
        lng: round4(rng.float(GTA.lng[0], GTA.lng[1])),
      }
    : { near: rng.pick(TTC_SUBWAY_STATIONS).name };
  return rng.chance(0.5) ? { ...at, radiusKm: rng.pick(RADII) } : at;
}

/** Deep pages: log-uniform from 25 to 5,000 rows in. */
function deepRow(rng: SeededRandom): number {
  return Math.round(25 * Math.exp(rng.next() * Math.log(200)));
}

function drawCase(rng: SeededRandom, pools: RandomPools, shape: ClassShape): RandomCase {
  const q: Record<string, QueryValue> = {};
  if (shape.list === 'specialists') q.specialty = rng.pick(pools.specialties);
  if (shape.q === 'cpso') q.q = rng.pick(pools.cpsos);
  else if (shape.q === 'prefix' || shape.q === 'inner')
    q.q = fragment(rng, pools, shape.q === 'inner');
  else if (shape.q) q.q = nameQuery(rng, pools, shape.q);
  const kinds: Filter[] = FILTERS.filter(
    (f) => !(shape.list === 'specialists' && f === 'specialty'),
  );
  if (shape.list === 'clinics') kinds.push('hasWebsite');
  const n = rng.int(shape.filters[0], shape.filters[1]);
  for (const f of rng.shuffle(kinds).slice(0, n)) Object.assign(q, drawFilter(rng, pools, f));
  if (rng.chance(shape.point)) Object.assign(q, drawPoint(rng));
  const limit = rng.chance(0.7) ? DEFAULT_LIMIT : rng.pick(LIMITS);
  if (limit !== DEFAULT_LIMIT) q.limit = limit;
  const r = rng.next();
  // A CPSO number matches one doctor: its search has no second page.
  const one = shape.q === 'cpso' || shape.q === 'cpso-spaced';
  const page: PageKind = one || r < 0.55 ? 'first' : r < 0.8 ? 'offset' : 'cursor';
  // A cursor case carries, until resolved, the row its page is drawn at.
  if (page !== 'first') q.offset = rng.chance(0.3) ? limit : deepRow(rng);
  return {
    class: shape.name,
    list: shape.list,
    query: q,
    page,
    limit,
    path: pathOf(shape.list, q),
  };
}

/** Draws `perClass` cases of every class from `seed` (deterministic: no clock but openAt's week). */
export function drawFromPools(pools: RandomPools, seed: number, perClass: number): RandomClass[] {
  const root = new SeededRandom(seed);
  return RANDOM_CLASSES.map((shape) => {
    const rng = root.derive(shape.name);
    return {
      name: shape.name,
      cases: Array.from({ length: perClass }, () => drawCase(rng, pools, shape)),
    };
  });
}

const BASE: Record<RandomList, string> = {
  doctors: '/doctors',
  search: '/doctors/search',
  clinics: '/clinics',
  specialists: '/specialists',
};

/** The URL under /api/v1 of `q` on `list`. */
export function pathOf(list: RandomList, q: Query): string {
  const qs = new URLSearchParams(
    Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return qs ? `${BASE[list]}?${qs}` : BASE[list];
}
