import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DIRECTORY_READ_SOURCE } from '../../database/directory-read-source';
import { ReadCache } from '../../../application/shared/read-cache';
import { DoctorAttributeCriteria } from '../../../domain/directory/criteria';

export interface ResolvedNames {
  /** Ids of the requested specialties that exist; undefined when not filtered. */
  readonly specialtyIds?: number[];
  readonly languageIds?: number[];
  /** A list filter named only unknown values: nothing can match. */
  readonly impossible: boolean;
}

type ReferenceTable = 'specialties' | 'languages';

interface Reference {
  readonly idByKey: Map<string, number>;
  readonly nameById: Map<number, string>;
}

/** Canonical names of ids, for rows that carry id arrays. */
export interface ReferenceNames {
  specialties(ids: readonly number[], sorted?: boolean): string[];
  languages(ids: readonly number[], sorted?: boolean): string[];
}

const REFERENCE_TTL_MS = 600_000;

function namesIn(ref: Reference, ids: readonly number[], sorted: boolean): string[] {
  const names = ids.map((id) => ref.nameById.get(id)).filter((n): n is string => n !== undefined);
  if (!sorted) return names;
  // "By name": lower-cased, code-point order (decisions.md), like name_key in SQL.
  return names.sort((a, b) => {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/**
 * An in-memory copy of the two small reference tables (specialties, languages): names in a
 * filter become literal ids the planner can estimate, and id arrays in rows become names without
 * a join. Dropped with the rest of the read cache when the directory changes.
 */
@Injectable()
export class ReferenceIds {
  constructor(
    @Inject(DIRECTORY_READ_SOURCE) private readonly ds: DataSource,
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

  async names(): Promise<ReferenceNames> {
    const [s, l] = await Promise.all([this.reference('specialties'), this.reference('languages')]);
    return {
      specialties: (ids, sorted = false) => namesIn(s, ids, sorted),
      languages: (ids, sorted = false) => namesIn(l, ids, sorted),
    };
  }

  private async idsOf(table: ReferenceTable, names: readonly string[]): Promise<number[]> {
    const { idByKey } = await this.reference(table);
    const ids = names
      .map((n) => idByKey.get(n.toLowerCase()))
      .filter((id): id is number => id !== undefined);
    return [...new Set(ids)].sort((a, b) => a - b);
  }

  private reference(table: ReferenceTable): Promise<Reference> {
    return this.cache.getOrLoad(`reference:${table}`, REFERENCE_TTL_MS, async () => {
      const rows = await this.ds.query<{ id: number; name: string; name_key: string }[]>(
        `SELECT id, name, name_key FROM ${table}`,
      );
      return {
        idByKey: new Map(rows.map((r) => [r.name_key, r.id])),
        nameById: new Map(rows.map((r) => [r.id, r.name])),
      };
    });
  }
}
