import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DIRECTORY_READ_SOURCE } from '../../database/directory-read-source';
import { ReadCache } from '../../../application/shared/read-cache';

const GRAM_TTL_MS = 600_000;

/** The longest piece counted (doctor_name_grams holds pieces of two and three letters). */
export const MAX_COUNTED_GRAM = 3;

/** How many practising doctors' names contain, or start with, a short piece of text. */
export interface NameGramCounts {
  /** Doctors in the directory. */
  readonly doctors: number;
  /** Names containing `piece`: exact for two or three letters (0 when none), else undefined. */
  containing(piece: string): number | undefined;
  /** Names starting with `piece`: exact for two or three letters, else undefined. */
  startingWith(piece: string): number | undefined;
}

/** Length in characters (code points, as PostgreSQL counts them), not UTF-16 units. */
export function charLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

function counted(piece: string): boolean {
  const n = charLength(piece);
  return n >= 2 && n <= MAX_COUNTED_GRAM;
}

/**
 * An in-memory copy of doctor_name_grams (a few thousand rows: see its migration), loaded once
 * and dropped with the rest of the read cache when the directory changes.
 */
@Injectable()
export class NameGrams {
  constructor(
    @Inject(DIRECTORY_READ_SOURCE) private readonly ds: DataSource,
    private readonly cache: ReadCache,
  ) {}

  counts(): Promise<NameGramCounts> {
    return this.cache.getOrLoad('name-grams', GRAM_TTL_MS, async () => {
      const rows = await this.ds.query<{ kind: string; gram: string; n: number }[]>(
        `SELECT kind, gram, n FROM doctor_name_grams`,
      );
      const contains = new Map<string, number>();
      const prefixes = new Map<string, number>();
      let doctors = 0;
      for (const r of rows) {
        if (r.kind === 'c') contains.set(r.gram, r.n);
        else if (r.kind === 'p') prefixes.set(r.gram, r.n);
        else if (r.kind === 'n') doctors = r.n;
      }
      return {
        doctors,
        containing: (piece) => (counted(piece) ? (contains.get(piece) ?? 0) : undefined),
        startingWith: (piece) => (counted(piece) ? (prefixes.get(piece) ?? 0) : undefined),
      };
    });
  }
}
