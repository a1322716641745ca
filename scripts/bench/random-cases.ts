import { DataSource } from 'typeorm';
import { directoryCriteria } from '../../src/application/shared/directory-criteria';
import { ListCursors, ListKind, ListScope } from '../../src/application/shared/list-cursor';
import { DoctorCriteria, GENDERS, GeoPoint } from '../../src/domain/directory/criteria';
import { findStation } from '../../src/domain/geo/location';
import { Page, PageRequest } from '../../src/domain/shared/page';
import { TypeOrmMetadataRepository } from '../../src/infrastructure/persistence/metadata/typeorm-metadata.repository';
import { Query, QueryValue, Target } from './endpoints';
import {
  drawFromPools,
  pathOf,
  RandomCase,
  RandomClass,
  RandomList,
  RandomPools,
} from './random-draws';
import { directoryUseCases, DirectoryUseCases } from './recording';

export {
  drawFromPools,
  PageKind,
  RANDOM_CLASSES,
  RandomCase,
  RandomClass,
  RandomList,
  RandomPools,
} from './random-draws';

/**
 * Random cases (issue 32, item 1), as the service reads them: what random-draws.ts draws, turned
 * into the use cases' criteria and pages (the targets `npm run bench` and `npm run plans` send),
 * cursor cases resolved to the cursor the service would have given, and the pools read from the
 * directory.
 */

// The query as the controllers read it (query-transforms.ts, criteria.mapper.ts, the controllers).

function listOf(v: QueryValue | undefined): string[] | undefined {
  if (v === undefined) return undefined;
  const items = String(v)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return items.length ? items : undefined;
}

const boolOf = (v: QueryValue | undefined) =>
  v === undefined ? undefined : ['true', '1'].includes(String(v).toLowerCase());
const numOf = (v: QueryValue | undefined) => (v === undefined ? undefined : Number(v));

function pointOf(q: Query): GeoPoint | undefined {
  if (q.lat !== undefined) return { lat: Number(q.lat), lng: Number(q.lng) };
  if (q.near === undefined) return undefined;
  const station = findStation(String(q.near));
  if (!station) throw new Error(`near=${String(q.near)} is not a station`);
  return { lat: station.lat, lng: station.lng };
}

/** The criteria the controller of `list` builds from `q` (and so the cursor's scope). */
export function serviceCriteria(
  list: RandomList,
  q: Query,
): DoctorCriteria & { readonly hasWebsite?: boolean } {
  const filters = directoryCriteria({
    specialties: listOf(q.specialties),
    specialty: q.specialty === undefined ? undefined : String(q.specialty),
    languages: listOf(q.languages),
    gender: q.gender as (typeof GENDERS)[number] | undefined,
    minYears: numOf(q.minYears),
    maxYears: numOf(q.maxYears),
    accepting: boolOf(q.accepting),
    evening: boolOf(q.evening),
    weekend: boolOf(q.weekend),
    wheelchair: boolOf(q.wheelchair),
    virtualVisits: boolOf(q.virtualVisits),
    nearTTC: boolOf(q.nearTTC),
    openNow: boolOf(q.openNow),
    openAt: q.openAt === undefined ? undefined : String(q.openAt),
    acceptingStatus: q.acceptingStatus === undefined ? undefined : String(q.acceptingStatus),
  });
  const location = { near: pointOf(q), radiusKm: numOf(q.radiusKm) };
  if (list === 'clinics') return { ...filters, hasWebsite: boolOf(q.hasWebsite), ...location };
  if (list === 'specialists')
    return { ...filters, specialties: filters.specialties ?? [], ...location };
  return { ...filters, ...location };
}

function scopeOf(c: RandomCase): ListScope {
  const criteria = serviceCriteria(c.list, c.query);
  const near = criteria.near !== undefined;
  const kind: ListKind =
    c.list === 'search'
      ? 'search'
      : c.list === 'doctors'
        ? near
          ? 'doctors-near'
          : 'doctors'
        : c.list === 'clinics'
          ? near
            ? 'clinics-near'
            : 'clinics'
          : near
            ? 'specialists-near'
            : 'specialists';
  return { kind, query: c.list === 'search' ? { ...criteria, q: c.query.q } : criteria };
}

/** The page the service reads for the case's query (offset, limit, or after a cursor's key). */
function pageOf(c: RandomCase): PageRequest {
  return c.after
    ? { limit: c.limit, offset: 0, after: c.after }
    : { limit: c.limit, offset: numOf(c.query.offset) ?? 0 };
}

function read(u: DirectoryUseCases, c: RandomCase, page: PageRequest): Promise<Page<unknown>> {
  const criteria = serviceCriteria(c.list, c.query);
  switch (c.list) {
    case 'doctors':
      return u.listDoctors.execute(criteria, page);
    case 'search':
      return u.searchDoctors.execute(String(c.query.q), criteria, page);
    case 'clinics':
      return u.listClinics.execute(criteria, new Set(), page);
    case 'specialists':
      return u.specialists.execute({ ...criteria, specialties: criteria.specialties ?? [] }, page);
  }
}

/** The case as a target of the bench and the plans: its URL and the same read through the use cases. */
export function targetOf(c: RandomCase): Target {
  return { path: c.path, call: (u) => read(u, c, pageOf(c)) };
}

/**
 * A cursor case as a client who paged gets it: the page at the drawn row is read (or, when the
 * list is shorter, the middle of the list), and the cursor after its last row is signed with
 * the service's secret, as its nextCursor would be. A list of at most one page keeps the offset
 * (a page past the end).
 */
async function resolveCursor(u: DirectoryUseCases, c: RandomCase, secret: string) {
  const { offset, ...rest } = c.query;
  let row = Number(offset);
  let page = await read(u, c, { limit: c.limit, offset: row });
  if (page.items.length < c.limit && page.total > c.limit) {
    row = Math.floor((page.total - c.limit) / 2);
    page = await read(u, c, { limit: c.limit, offset: row });
  }
  if (page.items.length < c.limit || !page.lastKey) return { ...c, page: 'offset' as const };
  const cursor = new ListCursors(secret).encode(scopeOf(c), row + c.limit, page.lastKey);
  const query = { ...rest, cursor };
  return { ...c, query, after: page.lastKey, path: pathOf(c.list, query) };
}

/** Every name and number the generator draws from: the metadata's lists, a seeded sample of doctors. */
export async function readPools(ds: DataSource, seed: number, size = 2000): Promise<RandomPools> {
  const metadata = new TypeOrmMetadataRepository(ds);
  const doctors = await ds.query<{ name: string; cpso_number: string }[]>(
    `SELECT d.name, s.cpso_number FROM doctor_search s JOIN doctors d ON d.id = s.doctor_id
      ORDER BY md5(s.cpso_number || $1::text) LIMIT $2`,
    [String(seed), size],
  );
  const pools = {
    specialties: (await metadata.specialties()).map((x) => x.name),
    languages: (await metadata.languages()).map((x) => x.name),
    names: doctors.map((d) => d.name),
    cpsos: doctors.map((d) => d.cpso_number),
  };
  if (!pools.specialties.length || !pools.languages.length || !pools.cpsos.length)
    throw new Error('random cases: the directory has no specialties, languages or doctors');
  return pools;
}

/**
 * The random classes for `seed` on the directory of `ds`: drawn from its pools, cursor cases
 * read through the use cases and signed with `cursorSecret` (the service's KEY_HASH_SECRET).
 */
export async function drawRandomCases(
  ds: DataSource,
  seed: number,
  perClass: number,
  cursorSecret: string,
): Promise<RandomClass[]> {
  const drawn = drawFromPools(await readPools(ds, seed), seed, perClass);
  const u = directoryUseCases(ds);
  const out: RandomClass[] = [];
  for (const k of drawn) {
    const cases: RandomCase[] = [];
    for (const c of k.cases)
      cases.push(c.page === 'cursor' ? await resolveCursor(u, c, cursorSecret) : c);
    out.push({ name: k.name, cases });
  }
  return out;
}
