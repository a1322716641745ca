import { GeoPoint } from '../../domain/directory/criteria';

/** Port: where the directory's own clinics are, by forward sortation area. */
export abstract class PostalAreaRepository {
  /** The centroid of the directory's clinics whose postal code starts with `fsa`, or null. */
  abstract centroid(fsa: string): Promise<GeoPoint | null>;
}
