import { haversineMetres } from './haversine';
/**
 * Stations of the Toronto Transit Commission subway, with the coordinates of each station
 * (platform centre, WGS 84, 4 decimals). Line 3 (Scarborough RT) closed in 2023 and is left out.
 * Interchange stations appear once, with every line they serve. `nearTTC` of a clinic is
 * derived from this list: within 500 m of any of these points.
 * Coordinates: TTC open data and OpenStreetMap, cross-checked against each other.
 */
export interface SubwayStation {
  readonly name: string;
  readonly lines: readonly (1 | 2 | 4)[];
  readonly lat: number;
  readonly lng: number;
}

/** Distance from a station within which a clinic counts as near the TTC (decisions.md). */
export const NEAR_TTC_METRES = 500;

const s = (name: string, lines: (1 | 2 | 4)[], lat: number, lng: number): SubwayStation => ({
  name,
  lines,
  lat,
  lng,
});

export const TTC_SUBWAY_STATIONS: readonly SubwayStation[] = [
  // Line 1 Yonge–University, from Finch down Yonge, then up University/Spadina to Vaughan.
  s('Finch', [1], 43.7807, -79.4157),
  s('North York Centre', [1], 43.7688, -79.4127),
  s('Sheppard–Yonge', [1, 4], 43.7616, -79.411),
  s('York Mills', [1], 43.745, -79.4053),
  s('Lawrence', [1], 43.7254, -79.4019),
  s('Eglinton', [1], 43.7066, -79.3992),
  s('Davisville', [1], 43.6979, -79.3972),
  s('St. Clair', [1], 43.6877, -79.3931),
  s('Summerhill', [1], 43.6824, -79.391),
  s('Rosedale', [1], 43.677, -79.3888),
  s('Bloor–Yonge', [1, 2], 43.6708, -79.3858),
  s('Wellesley', [1], 43.6653, -79.3836),
  s('College', [1], 43.6613, -79.3829),
  s('TMU', [1], 43.6561, -79.3807), // formerly Dundas
  s('Queen', [1], 43.6524, -79.3793),
  s('King', [1], 43.6491, -79.378),
  s('Union', [1], 43.6455, -79.3806),
  s('St. Andrew', [1], 43.6477, -79.3849),
  s('Osgoode', [1], 43.6508, -79.3867),
  s('St. Patrick', [1], 43.6547, -79.3883),
  s("Queen's Park", [1], 43.6598, -79.3904),
  s('Museum', [1], 43.6672, -79.3935),
  s('St. George', [1, 2], 43.6683, -79.3993),
  s('Spadina', [1, 2], 43.6675, -79.4038),
  s('Dupont', [1], 43.6749, -79.4071),
  s('St. Clair West', [1], 43.6842, -79.4155),
  s('Cedarvale', [1], 43.6991, -79.4361), // formerly Eglinton West
  s('Glencairn', [1], 43.7096, -79.4414),
  s('Lawrence West', [1], 43.716, -79.4442),
  s('Yorkdale', [1], 43.7247, -79.4475),
  s('Wilson', [1], 43.7346, -79.4499),
  s('Sheppard West', [1], 43.7498, -79.4621),
  s('Downsview Park', [1], 43.7536, -79.4788),
  s('Finch West', [1], 43.7651, -79.491),
  s('York University', [1], 43.7739, -79.4998),
  s('Pioneer Village', [1], 43.7772, -79.5103),
  s('Highway 407', [1], 43.7832, -79.5237),
  s('Vaughan Metropolitan Centre', [1], 43.7942, -79.5275),
  // Line 2 Bloor–Danforth, west to east (St. George, Spadina and Bloor–Yonge are above).
  s('Kipling', [2], 43.6378, -79.5358),
  s('Islington', [2], 43.6455, -79.5242),
  s('Royal York', [2], 43.6486, -79.5106),
  s('Old Mill', [2], 43.6503, -79.4951),
  s('Jane', [2], 43.6501, -79.4843),
  s('Runnymede', [2], 43.6519, -79.4762),
  s('High Park', [2], 43.6541, -79.4664),
  s('Keele', [2], 43.6556, -79.46),
  s('Dundas West', [2], 43.657, -79.4528),
  s('Lansdowne', [2], 43.6591, -79.4429),
  s('Dufferin', [2], 43.6603, -79.4357),
  s('Ossington', [2], 43.6625, -79.4262),
  s('Christie', [2], 43.6642, -79.4185),
  s('Bathurst', [2], 43.666, -79.4114),
  s('Bay', [2], 43.6702, -79.3904),
  s('Sherbourne', [2], 43.6722, -79.3767),
  s('Castle Frank', [2], 43.674, -79.3688),
  s('Broadview', [2], 43.6769, -79.3584),
  s('Chester', [2], 43.6783, -79.3519),
  s('Pape', [2], 43.6798, -79.345),
  s('Donlands', [2], 43.681, -79.3378),
  s('Greenwood', [2], 43.6826, -79.3303),
  s('Coxwell', [2], 43.6842, -79.3233),
  s('Woodbine', [2], 43.6864, -79.3134),
  s('Main Street', [2], 43.689, -79.3022),
  s('Victoria Park', [2], 43.6946, -79.2898),
  s('Warden', [2], 43.7118, -79.279),
  s('Kennedy', [2], 43.7322, -79.2642),
  // Line 4 Sheppard, west to east (Sheppard–Yonge is above).
  s('Bayview', [4], 43.767, -79.3869),
  s('Bessarion', [4], 43.7691, -79.3763),
  s('Leslie', [4], 43.771, -79.3676),
  s('Don Mills', [4], 43.7756, -79.3462),
];

/** The rule of decisions.md: a clinic is near the TTC within 500 m of any subway station. */
export function isNearTtc(lat: number, lng: number): boolean {
  return TTC_SUBWAY_STATIONS.some(
    (st) => haversineMetres(lat, lng, st.lat, st.lng) <= NEAR_TTC_METRES,
  );
}
