/**
 * earthdistance's arithmetic in JavaScript, for the in-memory doctor lists: the same sphere
 * (`earth()`, 6,378,168 m), the same point (`ll_to_earth`), the same straight line through it
 * (the cube distance `<->`, summed dimension by dimension as the cube extension does) and the
 * same test of a radius as criteria-sql.ts's withinMetres. The rows' coordinates are the stored
 * cube's (read with cube_ll_coord), so a row's distance differs from PostgreSQL's only by the
 * rounding of the client's point (a last-digit difference of sin and cos), which can change an
 * answer only for two rows at the same distance to the last digit or a row on the radius's edge
 * to the last digit.
 */
export const EARTH_RADIUS_M = 6378168;

/** PostgreSQL's RADIANS_PER_DEGREE (0.0174532925199432957692), which as a double is pi / 180. */
const RADIANS_PER_DEGREE = Math.PI / 180;

export interface EarthPoint {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

export function llToEarth(lat: number, lng: number): EarthPoint {
  const la = lat * RADIANS_PER_DEGREE;
  const lo = lng * RADIANS_PER_DEGREE;
  return {
    x: EARTH_RADIUS_M * Math.cos(la) * Math.cos(lo),
    y: EARTH_RADIUS_M * Math.cos(la) * Math.sin(lo),
    z: EARTH_RADIUS_M * Math.sin(la),
  };
}

/** earth_distance of a straight-line distance (earthdistance's sec_to_gc). */
export function greatCircle(line: number): number {
  if (line < 0) return 0;
  if (line / (2 * EARTH_RADIUS_M) > 1) return Math.PI * EARTH_RADIUS_M;
  return 2 * EARTH_RADIUS_M * Math.asin(line / (2 * EARTH_RADIUS_M));
}

/** Whether a straight-line distance `line` is within `metres` of great circle (withinMetres). */
export function withinMetresTest(
  metres: number,
): ((line: number) => boolean) & { edge: number; sure: number } {
  const chord = 2 * EARTH_RADIUS_M * Math.sin(metres / (2 * EARTH_RADIUS_M));
  const sure = chord * (1 - 1e-9);
  const edge = chord * (1 + 1e-9);
  const test = (line: number) => line <= sure || (line <= edge && greatCircle(line) <= metres);
  // edge: no straight line longer is within (nor any row farther along one axis);
  // sure: every straight line this long or shorter is.
  return Object.assign(test, { edge, sure });
}
