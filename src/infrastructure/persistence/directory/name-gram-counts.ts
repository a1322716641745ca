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
  /**
   * The fewest names, in name order from the first, among which at least `reach` contain
   * `piece` without starting with it, rounded up to a checkpoint (NAME_ORDER_CHECKPOINTS);
   * undefined when past the last one, or for a piece not counted.
   */
  walkRows(piece: string, reach: number): number | undefined;
}

/**
 * The checkpoints of doctor_name_grams.early, in names from the first in name order (migration
 * NameGramWalks1765800000000 writes the same numbers).
 */
export const NAME_ORDER_CHECKPOINTS = [1_024, 4_096, 16_384, 65_536, 262_144] as const;

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
      const rows = await this.ds.query<
        { kind: string; gram: string; n: number; early: number[] | null }[]
      >(`SELECT kind, gram, n, early FROM doctor_name_grams`);
      const contains = new Map<string, number>();
      const prefixes = new Map<string, number>();
      const early = new Map<string, number[]>();
      let doctors = 0;
      for (const r of rows) {
        if (r.kind === 'c') {
          contains.set(r.gram, r.n);
          if (r.early) early.set(r.gram, r.early);
        } else if (r.kind === 'p') prefixes.set(r.gram, r.n);
        else if (r.kind === 'n') doctors = r.n;
      }
      return {
        doctors,
        containing: (piece) => (counted(piece) ? (contains.get(piece) ?? 0) : undefined),
        startingWith: (piece) => (counted(piece) ? (prefixes.get(piece) ?? 0) : undefined),
        walkRows: (piece, reach) => {
          if (!counted(piece)) return undefined;
          const found = early.get(piece) ?? [];
          const i = NAME_ORDER_CHECKPOINTS.findIndex((_, j) => (found[j] ?? 0) >= reach);
          return i < 0 ? undefined : NAME_ORDER_CHECKPOINTS[i];
        },
      };
    });
  }
}
