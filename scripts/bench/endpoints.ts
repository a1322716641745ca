import { Client } from 'pg';
import { parseAcceptingStatusList } from '../../src/domain/clinics/accepting-status';
import { ClinicInclude, DoctorCriteria, GeoPoint } from '../../src/domain/directory/criteria';
import { ListCursors } from '../../src/application/shared/list-cursor';
import { PageRequest, SortKey } from '../../src/domain/shared/page';
import { DirectoryUseCases } from './recording';

export type QueryValue = string | number | boolean;
export type Query = Readonly<Record<string, QueryValue>>;

/** One request of the mix: its URL under /api/v1 and the same read made through the use cases. */
export interface Target {
  readonly path: string;
  readonly call: (u: DirectoryUseCases) => Promise<unknown>;
}

export type EndpointKind = 'list' | 'item' | 'aggregate' | 'mixed' | 'baseline' | 'feed';

/** A row of the report: requests of one shape, rotated so that no single answer is measured. */
export interface Endpoint {
  readonly name: string;
  /**
   * list: lists, search and distance orderings; item: detail, reviews, signals; aggregate: summary,
   * metadata; mixed: every data case's URLs interleaved (target: 1,500 req/s as well); baseline: no key, no database (the framework's ceiling on this machine, not a target);
   * feed: change-feed pages of 1,000 records (a copy's bulk transfer, about 600 KB a page: its
   * target is issue 34's, the same cost at any depth of the log, not a list's p99).
   */
  readonly kind: EndpointKind;
  readonly targets: readonly Target[];
}

// The query as the service reads it (criteria.mapper.ts, geo-query.dto.ts, page-request.ts).

function list(q: Query, name: string): string[] | undefined {
  const v = q[name];
  if (v === undefined) return undefined;
  const items = String(v)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return items.length ? items : undefined;
}

function bool(q: Query, name: string): boolean | undefined {
  const v = q[name];
  return v === undefined ? undefined : ['true', '1'].includes(String(v).toLowerCase());
}

function num(q: Query, name: string): number | undefined {
  const v = q[name];
  return v === undefined ? undefined : Number(v);
}

export function criteriaOf(q: Query): DoctorCriteria {
  const single = q.specialty === undefined ? undefined : String(q.specialty).trim();
  return {
    specialties: list(q, 'specialties') ?? (single ? [single] : undefined),
    languages: list(q, 'languages'),
    gender: q.gender === undefined ? undefined : (String(q.gender) as DoctorCriteria['gender']),
    minYears: num(q, 'minYears'),
    maxYears: num(q, 'maxYears'),
    accepting: bool(q, 'accepting'),
    evening: bool(q, 'evening'),
    weekend: bool(q, 'weekend'),
    wheelchair: bool(q, 'wheelchair'),
    virtualVisits: bool(q, 'virtualVisits'),
    nearTTC: bool(q, 'nearTTC'),
    openNow: bool(q, 'openNow'),
    openAt: q.openAt === undefined ? undefined : String(q.openAt),
    acceptingStatuses:
      q.acceptingStatus === undefined
        ? undefined
        : parseAcceptingStatusList(String(q.acceptingStatus)),
    near: nearOf(q),
    radiusKm: num(q, 'radiusKm'),
  };
}

function nearOf(q: Query): GeoPoint | undefined {
  return q.lat === undefined ? undefined : { lat: Number(q.lat), lng: Number(q.lng) };
}

/** The page an admin key reads (no tier cap): default 25, capped at 100. */
function pageOf(q: Query): PageRequest {
  return { limit: Math.min(num(q, 'limit') ?? 25, 100), offset: num(q, 'offset') ?? 0 };
}

function pathOf(base: string, q: Query): string {
  const qs = new URLSearchParams(
    Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return qs ? `${base}?${qs}` : base;
}

export const request = {
  doctors: (q: Query): Target => ({
    path: pathOf('/doctors', q),
    call: (u) => u.listDoctors.execute(criteriaOf(q), pageOf(q)),
  }),
  search: (q: Query): Target => ({
    path: pathOf('/doctors/search', q),
    call: (u) => u.searchDoctors.execute(String(q.q), criteriaOf(q), pageOf(q)),
  }),
  clinics: (q: Query): Target => ({
    path: pathOf('/clinics', q),
    call: (u) =>
      u.listClinics.execute(
        { ...criteriaOf(q), hasWebsite: bool(q, 'hasWebsite') },
        new Set((list(q, 'include') ?? []) as ClinicInclude[]),
        pageOf(q),
      ),
  }),
  specialists: (q: Query): Target => ({
    path: pathOf('/specialists', q),
    call: (u) => {
      const c = criteriaOf(q);
      return u.specialists.execute({ ...c, specialties: c.specialties ?? [] }, pageOf(q));
    },
  }),
  doctor: (cpso: string): Target => ({
    path: `/doctors/${encodeURIComponent(cpso)}`,
    call: (u) => u.getDoctor.execute(cpso),
  }),
  doctorReviews: (cpso: string): Target => ({
    path: `/doctors/${encodeURIComponent(cpso)}/reviews`,
    call: (u) => u.doctorReviews.execute(cpso, pageOf({})),
  }),
  doctorSignals: (cpso: string): Target => ({
    path: `/doctors/${encodeURIComponent(cpso)}/signals`,
    call: (u) => u.doctorSignals.execute(cpso),
  }),
  clinic: (id: string): Target => ({
    path: `/clinics/${id}`,
    call: (u) => u.getClinic.execute(id),
  }),
  clinicReviews: (id: string): Target => ({
    path: `/clinics/${id}/reviews`,
    call: (u) => u.clinicReviews.execute(id, pageOf({})),
  }),
  clinicSignals: (id: string): Target => ({
    path: `/clinics/${id}/signals`,
    call: (u) => u.clinicSignals.execute(id),
  }),
  summary: (): Target => ({ path: '/doctors/summary', call: (u) => u.summary.execute() }),
  /** Liveness: no key, no database, so no SQL to time. */
  ping: (): Target => ({ path: '/ping', call: async () => undefined }),
  specialties: (): Target => ({
    path: '/metadata/specialties',
    call: (u) => u.specialties.execute(),
  }),
  languages: (): Target => ({ path: '/metadata/languages', call: (u) => u.languages.execute() }),
};

/** Real values picked from the seeded directory. */
export interface Samples {
  /** Specialty names, most doctors first. */
  readonly specialties: string[];
  /** Language names other than English, most doctors first. */
  readonly languages: string[];
  /** CPSO numbers of practising doctors. */
  readonly cpsos: string[];
  readonly clinicIds: string[];
  /** Two-letter and three-letter beginnings of real first and last names. */
  readonly prefixes2: string[];
  readonly prefixes3: string[];
  /** Points in the City of Toronto. */
  readonly points: GeoPoint[];
  /**
   * Cursor pages of /doctors (issue 34, item 5): the (name, CPSO number) keys that end the 20
   * pages of 25 from row 25, and the 20 from row `deepRow` (90% down the list).
   */
  readonly pageKeys: {
    readonly start: SortKey[];
    readonly deep: SortKey[];
    readonly deepRow: number;
  };
}

/** A small deterministic generator, so that every run sends the same mix. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const unique = <T>(xs: T[]): T[] => [...new Set(xs)];

/** Picks the samples from the directory at `url` (deterministic for a given dataset). */
export async function pickSamples(url: string, size = 100): Promise<Samples> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    const counted = async (table: 'specialties' | 'languages', column: string) =>
      (
        await c.query<{ name: string }>(
          `SELECT r.name FROM ${table} r
             LEFT JOIN (SELECT u.id, count(*) AS n FROM doctor_search s, unnest(s.${column}) AS u(id) GROUP BY u.id) x
               ON x.id = r.id
            ORDER BY coalesce(x.n, 0) DESC, r.name_key`,
        )
      ).rows.map((r) => r.name);
    const specialties = await counted('specialties', 'specialty_ids');
    const languages = (await counted('languages', 'language_ids')).filter((n) => n !== 'English');
    const doctors = (
      await c.query<{ cpso_number: string; name: string }>(
        `SELECT s.cpso_number, d.name FROM doctor_search s JOIN doctors d ON d.id = s.doctor_id
          ORDER BY md5(s.cpso_number) LIMIT $1`,
        [size],
      )
    ).rows;
    const clinicIds = (
      await c.query<{ id: string }>(`SELECT id FROM clinics ORDER BY md5(id::text) LIMIT $1`, [
        size,
      ])
    ).rows.map((r) => r.id);
    const words = doctors
      .flatMap((d) => d.name.split(/\s+/))
      .filter((w) => /^[A-Za-z]{3,}$/.test(w));
    const keysFrom = async (row: number) =>
      (
        await c.query<{ name_key: string; cpso_number: string }>(
          `SELECT name_key, cpso_number FROM doctor_search ORDER BY name_key, cpso_number OFFSET $1 LIMIT 500`,
          [row],
        )
      ).rows
        .filter((_, i) => i % 25 === 0)
        .map((r): SortKey => [r.name_key, r.cpso_number]);
    const [{ n }] = (await c.query<{ n: number }>('SELECT count(*)::int AS n FROM doctor_search'))
      .rows;
    const deepRow = Math.max(25, Math.floor(n * 0.9) - 500);
    const rnd = mulberry32(20251121);
    const points = Array.from({ length: size }, () => ({
      // Etobicoke to Scarborough, the lake shore to Steeles.
      lat: Math.round((43.63 + rnd() * 0.15) * 1e4) / 1e4,
      lng: Math.round((-79.52 + rnd() * 0.3) * 1e4) / 1e4,
    }));
    return {
      specialties,
      languages,
      cpsos: doctors.map((d) => d.cpso_number),
      clinicIds,
      prefixes2: unique(words.map((w) => w.slice(0, 2).toLowerCase())).slice(0, 40),
      prefixes3: unique(words.map((w) => w.slice(0, 3).toLowerCase())).slice(0, 40),
      points,
      pageKeys: { start: await keysFrom(24), deep: await keysFrom(deepRow - 1), deepRow },
    };
  } finally {
    await c.end();
  }
}

/** `first` first, then the others, at most `n`. */
function leading(first: string, all: readonly string[], n: number): string[] {
  return unique([first, ...all])
    .filter((x) => all.includes(x))
    .slice(0, n);
}

const OFFSETS = [0, 25, 50];

/**
 * /doctors a page of 25 after a cursor (issue 34, item 5): a cursor signed with the service's
 * key-hashing secret for each sampled key, as the service would have given it.
 */
export function cursorPages(keys: readonly SortKey[], firstRow: number, secret: string): Target[] {
  const cursors = new ListCursors(secret);
  const scope = { kind: 'doctors' as const, query: criteriaOf({}) };
  return keys.map((key, i) => ({
    path: `/doctors?cursor=${encodeURIComponent(cursors.encode(scope, firstRow + i * 25, key))}`,
    call: (u) => u.listDoctors.execute(criteriaOf({}), { limit: 25, offset: 0, after: key }),
  }));
}

/**
 * The fixed mix of the benchmark (issue 3, item 4); with the service's key-hashing secret, also
 * cursor pages at the start and 90% down the doctors list (not in the mixed row).
 */
export function benchEndpoints(s: Samples, cursorSecret?: string): Endpoint[] {
  const cases = dataEndpoints(s);
  const cursorCases: Endpoint[] = cursorSecret
    ? [
        {
          name: 'doctors cursor page, start',
          kind: 'list',
          targets: cursorPages(s.pageKeys.start, 25, cursorSecret),
        },
        {
          name: `doctors cursor page, row ${s.pageKeys.deepRow.toLocaleString('en')}`,
          kind: 'list',
          targets: cursorPages(s.pageKeys.deep, s.pageKeys.deepRow, cursorSecret),
        },
      ]
    : [];
  return [
    ...cursorCases,
    ...cases,
    {
      name: 'mixed',
      kind: 'mixed',
      targets: interleave(cases.filter((e) => e.kind !== 'aggregate')),
    },
    { name: 'summary', kind: 'aggregate', targets: [request.summary()] },
    { name: 'metadata specialties', kind: 'aggregate', targets: [request.specialties()] },
    { name: 'metadata languages', kind: 'aggregate', targets: [request.languages()] },
    { name: 'ping (baseline)', kind: 'baseline', targets: [request.ping()] },
  ];
}

/** Round robin over the cases' URLs: one of each case in turn, until every URL is taken once. */
export function interleave(cases: readonly Endpoint[]): Target[] {
  const out: Target[] = [];
  const longest = Math.max(...cases.map((e) => e.targets.length));
  for (let i = 0; i < longest; i++) {
    for (const e of cases) if (i < e.targets.length) out.push(e.targets[i]);
  }
  return out;
}

/** The lists, searches, distance orderings and items of the mix. */
function dataEndpoints(s: Samples): Endpoint[] {
  const langs = leading('Punjabi', s.languages, 8);
  const specs = leading('Cardiology', s.specialties, 8);
  const specialistSpecs = leading(
    'Cardiology',
    s.specialties.filter((x) => x !== 'Family Medicine'),
    6,
  );
  const clinicFilters: Query[] = [
    { accepting: true },
    ...langs.slice(0, 3).map((l) => ({ languages: l })),
    ...specs.slice(0, 3).map((x) => ({ specialties: x })),
    { wheelchair: true, accepting: true },
  ];
  return [
    {
      name: 'doctors accepting+languages',
      kind: 'list',
      targets: langs.flatMap((l) =>
        OFFSETS.map((offset) => request.doctors({ accepting: true, languages: l, offset })),
      ),
    },
    {
      name: 'doctors specialties+gender',
      kind: 'list',
      targets: specs.flatMap((x) =>
        ['female', 'male'].flatMap((gender) =>
          [0, 25].map((offset) => request.doctors({ specialties: x, gender, offset })),
        ),
      ),
    },
    {
      name: 'doctors evening+nearTTC',
      kind: 'list',
      targets: Array.from({ length: 20 }, (_, i) =>
        request.doctors({ evening: true, nearTTC: true, offset: i * 25 }),
      ),
    },
    {
      name: 'doctors minYears+maxYears',
      kind: 'list',
      targets: [
        [10, 30],
        [5, 15],
        [20, 40],
        [0, 5],
        [15, 25],
      ].flatMap(([minYears, maxYears]) =>
        OFFSETS.map((offset) => request.doctors({ minYears, maxYears, offset })),
      ),
    },
    {
      name: 'search q=2 letters',
      kind: 'list',
      targets: s.prefixes2.map((q) => request.search({ q })),
    },
    {
      name: 'search q=3 letters',
      kind: 'list',
      targets: s.prefixes3.map((q) => request.search({ q })),
    },
    {
      name: 'search q=CPSO',
      kind: 'list',
      targets: s.cpsos.slice(0, 50).map((q) => request.search({ q })),
    },
    {
      name: 'clinics by distance+filter',
      kind: 'list',
      targets: s.points
        .slice(0, 40)
        .map((p, i) =>
          request.clinics({ lat: p.lat, lng: p.lng, ...clinicFilters[i % clinicFilters.length] }),
        ),
    },
    {
      name: 'doctors by distance+filter',
      kind: 'list',
      targets: s.points
        .slice(0, 40)
        .map((p, i) =>
          request.doctors({ lat: p.lat, lng: p.lng, ...clinicFilters[i % clinicFilters.length] }),
        ),
    },
    {
      name: 'doctors within 5 km',
      kind: 'list',
      targets: s.points.slice(0, 40).map((p, i) =>
        request.doctors({
          lat: p.lat,
          lng: p.lng,
          radiusKm: 5,
          ...(i % 2 ? { accepting: true } : { languages: langs[i % langs.length] }),
        }),
      ),
    },
    {
      name: 'search q=3 letters by distance',
      kind: 'list',
      targets: s.prefixes3.map((q, i) =>
        request.search({ q, lat: s.points[i].lat, lng: s.points[i].lng }),
      ),
    },
    {
      name: 'clinics within 3 km',
      kind: 'list',
      targets: s.points.slice(40, 80).map((p, i) =>
        request.clinics({
          lat: p.lat,
          lng: p.lng,
          radiusKm: 3,
          ...clinicFilters[i % clinicFilters.length],
        }),
      ),
    },
    {
      name: 'specialists by wait',
      kind: 'list',
      targets: specialistSpecs.flatMap((specialty) =>
        OFFSETS.map((offset) => request.specialists({ specialty, offset })),
      ),
    },
    {
      name: 'specialists by distance',
      kind: 'list',
      targets: s.points.slice(40, 76).map((p, i) =>
        request.specialists({
          specialty: specialistSpecs[i % specialistSpecs.length],
          lat: p.lat,
          lng: p.lng,
        }),
      ),
    },
    { name: 'doctor detail', kind: 'item', targets: s.cpsos.map(request.doctor) },
    { name: 'doctor reviews', kind: 'item', targets: s.cpsos.map(request.doctorReviews) },
    { name: 'doctor signals', kind: 'item', targets: s.cpsos.map(request.doctorSignals) },
    { name: 'clinic detail', kind: 'item', targets: s.clinicIds.map(request.clinic) },
    { name: 'clinic reviews', kind: 'item', targets: s.clinicIds.map(request.clinicReviews) },
    { name: 'clinic signals', kind: 'item', targets: s.clinicIds.map(request.clinicSignals) },
  ];
}
