/**
 * A neighbourhood (or a whole small municipality) of the Greater Toronto Area where demo clinics
 * are placed: clinics scatter around `lat`/`lng` within `radiusM`, take one of `fsas` as the
 * first half of their postal code and one of `streets` for their address.
 */
export interface GtaPlace {
  /** Municipality, as written in a postal address ("Toronto", "Mississauga"). */
  readonly city: string;
  readonly neighbourhood: string;
  readonly lat: number;
  readonly lng: number;
  /** Metres from the centre within which clinics fall; denser towards the centre. */
  readonly radiusM: number;
  /** Forward sortation areas (first three characters of the postal code) of the place. */
  readonly fsas: readonly string[];
  /** Real streets of the place. */
  readonly streets: readonly string[];
  /** Which overlay of telephone area codes serves it. */
  readonly phoneRegion: PhoneRegion;
  /** Relative share of the GTA's clinics (roughly population, more where doctors cluster). */
  readonly weight: number;
}

export type PhoneRegion = 'toronto' | 'belt905';

/** Area codes with their share of numbers in use: the newer overlays hold fewer lines. */
export const AREA_CODES: Readonly<
  Record<PhoneRegion, readonly { code: string; weight: number }[]>
> = {
  toronto: [
    { code: '416', weight: 68 },
    { code: '647', weight: 24 },
    { code: '437', weight: 8 },
  ],
  belt905: [
    { code: '905', weight: 72 },
    { code: '289', weight: 22 },
    { code: '365', weight: 6 },
  ],
};

/** Municipalities the subway reaches (Line 1 ends at Vaughan Metropolitan Centre). */
export const SUBWAY_CITIES: ReadonlySet<string> = new Set(['Toronto', 'Vaughan']);

/** Rough box of the GTA; every generated clinic lies inside it. */
export const GTA_BOUNDS = { minLat: 43.3, maxLat: 44.2, minLng: -80.1, maxLng: -78.7 } as const;

/**
 * North shore of Lake Ontario from Burlington to Oshawa as [lng, lat] points, west to east.
 * A clinic must lie north of it, so none lands in the lake.
 */
const LAKE_SHORE: readonly (readonly [number, number])[] = [
  [-80.1, 43.28],
  [-79.83, 43.3],
  [-79.8, 43.318],
  [-79.78, 43.332],
  [-79.75, 43.355],
  [-79.712, 43.39],
  [-79.69, 43.418],
  [-79.667, 43.44],
  [-79.64, 43.463],
  [-79.62, 43.495],
  [-79.585, 43.546],
  [-79.56, 43.569],
  [-79.54, 43.587],
  [-79.49, 43.61],
  [-79.475, 43.621],
  [-79.465, 43.631],
  [-79.43, 43.634],
  [-79.41, 43.629],
  [-79.39, 43.638],
  [-79.375, 43.641],
  [-79.35, 43.641],
  [-79.32, 43.659],
  [-79.29, 43.666],
  [-79.27, 43.676],
  [-79.24, 43.695],
  [-79.21, 43.72],
  [-79.19, 43.743],
  [-79.16, 43.77],
  [-79.12, 43.79],
  [-79.09, 43.81],
  [-79.05, 43.822],
  [-79.02, 43.833],
  [-78.98, 43.845],
  [-78.94, 43.858],
  [-78.9, 43.862],
  [-78.85, 43.865],
  [-78.8, 43.875],
  [-78.6, 43.885],
];

/** Latitude of the lake shore at a longitude (linear between the points above). */
export function lakeShoreLat(lng: number): number {
  if (lng <= LAKE_SHORE[0][0]) return LAKE_SHORE[0][1];
  for (let i = 1; i < LAKE_SHORE.length; i++) {
    const [x1, y1] = LAKE_SHORE[i];
    if (lng <= x1) {
      const [x0, y0] = LAKE_SHORE[i - 1];
      return y0 + ((lng - x0) / (x1 - x0)) * (y1 - y0);
    }
  }
  return LAKE_SHORE[LAKE_SHORE.length - 1][1];
}
