import { NameCount } from '../../domain/doctors/doctor';

/** A catalogue entry: its name and the other names it is known by. */
export interface CatalogueEntry {
  readonly name: string;
  readonly aliases: readonly string[];
}

/** Port: the supported specialties and languages with their practising doctors' counts. */
export abstract class MetadataRepository {
  /** By doctorCount descending, then name. */
  abstract specialties(): Promise<NameCount[]>;
  abstract languages(): Promise<NameCount[]>;
  /** The catalogue's names and aliases alone (no counts: one small table's rows), by name. */
  abstract catalogue(table: 'specialties' | 'languages'): Promise<CatalogueEntry[]>;
}
