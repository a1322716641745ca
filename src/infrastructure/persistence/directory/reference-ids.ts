import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ReadCache } from '../../../application/shared/read-cache';
import { DoctorAttributeCriteria } from '../../../domain/directory/criteria';

export interface ResolvedNames {
  /** Ids of the requested specialties that exist; undefined when not filtered. */
  readonly specialtyIds?: number[];
  readonly languageIds?: number[];
  /** A list filter named only unknown values: nothing can match. */
  readonly impossible: boolean;
}

const REFERENCE_TTL_MS = 600_000;

/**
 * Turns specialty and language names (case-insensitive) into ids from an in-memory copy of the
 * two small reference tables, so list queries carry literal ids the planner can estimate.
 */
@Injectable()
export class ReferenceIds {
  constructor(
    private readonly ds: DataSource,
    private readonly cache: ReadCache,
  ) {}

  async resolve(
    c: Pick<DoctorAttributeCriteria, 'specialties' | 'languages'>,
  ): Promise<ResolvedNames> {
    const specialtyIds = c.specialties?.length
      ? await this.idsOf('specialties', c.specialties)
      : undefined;
    const languageIds = c.languages?.length
      ? await this.idsOf('languages', c.languages)
      : undefined;
    return {
      specialtyIds,
      languageIds,
      impossible: specialtyIds?.length === 0 || languageIds?.length === 0,
    };
  }

  private async idsOf(
    table: 'specialties' | 'languages',
    names: readonly string[],
  ): Promise<number[]> {
    const byName = await this.cache.getOrLoad(`reference:${table}`, REFERENCE_TTL_MS, async () => {
      const rows = await this.ds.query<{ id: number; name_key: string }[]>(
        `SELECT id, name_key FROM ${table}`,
      );
      return new Map(rows.map((r) => [r.name_key, r.id]));
    });
    const ids = names
      .map((n) => byName.get(n.toLowerCase()))
      .filter((id): id is number => id !== undefined);
    return [...new Set(ids)].sort((a, b) => a - b);
  }
}
