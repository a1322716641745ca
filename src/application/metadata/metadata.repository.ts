import { NameCount } from '../../domain/doctors/doctor';

/** Port: the supported specialties and languages with their practising doctors' counts. */
export abstract class MetadataRepository {
  /** By doctorCount descending, then name. */
  abstract specialties(): Promise<NameCount[]>;
  abstract languages(): Promise<NameCount[]>;
}
