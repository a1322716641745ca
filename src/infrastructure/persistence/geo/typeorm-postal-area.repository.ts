import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  CENTROID_DECIMALS,
  PostalAreaRepository,
} from '../../../application/geo/postal-area.repository';
import { GeoPoint } from '../../../domain/directory/criteria';
import { DIRECTORY_READ_SOURCE } from '../../database/directory-read-source';

/** Centroids of the directory's own clinics per forward sortation area (clinics_fsa_idx). */
@Injectable()
export class TypeOrmPostalAreaRepository extends PostalAreaRepository {
  constructor(@Inject(DIRECTORY_READ_SOURCE) private readonly ds: DataSource) {
    super();
  }

  /**
   * Averaged in numeric, which adds exactly (a float8 sum depends on the order the rows come in:
   * 43.65964466666667 one way, ...666 the other), then rounded to six decimals (about 0.1 m).
   */
  async centroid(fsa: string): Promise<GeoPoint | null> {
    const rows = await this.ds.query<{ lat: number; lng: number }[]>(
      `SELECT round(avg(lat::numeric), ${CENTROID_DECIMALS})::float8 AS lat,
              round(avg(lng::numeric), ${CENTROID_DECIMALS})::float8 AS lng
         FROM clinics WHERE upper(left(postal_code, 3)) = $1
       HAVING count(*) > 0`,
      [fsa],
    );
    return rows[0] ?? null;
  }
}
