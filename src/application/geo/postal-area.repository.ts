import { GeoPoint } from '../../domain/directory/criteria';

/** A postal area's point is given to six decimals (about 0.1 m), the same whatever the row order. */
export const CENTROID_DECIMALS = 6;

/** Port: where the directory's own clinics are, by forward sortation area. */
export abstract class PostalAreaRepository {
  /**
   * The centroid of the directory's clinics whose postal code starts with `fsa`, or null: the
   * exact mean of their coordinates rounded to CENTROID_DECIMALS, so the same clinics give the
   * same point in whatever order they were imported.
   */
  abstract centroid(fsa: string): Promise<GeoPoint | null>;
}
