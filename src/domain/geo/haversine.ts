/** Mean Earth radius (IUGG), in metres; the error against the ellipsoid is under 0.5% at GTA latitudes. */
export const EARTH_RADIUS_METRES = 6_371_008.8;

const RAD = Math.PI / 180;

/** Great-circle distance in metres between two points given in decimal degrees (WGS 84). */
export function haversineMetres(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const dLat = (bLat - aLat) * RAD;
  const dLng = (bLng - aLng) * RAD;
  const s =
    Math.sin(dLat / 2) ** 2 + Math.cos(aLat * RAD) * Math.cos(bLat * RAD) * Math.sin(dLng / 2) ** 2;
  // min() guards against rounding pushing s a hair above 1 for antipodal points.
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(s)));
}
