import { GeoPoint } from '../directory/criteria';
import { PlaceKind } from './gta-places';
import { SubwayStation, TTC_SUBWAY_STATIONS } from './ttc-subway-stations';

/** `radiusKm` bounds (issue 12): greater than 0, at most 100. */
export const MAX_RADIUS_KM = 100;

/**
 * The sphere of PostgreSQL's earthdistance (`earth()`, 6,378,168 m), on which radius filters are
 * computed: distances shown to clients use the same one, so an item shown within `radiusKm`
 * never says it is farther.
 */
export const EARTHDISTANCE_RADIUS_METRES = 6_378_168;

const RAD = Math.PI / 180;

/** Great-circle distance in km from `from` to (lat, lng), rounded to one decimal. */
export function distanceKm(from: GeoPoint, lat: number, lng: number): number {
  const dLat = (lat - from.lat) * RAD;
  const dLng = (lng - from.lng) * RAD;
  const s =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(from.lat * RAD) * Math.cos(lat * RAD) * Math.sin(dLng / 2) ** 2;
  const metres = 2 * EARTHDISTANCE_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(s)));
  return Math.round(metres / 100) / 10;
}

/** How a `near` place was understood: a place is one of GTA_PLACES (gta-places.ts). */
export type NearKind = 'postalCode' | 'fsa' | 'station' | 'place';

/** The point a `near` place resolved to, echoed in list envelopes. */
export interface ResolvedNear {
  readonly query: string;
  readonly lat: number;
  readonly lng: number;
  readonly kind: NearKind;
  /**
   * The canonical name understood: always for a place, and for a station only when it was
   * reached another way than its exact name (a misspelling, or its name run together), so that
   * an exact station's answer stays as it was.
   */
  readonly name?: string;
  /** For a place: what it is. */
  readonly category?: PlaceKind;
}

// Canada Post: no D, F, I, O, Q or U anywhere, and no W or Z as the first letter.
const POSTAL = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])(?:[ -]?(\d[ABCEGHJ-NPRSTV-Z]\d))?$/i;

/** A Canadian postal code ("M5S 1M8", "m5s1m8") or its forward sortation area ("M5S"). */
export function parsePostalArea(
  q: string,
): { fsa: string; kind: 'postalCode' | 'fsa' } | undefined {
  const m = POSTAL.exec(q.trim());
  if (!m) return undefined;
  return { fsa: m[1].toUpperCase(), kind: m[2] ? 'postalCode' : 'fsa' };
}

/** Lower case, accents and punctuation gone, dashes as spaces, one space between words. */
function stationKey(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\p{Pd}/]/gu, ' ')
    .replace(/[^a-z0-9 ]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const STATIONS = new Map<string, SubwayStation>(
  TTC_SUBWAY_STATIONS.map((st) => [stationKey(st.name), st]),
);

/** A TTC subway station by name: case-insensitive, with or without "station" ("Finch Station"). */
export function findStation(q: string): SubwayStation | undefined {
  const key = stationKey(q)
    .replace(/ (subway )?station$/, '')
    .replace(/^station /, '');
  return STATIONS.get(key);
}
