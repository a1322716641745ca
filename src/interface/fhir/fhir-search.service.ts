import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SearchFhirDirectoryUseCase } from '../../application/fhir/search-fhir-directory.use-case';
import { effectivePage } from '../../application/shared/page-caps';
import { FhirClinicRecord } from '../../application/fhir/fhir-records';
import { Tier } from '../../domain/keys/tier';
import { NotFoundError } from '../../domain/shared/domain-error';
import { Page, PageRequest } from '../../domain/shared/page';
import { AppConfig } from '../../infrastructure/config/app-config';
import { APP_CONFIG, DATABASE_RUNTIME } from '../../infrastructure/config/core.module';
import { DatabaseRuntime } from '../../infrastructure/database/database-runtime';
import { LOCATION_DISTANCE_EXTENSION, UCUM } from './fhir-codes';
import {
  FhirResource,
  healthcareService,
  location,
  organization,
  practitioner,
  practitionerRole,
} from './fhir-resources.mapper';
import { DEFAULT_COUNT, FhirType, MAX_COUNT } from './fhir-search-params';
import { Query } from './fhir-search-handling';
import { parseSearch, ParsedSearch } from './fhir-search.parser';
import { canonicalQuery, PageTokens } from './page-token';

interface Entry {
  resource: FhirResource;
  mode: 'match' | 'include';
  distanceKm?: number;
  /** The clinic a Location was made of (its Organization is made of the same row). */
  clinic?: FhirClinicRecord;
}

export interface SearchRequest {
  type: FhirType;
  query: Query;
  rawUrl: string;
  baseUrl: string;
  tier: Tier | undefined;
  /** `Prefer: handling=lenient`: unsupported parameters are ignored and listed, not refused. */
  lenient?: boolean;
}

/** Whether a Prefer header asks for lenient handling of the search's parameters. */
export function prefersLenient(prefer: string | string[] | undefined): boolean {
  return [prefer ?? []]
    .flat()
    .some((h) => h.split(/[;,]/).some((p) => p.trim().toLowerCase() === 'handling=lenient'));
}

/** Runs a FHIR search or read on the use case and shapes the answer (Bundle or resource). */
@Injectable()
export class FhirSearchService {
  private readonly tokens: PageTokens;

  constructor(
    private readonly directory: SearchFhirDirectoryUseCase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE_RUNTIME) runtime: DatabaseRuntime,
  ) {
    this.tokens = new PageTokens(runtime.keyHashSecret);
  }

  async read(type: FhirType, id: string): Promise<FhirResource> {
    const names = type === 'HealthcareService' ? await this.directory.specialtyNames() : [];
    let parsed: ParsedSearch | undefined;
    try {
      parsed = parseSearch(type, { _id: id.replace(/,/g, '\\,') }, names);
    } catch {
      parsed = undefined;
    }
    let found: FhirResource | undefined;
    if (parsed && !parsed.impossible) {
      if (type === 'Practitioner') {
        const [d] = await this.directory.practitionersByCpso([id]);
        found = d ? practitioner(d) : undefined;
      } else {
        found = (await this.matches(parsed, { limit: 1, offset: 0 })).items[0]?.resource;
      }
    }
    if (!found) throw new NotFoundError(`No ${type} with id ${JSON.stringify(id.slice(0, 100))}.`);
    return found;
  }

  async search(r: SearchRequest) {
    const names =
      r.type === 'PractitionerRole' || r.type === 'HealthcareService'
        ? await this.directory.specialtyNames()
        : [];
    const parsed = parseSearch(r.type, r.query, names, r.lenient);
    const query = canonicalQuery(r.rawUrl);
    const offset = parsed.pageToken === undefined ? 0 : this.tokens.read(parsed.pageToken, query);
    // _summary=count: the total alone (a page of none).
    const page = parsed.countOnly ? { limit: 0, offset } : this.page(parsed.count, offset, r.tier);
    const found: Page<Entry> = parsed.impossible
      ? { items: [], total: 0 }
      : await this.matches(parsed, page);
    const included = await this.includes(parsed, found.items);
    const next = this.page(parsed.count, offset + page.limit, r.tier);
    const hasNext = page.limit > 0 && offset + page.limit < found.total && next.limit > 0;
    const sep = query ? '&' : '';
    const entries = [...found.items, ...included];
    const outcome = parsed.ignored.length
      ? [
          {
            fullUrl: `urn:uuid:${randomUUID()}`,
            resource: {
              resourceType: 'OperationOutcome',
              issue: [
                {
                  severity: 'warning',
                  code: 'not-supported',
                  diagnostics: `Ignored (Prefer: handling=lenient): ${parsed.ignored.join('; ')}.`,
                },
              ],
            },
            search: { mode: 'outcome' },
          },
        ]
      : [];
    return {
      resourceType: 'Bundle',
      type: 'searchset',
      ...(parsed.noTotal ? {} : { total: found.total }),
      link: [
        { relation: 'self', url: `${r.baseUrl}/${r.type}${query ? `?${query}` : ''}` },
        ...(hasNext
          ? [
              {
                relation: 'next',
                url: `${r.baseUrl}/${r.type}?${query}${sep}_page=${this.tokens.make(offset + page.limit, query)}`,
              },
            ]
          : []),
      ],
      // FHIR JSON has no empty arrays: a page without entries has no `entry`.
      ...(entries.length || outcome.length
        ? {
            entry: [
              ...entries.map((e) => ({
                fullUrl: `${r.baseUrl}/${e.resource.resourceType}/${e.resource.id}`,
                resource: e.resource,
                search: {
                  mode: e.mode,
                  ...(e.distanceKm !== undefined
                    ? {
                        extension: [
                          {
                            url: LOCATION_DISTANCE_EXTENSION,
                            valueDistance: {
                              value: e.distanceKm,
                              unit: 'km',
                              system: UCUM,
                              code: 'km',
                            },
                          },
                        ],
                      }
                    : {}),
                },
              })),
              ...outcome,
            ],
          }
        : {}),
    };
  }

  /** The page read: _count (default 25, at most 100), then the tier's caps, as v1's limit. */
  private page(count: number | undefined, offset: number, tier: Tier | undefined): PageRequest {
    return effectivePage(count, offset, tier, this.config.limits, {
      defaultLimit: DEFAULT_COUNT,
      maxLimit: MAX_COUNT,
    });
  }

  private async matches(parsed: ParsedSearch, page: PageRequest): Promise<Page<Entry>> {
    const m = <T>(p: Page<T>, f: (x: T) => Entry): Page<Entry> => ({
      total: p.total,
      items: p.items.map(f),
    });
    const { criteria } = parsed;
    switch (criteria.type) {
      case 'Practitioner':
        return m(await this.directory.practitioners(criteria.c, page), (d) => ({
          resource: practitioner(d),
          mode: 'match',
        }));
      case 'PractitionerRole':
        return m(await this.directory.roles(criteria.c, page), (x) => ({
          resource: practitionerRole(x),
          mode: 'match',
        }));
      case 'Location':
        return m(await this.directory.clinics(criteria.c, page), (c: FhirClinicRecord) => ({
          resource: location(c),
          mode: 'match',
          distanceKm: c.distanceKm,
          clinic: c,
        }));
      case 'Organization':
        return m(await this.directory.clinics(criteria.c, page), (c) => ({
          resource: organization(c),
          mode: 'match',
        }));
      case 'HealthcareService':
        return m(await this.directory.services(criteria.c, page), (s) => ({
          resource: healthcareService(s),
          mode: 'match',
        }));
    }
  }

  /** The `_include`d resources of a page, each once, after the matches (mode "include"). */
  private async includes(parsed: ParsedSearch, matches: Entry[]): Promise<Entry[]> {
    const inc = parsed.includes;
    if (inc.size === 0 || matches.length === 0) return [];
    const refs = (path: string) =>
      [
        ...new Set(
          matches.flatMap((e) => {
            const v = e.resource[path] as
              { reference: string } | { reference: string }[] | undefined;
            return [v ?? []].flat().map((x) => x.reference.split('/')[1]);
          }),
        ),
      ].sort();
    const out: Entry[] = [];
    if (inc.has('PractitionerRole:practitioner')) {
      const docs = await this.directory.practitionersByCpso(refs('practitioner'));
      out.push(...docs.map((d) => ({ resource: practitioner(d), mode: 'include' as const })));
    }
    const clinicIds = [
      ...new Set([
        ...(inc.has('PractitionerRole:organization') ? refs('organization') : []),
        ...(inc.has('PractitionerRole:location') ? refs('location') : []),
      ]),
    ];
    const clinics = new Map(
      (await this.directory.clinicsById(clinicIds)).map((c) => [c.id, c] as const),
    );
    for (const id of inc.has('PractitionerRole:organization') ? refs('organization') : []) {
      const c = clinics.get(id);
      if (c) out.push({ resource: organization(c), mode: 'include' });
    }
    for (const id of inc.has('PractitionerRole:location') ? refs('location') : []) {
      const c = clinics.get(id);
      if (c) out.push({ resource: location(c), mode: 'include' });
    }
    if (inc.has('Location:organization')) {
      // A clinic is both: its Organization is made of the row its Location was read from.
      const seen = new Set<string>();
      for (const e of [...matches].sort((a, b) => (a.resource.id < b.resource.id ? -1 : 1))) {
        if (!e.clinic || seen.has(e.clinic.id)) continue;
        seen.add(e.clinic.id);
        out.push({ resource: organization(e.clinic), mode: 'include' });
      }
    }
    return out;
  }
}
