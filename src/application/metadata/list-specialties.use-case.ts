import { Injectable } from '@nestjs/common';
import { NameCount } from '../../domain/doctors/doctor';
import { ReadCache } from '../shared/read-cache';
import { MetadataRepository } from './metadata.repository';

/** Counts change only when the directory is replaced; the cache adapter also drops them then. */
export const METADATA_TTL_MS = 300_000;

@Injectable()
export class ListSpecialtiesUseCase {
  constructor(
    private readonly metadata: MetadataRepository,
    private readonly cache: ReadCache,
  ) {}

  execute(): Promise<NameCount[]> {
    return this.cache.getOrLoad('metadata:specialties', METADATA_TTL_MS, () =>
      this.metadata.specialties(),
    );
  }
}
