import { Injectable } from '@nestjs/common';
import { NameCount } from '../../domain/doctors/doctor';
import { ReadCache } from '../shared/read-cache';
import { METADATA_TTL_MS } from './list-specialties.use-case';
import { MetadataRepository } from './metadata.repository';

@Injectable()
export class ListLanguagesUseCase {
  constructor(
    private readonly metadata: MetadataRepository,
    private readonly cache: ReadCache,
  ) {}

  execute(): Promise<NameCount[]> {
    return this.cache.getOrLoad('metadata:languages', METADATA_TTL_MS, () =>
      this.metadata.languages(),
    );
  }
}
