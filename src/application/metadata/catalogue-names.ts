import { Injectable } from '@nestjs/common';
import { InvalidParamError } from '../../domain/shared/domain-error';
import { ReadCache } from '../shared/read-cache';
import { editDistance, foldKey } from '../shared/text-fold';
import { METADATA_TTL_MS } from './list-specialties.use-case';
import { CatalogueEntry, MetadataRepository } from './metadata.repository';

/** A catalogue's names by folded key: each name's own key and each alias's. */
interface CatalogueIndex {
  readonly byName: Map<string, string>;
  readonly byAlias: Map<string, string[]>;
  /** Every key with the name it stands for, for suggestions. */
  readonly keys: readonly (readonly [string, string])[];
}

function indexOf(entries: readonly CatalogueEntry[]): CatalogueIndex {
  const byName = new Map<string, string>();
  const byAlias = new Map<string, string[]>();
  const keys: [string, string][] = [];
  for (const e of entries) {
    const k = foldKey(e.name);
    byName.set(k, e.name);
    keys.push([k, e.name]);
  }
  for (const e of entries)
    for (const alias of e.aliases ?? []) {
      const k = foldKey(alias);
      if (!k || byName.has(k)) continue;
      const names = byAlias.get(k) ?? [];
      if (!names.includes(e.name)) names.push(e.name);
      byAlias.set(k, names);
      keys.push([k, e.name]);
    }
  return { byName, byAlias, keys };
}

/** The catalogue names closest to `key` (at most three), for the refusal's message. */
function closest(index: CatalogueIndex, key: string): string[] {
  const scored = new Map<string, number>();
  for (const [k, name] of index.keys) {
    // Containment counts as close (`cardio` for Cardiology), else the edit distance.
    const d = k.startsWith(key) || key.startsWith(k) ? 0.5 : editDistance(key, k, 4);
    if (d <= 4 && d < (scored.get(name) ?? Infinity)) scored.set(name, d);
  }
  return [...scored]
    .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 3)
    .map(([name]) => name);
}

/** The filters that name catalogue entries. */
export interface CatalogueFilters {
  readonly specialties?: readonly string[];
  readonly languages?: readonly string[];
}

/**
 * Specialty and language names as clients type them, read as the catalogue's (decisions.md, Query
 * parsing, changed 2026-12-01): compared by the one text fold (case, accents, hyphens, dots and
 * spaces ignored: `family-medicine` is Family Medicine), then through the aliases the catalogue
 * carries (`Farsi` is Persian (Farsi), `Paediatrics` Pediatrics, `Chinese` Mandarin or Cantonese).
 * A name that matches nothing is 400 `invalid_param` naming it and the closest catalogue names; a
 * known name no current doctor has still filters (an empty page). REST, MCP and every list read
 * the names through here.
 */
@Injectable()
export class CatalogueNames {
  private readonly indexes = new WeakMap<readonly CatalogueEntry[], CatalogueIndex>();

  constructor(
    private readonly metadata: MetadataRepository,
    private readonly cache: ReadCache,
  ) {}

  /**
   * The catalogue's names and aliases: one small table's rows, kept until the directory changes
   * (not the counts of /metadata, which at a million doctors take a scan of every doctor).
   */
  private entries(table: 'specialties' | 'languages'): Promise<CatalogueEntry[]> {
    return this.cache.getOrLoad(`catalogue:${table}`, METADATA_TTL_MS, () =>
      this.metadata.catalogue(table),
    );
  }

  /** `criteria` with its specialty and language names in the catalogue's spelling. */
  async canonical<T extends CatalogueFilters>(criteria: T): Promise<T> {
    const s = criteria.specialties?.length
      ? this.resolve('specialties', criteria.specialties, await this.entries('specialties'))
      : criteria.specialties;
    const l = criteria.languages?.length
      ? this.resolve('languages', criteria.languages, await this.entries('languages'))
      : criteria.languages;
    if (s === criteria.specialties && l === criteria.languages) return criteria;
    return { ...criteria, specialties: s, languages: l };
  }

  private resolve(
    param: 'specialties' | 'languages',
    asked: readonly string[],
    entries: readonly CatalogueEntry[],
  ): string[] {
    let index = this.indexes.get(entries);
    if (!index) this.indexes.set(entries, (index = indexOf(entries)));
    const names = new Set<string>();
    for (const raw of asked) {
      const key = foldKey(raw);
      const name = index.byName.get(key);
      const aliased = name ? [name] : index.byAlias.get(key);
      if (!aliased) {
        const near = closest(index, key);
        const what = param === 'specialties' ? 'specialty' : 'language';
        throw new InvalidParamError(
          `${param}: ${JSON.stringify(raw.slice(0, 60))} is not a ${what} the directory knows` +
            (near.length ? `; the closest: ${near.join(', ')}.` : '.') +
            ` GET /metadata/${param} lists them all, with their aliases.`,
        );
      }
      for (const n of aliased) names.add(n);
    }
    return [...names];
  }
}
