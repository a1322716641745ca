import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DIRECTORY_READ_SOURCE } from '../../database/directory-read-source';
import {
  CatalogueEntry,
  MetadataRepository,
} from '../../../application/metadata/metadata.repository';
import { NameCount } from '../../../domain/doctors/doctor';

/** Every supported name with its count of practising doctors (zero included). */
function countsSql(table: 'specialties' | 'languages', column: string): string {
  return `SELECT r.name, coalesce(x.n, 0)::int AS "doctorCount", r.aliases
            FROM ${table} r
            LEFT JOIN (SELECT u.id, count(*) AS n FROM doctor_search s, unnest(s.${column}) AS u(id) GROUP BY u.id) x
              ON x.id = r.id
           ORDER BY 2 DESC, r.name_key`;
}

@Injectable()
export class TypeOrmMetadataRepository extends MetadataRepository {
  constructor(@Inject(DIRECTORY_READ_SOURCE) private readonly ds: DataSource) {
    super();
  }

  specialties(): Promise<NameCount[]> {
    return this.ds.query<NameCount[]>(countsSql('specialties', 'specialty_ids'));
  }

  languages(): Promise<NameCount[]> {
    return this.ds.query<NameCount[]>(countsSql('languages', 'language_ids'));
  }

  catalogue(table: 'specialties' | 'languages'): Promise<CatalogueEntry[]> {
    return this.ds.query<CatalogueEntry[]>(
      `SELECT name, aliases FROM ${table === 'specialties' ? 'specialties' : 'languages'} ORDER BY name_key`,
    );
  }
}
