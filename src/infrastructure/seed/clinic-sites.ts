import { haversineMetres } from '../../domain/geo/haversine';
import { GTA_BOUNDS, GtaPlace, lakeShoreLat, SUBWAY_CITIES } from './gta-places';
import { SeededRandom } from './seeded-random';
import { isNearTtc, TTC_SUBWAY_STATIONS } from '../../domain/geo/ttc-subway-stations';

const METRES_PER_DEGREE_LAT = 111_195;
/** Keep clinics ~150 m inland of the shore polyline, which is itself approximate. */
const SHORE_MARGIN_DEG = 0.0015;
/** Letters Canada Post uses in postal codes (never D, F, I, O, Q or U). */
const POSTAL_LETTERS = 'ABCEGHJKLMNPRSTVWXYZ';

/** Distance in metres from a point to the nearest subway station. */
export function nearestStationMetres(lat: number, lng: number): number {
  let best = Infinity;
  for (const s of TTC_SUBWAY_STATIONS) {
    // The latitude gap alone is a lower bound of the distance: skip stations that cannot win.
    if (Math.abs(s.lat - lat) * 111_000 > best) continue;
    const d = haversineMetres(lat, lng, s.lat, s.lng);
    if (d < best) best = d;
  }
  return best;
}

export { isNearTtc };

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

function acceptable(place: GtaPlace, lat: number, lng: number): boolean {
  if (lat < GTA_BOUNDS.minLat || lat > GTA_BOUNDS.maxLat) return false;
  if (lng < GTA_BOUNDS.minLng || lng > GTA_BOUNDS.maxLng) return false;
  if (lat < lakeShoreLat(lng) + SHORE_MARGIN_DEG) return false;
  // The subway only serves Toronto and Vaughan: a Markham clinic must not count as near it.
  return SUBWAY_CITIES.has(place.city) || !isNearTtc(lat, lng);
}

/**
 * A point around the place's centre, denser near it (a normal spread truncated at the radius),
 * on land, and rounded to 6 decimals (~0.1 m) so that stored values give back the same
 * near-TTC answer.
 */
export function pointIn(rng: SeededRandom, place: GtaPlace): { lat: number; lng: number } {
  const sigma = place.radiusM / 2;
  const cosLat = Math.cos((place.lat * Math.PI) / 180);
  for (let attempt = 0; attempt < 100; attempt++) {
    const dx = rng.gaussian() * sigma;
    const dy = rng.gaussian() * sigma;
    if (dx * dx + dy * dy > place.radiusM * place.radiusM) continue;
    const lat = round6(place.lat + dy / METRES_PER_DEGREE_LAT);
    const lng = round6(place.lng + dx / (METRES_PER_DEGREE_LAT * cosLat));
    if (acceptable(place, lat, lng)) return { lat, lng };
  }
  return { lat: place.lat, lng: place.lng };
}

/** Whether a place's centre itself passes the checks (used by the tests of the reference data). */
export function isAcceptableCentre(place: GtaPlace): boolean {
  return acceptable(place, place.lat, place.lng);
}

export function postalCode(rng: SeededRandom, place: GtaPlace): string {
  const letter = () => POSTAL_LETTERS[rng.int(0, POSTAL_LETTERS.length - 1)];
  return `${rng.pick(place.fsas)} ${rng.int(0, 9)}${letter()}${rng.int(0, 9)}`;
}

/** "2300 Yonge Street, Suite 604"; 905 plazas use units. Numbers lean small, as on real streets. */
export function streetAddress(rng: SeededRandom, place: GtaPlace, street: string): string {
  const number = Math.floor(Math.exp(rng.float(0, Math.log(3500)))) + 1;
  if (!rng.chance(0.45)) return `${number} ${street}`;
  if (place.phoneRegion === 'belt905' && rng.chance(0.6)) {
    return `${number} ${street}, Unit ${rng.int(1, 40)}`;
  }
  return `${number} ${street}, Suite ${rng.int(1, 12)}${String(rng.int(1, 20)).padStart(2, '0')}`;
}

/**
 * "(416) 555-0123": the one phone format of the dataset. Only 555-0100 to 555-0199 are
 * reserved for fiction in North America, so no real line is ever printed; numbers repeat.
 */
export function phoneNumber(rng: SeededRandom, areaCode: string): string {
  return `(${areaCode}) 555-01${String(rng.int(0, 99)).padStart(2, '0')}`;
}
