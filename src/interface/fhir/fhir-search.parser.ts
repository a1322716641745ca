import {
  ACCEPTING_STATUSES,
  AcceptingStatus,
  PLAN_NET_ACCEPTING_CODE,
} from '../../domain/clinics/accepting-status';
import {
  ClinicCriteriaFhir,
  LastUpdatedCriterion,
  NAME_MODIFIERS,
  NAME_PARTS,
  NameModifier,
  NamePart,
  PractitionerCriteria,
  RoleCriteria,
  ServiceCriteria,
} from '../../application/fhir/fhir-criteria';
import { MAX_BATCH_KEYS } from '../../application/shared/batch-lookup';
import { InvalidParamError } from '../../domain/shared/domain-error';
import {
  CPSO_SYSTEM,
  NUCC_BY_SPECIALTY,
  NUCC_SYSTEM,
  PN,
  SPECIALTY_SYSTEM,
  specialtyCode,
  specialtySlug,
} from './fhir-codes';
import { FhirType, INCLUDES, MAX_COUNT, RESULT_PARAMS, SEARCH_PARAMS } from './fhir-search-params';
import { Query, searchHandling } from './fhir-search-handling';
import {
  countValue,
  isUuid,
  lastUpdatedValue,
  nearValue,
  oneString,
  orValues,
  referenceId,
  token,
} from './fhir-values';

/** The most distinct values a list parameter (`_id`, `identifier`, references, codes) takes. */
export const MAX_LIST_VALUES = MAX_BATCH_KEYS;
/** The longest value of a list parameter (an absolute reference or a system|code fits). */
export const MAX_VALUE_LENGTH = 200;

export type TypedCriteria =
  | { type: 'Practitioner'; c: PractitionerCriteria }
  | { type: 'PractitionerRole'; c: RoleCriteria }
  | { type: 'Location' | 'Organization'; c: ClinicCriteriaFhir }
  | { type: 'HealthcareService'; c: ServiceCriteria };

export interface ParsedSearch {
  readonly criteria: TypedCriteria;
  /** Nothing can match (an unknown code, a malformed id): answered without a read. */
  readonly impossible: boolean;
  readonly includes: ReadonlySet<string>;
  readonly count?: number;
  readonly pageToken?: string;
  /** `_summary=count`: the total alone, no entries. */
  readonly countOnly: boolean;
  /** `_total=none`: no total in the Bundle. */
  readonly noTotal: boolean;
  /** With `Prefer: handling=lenient`: what was ignored, and why, for the Bundle's outcome. */
  readonly ignored: readonly string[];
}

/** Intersection of two "any of" lists (a parameter and `_id` on the same key). */
function both<T>(a: T[] | undefined, b: T[] | undefined): T[] | undefined {
  if (!a) return b;
  if (!b) return a;
  return a.filter((x) => b.includes(x));
}

/**
 * A search's query as criteria. Every parameter is checked: one this view does not support
 * (modifiers included) is a 400 naming it, never ignored; so is a repeated one (but _include).
 * With `lenient` (the client sent `Prefer: handling=lenient`, FHIR's search rule for this), an
 * unsupported parameter, or an unsupported value of `_summary`, `_total` or `_sort`, is ignored
 * instead, and listed in `ignored` for the Bundle's OperationOutcome.
 */
export function parseSearch(
  type: FhirType,
  query: Query,
  specialtyNames: string[],
  lenient = false,
): ParsedSearch {
  const allowed = new Set<string>([...SEARCH_PARAMS[type].map((p) => p.name), ...RESULT_PARAMS]);
  // String modifiers of the name parameters (issue 50): :exact and :contains.
  if (type === 'Practitioner')
    for (const k of NAME_PARTS) for (const m of NAME_MODIFIERS) allowed.add(`${k}:${m}`);
  const handled = searchHandling(type, query, allowed, lenient);
  query = handled.query;
  const { summary, totalMode, ignored } = handled;
  const one = (k: string): string | undefined => {
    const v = query[k];
    if (Array.isArray(v)) throw new InvalidParamError(`${k} may be sent once.`);
    return v;
  };
  const rawIncludes = query._include === undefined ? [] : [query._include].flat();
  const includes = new Set(
    rawIncludes.map((i) => i.replace(/:(Practitioner|Location|Organization)$/, '')),
  );
  const badIncludes = [...includes].filter((i) => !INCLUDES[type].includes(i));
  if (badIncludes.length)
    throw new InvalidParamError(
      `Unsupported _include for ${type}: ${badIncludes.join(', ')}.` +
        (INCLUDES[type].length ? ` Supported: ${INCLUDES[type].join(', ')}.` : ''),
    );
  const format = one('_format');
  if (
    format !== undefined &&
    !['json', 'application/json', 'application/fhir+json'].includes(format)
  )
    throw new InvalidParamError('_format: only JSON is served (json, application/fhir+json).');
  const countRaw = one('_count');
  const count = countRaw === undefined ? undefined : countValue(countRaw, MAX_COUNT);
  const lu = one('_lastUpdated');
  const lastUpdated: LastUpdatedCriterion | undefined =
    lu === undefined ? undefined : lastUpdatedValue(lu);
  let impossible = false;
  /**
   * A list parameter's distinct values: at most MAX_LIST_VALUES of at most MAX_VALUE_LENGTH
   * characters each (as v1's batch lookups), so that no search carries more than that into its
   * statements, its totals and their cache keys (issue 48, item 4).
   */
  const list = (k: string) => {
    const v = one(k);
    if (v === undefined) return undefined;
    const values = [...new Set(orValues(v))];
    if (values.length > MAX_LIST_VALUES)
      throw new InvalidParamError(
        `${k} takes at most ${MAX_LIST_VALUES} distinct values (${values.length} were sent): split the search into several.`,
      );
    if (values.some((x) => x.length > MAX_VALUE_LENGTH))
      throw new InvalidParamError(
        `${k}: a value is too long (at most ${MAX_VALUE_LENGTH} characters).`,
      );
    return values;
  };
  const ids = list('_id');

  const specialties = (k: string): string[] | undefined => {
    const values = list(k);
    if (!values) return undefined;
    const names = specialtyNames.filter((name) =>
      values.some((v) => {
        const t = token(v);
        const ours =
          (t.system === undefined || t.system === SPECIALTY_SYSTEM) &&
          (t.code === specialtyCode(name) || t.code === specialtySlug(name));
        const nucc =
          (t.system === undefined || t.system === NUCC_SYSTEM) &&
          t.code === NUCC_BY_SPECIALTY[name]?.[0];
        return ours || nucc;
      }),
    );
    if (names.length === 0) impossible = true;
    return names;
  };
  const clinicRefs = (k: string, refType: string) => {
    const values = list(k)?.map((v) => referenceId(k, refType, v));
    if (!values) return undefined;
    const valid = values.filter(isUuid);
    if (valid.length === 0) impossible = true;
    return valid;
  };
  /** newpatients: Plan-Net codes (any of), as the graded statuses they stand for (issue 33). */
  const accepting = (): AcceptingStatus[] | undefined => {
    const values = list('newpatients');
    if (!values) return undefined;
    const codes = new Set(
      values
        .map(token)
        .filter((t) => t.system === undefined || t.system === PN.acceptingPatientsCS)
        .map((t) => t.code),
    );
    const statuses = ACCEPTING_STATUSES.filter((s) => {
      const code = PLAN_NET_ACCEPTING_CODE[s];
      return code !== null && codes.has(code);
    });
    if (statuses.length === 0) impossible = true;
    return statuses;
  };
  const text = (k: string, min = 1) => {
    const v = one(k);
    return v === undefined ? undefined : oneString(k, v, min).toLowerCase();
  };
  /** name, family and given, each plain or with one modifier (sent once, in one form). */
  const nameParams = () => {
    const out: { -readonly [K in NamePart]?: string } = {};
    const matching: Partial<Record<NamePart, NameModifier>> = {};
    for (const k of NAME_PARTS) {
      const forms = [k, ...NAME_MODIFIERS.map((m) => `${k}:${m}`)].filter(
        (f) => query[f] !== undefined,
      );
      if (forms.length > 1) throw new InvalidParamError(`Send one of ${forms.join(', ')}.`);
      if (forms.length === 0) continue;
      out[k] = text(forms[0], 2);
      const m = forms[0].split(':')[1] as NameModifier | undefined;
      if (m) matching[k] = m;
    }
    return Object.keys(matching).length ? { ...out, matching } : out;
  };
  const result = (criteria: TypedCriteria): ParsedSearch => ({
    criteria,
    impossible,
    includes,
    count,
    pageToken: one('_page'),
    countOnly: summary === 'count',
    noTotal: totalMode === 'none',
    ignored,
  });

  switch (type) {
    case 'Practitioner': {
      const identifiers = list('identifier')?.flatMap((v) => {
        const t = token(v);
        return t.system === undefined || t.system === '' || t.system === CPSO_SYSTEM
          ? [t.code]
          : [];
      });
      if (identifiers && identifiers.length === 0) impossible = true;
      const cpsos = both(ids, identifiers);
      if (cpsos && cpsos.length === 0) impossible = true;
      return result({
        type,
        c: {
          cpsos,
          ...nameParams(),
          lastUpdated,
        },
      });
    }
    case 'PractitionerRole': {
      const pairs = ids?.flatMap((id) => {
        const m = /^(.+)-([0-9a-f-]{36})$/i.exec(id);
        return m && isUuid(m[2]) ? [[m[1], m[2]] as const] : [];
      });
      if (pairs && pairs.length === 0) impossible = true;
      const locations = clinicRefs('location', 'Location');
      const orgs = clinicRefs('organization', 'Organization');
      const clinicIds = both(locations, orgs);
      if (clinicIds && clinicIds.length === 0) impossible = true;
      const cpsos = list('practitioner')?.map((v) =>
        referenceId('practitioner', 'Practitioner', v),
      );
      return result({
        type,
        c: {
          ids: pairs,
          cpsos,
          clinicIds,
          specialties: specialties('specialty'),
          acceptingStatuses: accepting(),
          lastUpdated,
        },
      });
    }
    case 'Location':
    case 'Organization': {
      const clinicIds = ids?.filter(isUuid);
      if (clinicIds && clinicIds.length === 0) impossible = true;
      const nearRaw = one('near');
      const near = nearRaw === undefined ? undefined : nearValue(nearRaw);
      const postal = text('address-postalcode');
      return result({
        type,
        c: {
          ids: clinicIds,
          name: text('name'),
          city: text('address-city'),
          postalCode: postal?.replace(/\s+/g, '').toUpperCase(),
          acceptingStatuses: type === 'Location' ? accepting() : undefined,
          near: near?.near,
          radiusKm: near?.radiusKm,
          lastUpdated,
        },
      });
    }
    case 'HealthcareService': {
      const pairs = ids?.flatMap((id) => {
        const clinic = id.slice(0, 36);
        const name = specialtyNames.find((n) => specialtyCode(n) === id.slice(37));
        return isUuid(clinic) && id[36] === '-' && name ? [[clinic, name] as const] : [];
      });
      if (pairs && pairs.length === 0) impossible = true;
      const clinicIds = both(
        clinicRefs('location', 'Location'),
        clinicRefs('organization', 'Organization'),
      );
      if (clinicIds && clinicIds.length === 0) impossible = true;
      return result({
        type,
        c: { ids: pairs, clinicIds, specialties: specialties('specialty'), lastUpdated },
      });
    }
  }
}
