import { SeededRandom } from '../../src/infrastructure/seed/seeded-random';
import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { TTC_SUBWAY_STATIONS } from '../../src/domain/geo/ttc-subway-stations';
import { seedDemoData } from '../../src/infrastructure/seed/demo-data.seeder';
import { authHeaders } from '../support/auth';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const SEED = Number(process.env.FUZZ_SEED ?? 20261201);
const RUNS = Number(process.env.CONTRACT_RUNS ?? 400);
const NOW = new Date('2026-11-01T15:00:00Z');

/**
 * Issue 51, item 6: the answers match the document the service serves, on random valid requests.
 * Every operation of the document is called with parameters drawn (seeded) from what its
 * parameters allow, with real values of the demo data (CPSO numbers, clinic ids, catalogue names,
 * stations, points in the GTA, cursors the service gave), on a directory that has clinics with
 * unknown hours and split days; every answer (200, or a 4xx for a combination the rules refuse)
 * is validated against the document's schema for its status.
 */
describe(`answers match the OpenAPI document on random requests (seed ${SEED}, ${RUNS} runs)`, () => {
  let db: TestDatabase;
  let t: TestApp;
  let doc: Json;
  let ajv: Ajv;
  let live: Record<string, string>;
  const pools = {
    cpso: [] as string[],
    clinicIds: [] as string[],
    names: [] as string[],
    specialties: [] as string[],
    languages: [] as string[],
    cursors: new Map<string, string[]>(),
  };

  beforeAll(async () => {
    db = await createTestDatabase('openapi_random');
    await seedDemoData(db.dataSource, { doctors: 600, now: NOW });
    t = await createTestApp(db, { LIVE_RATE_PER_MIN: '1000000' });
    live = await authHeaders(t, 'live');
    doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(doc, 'openapi');
    const get = async (url: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: live })).json();
    const doctors = (await get('/doctors?limit=100')).doctors as Json[];
    pools.cpso = doctors.map((d) => d.cpsoNumber);
    pools.names = doctors.map((d) => d.name);
    pools.clinicIds = ((await get('/clinics?limit=100')).clinics as Json[]).map((c) => c.id);
    // Clinics without hours are drawn too: the shape of unknown hours must match the document.
    const unknown = await db.dataSource.query<{ id: string }[]>(
      `SELECT id FROM clinics WHERE hours IS NULL LIMIT 20`,
    );
    expect(unknown.length).toBeGreaterThan(0);
    pools.clinicIds.push(...unknown.map((r) => r.id));
    const withUnknown = await db.dataSource.query<{ cpso_number: string }[]>(
      `SELECT d.cpso_number FROM doctors d JOIN doctor_clinics dc ON dc.doctor_id = d.id AND dc.is_primary
         JOIN clinics c ON c.id = dc.clinic_id WHERE c.hours IS NULL AND d.expired_at IS NULL LIMIT 20`,
    );
    pools.cpso.push(...withUnknown.map((r) => r.cpso_number));
    pools.specialties = ((await get('/metadata/specialties')).specialties as Json[]).map(
      (s) => s.name,
    );
    pools.languages = ((await get('/metadata/languages')).languages as Json[]).map((s) => s.name);
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  const pointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
  const validators = new Map<string, ValidateFunction>();
  function validatorFor(path: string, method: string, status: number): ValidateFunction | null {
    const key = `${method} ${path} ${status}`;
    if (validators.has(key)) return validators.get(key)!;
    const response = doc.paths[path][method].responses[String(status)];
    if (!response) return null;
    const type = Object.keys(response.content ?? {})[0];
    const v = ajv.compile({
      $ref: `openapi#/paths/${pointer(path)}/${method}/responses/${status}/content/${pointer(type)}/schema`,
    });
    validators.set(key, v);
    return v;
  }

  /** A value for one query parameter, drawn from what it allows and from the demo's data. */
  function valueFor(name: string, schema: Json, r: () => number): string {
    const pick = <T>(a: readonly T[]) => a[Math.floor(r() * a.length)];
    const some = (a: readonly string[]) =>
      [...new Set(Array.from({ length: 1 + Math.floor(r() * 3) }, () => pick(a)))].join(',');
    switch (name) {
      case 'specialties':
      case 'specialty':
        return name === 'specialty' ? pick(pools.specialties) : some(pools.specialties);
      case 'languages':
        return some(pools.languages);
      case 'q':
        return r() < 0.2 ? pick(pools.cpso) : pick(pools.names).slice(0, 2 + Math.floor(r() * 4));
      case 'near':
        return r() < 0.5 ? pick(TTC_SUBWAY_STATIONS).name : pick(['M5S', 'M2N', 'M4W 1A1', 'L3R']);
      case 'lat':
        return (43.6 + r() * 0.25).toFixed(4);
      case 'lng':
        return (-79.6 + r() * 0.35).toFixed(4);
      case 'radiusKm':
        return String(1 + Math.floor(r() * 30));
      case 'openAt':
        return new Date(
          Date.now() + Math.floor(r() * 50) * 86_400_000 + Math.floor(r() * 86_400_000),
        )
          .toISOString()
          .slice(0, 16);
      case 'acceptingStatus':
        return some([
          'accepting',
          'existing-patients-only',
          'existing-patients-family',
          'not-accepting',
          'unknown',
        ]);
      case 'include':
        return some(['notes', 'links']);
      case 'cpso':
        return some(pools.cpso);
      case 'id':
        return some(pools.clinicIds);
      case 'offset':
        return String(Math.floor(r() * 60));
      case 'limit':
        return String(Math.floor(r() * 30));
      case 'minYears':
        return String(Math.floor(r() * 20));
      case 'maxYears':
        return String(20 + Math.floor(r() * 30));
    }
    if (schema?.enum) return String(pick(schema.enum));
    if (schema?.type === 'boolean') return r() < 0.5 ? 'true' : 'false';
    if (schema?.type === 'integer') return String(Math.floor(r() * 10));
    return 'x';
  }

  /** Parameters that the rules keep apart: drop one of each pair drawn together. */
  function coherent(query: Map<string, string>): void {
    if (query.has('cpso') || query.has('id'))
      for (const k of [...query.keys()])
        if (!['cpso', 'id', 'include'].includes(k)) query.delete(k);
    if (query.has('near')) {
      query.delete('lat');
      query.delete('lng');
    }
    if (query.has('lat') !== query.has('lng')) {
      query.delete('lat');
      query.delete('lng');
    }
    if (query.has('radiusKm') && !query.has('near') && !query.has('lat')) query.delete('radiusKm');
    if (query.has('openNow')) query.delete('openAt');
    if (query.get('openNow') === 'false') query.delete('openNow');
    if (query.has('cursor')) query.delete('offset');
  }

  it('validates every answer of every operation, on random valid parameters', async () => {
    const ops: { path: string; method: string; params: Json[] }[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Json>))
      for (const method of ['get', 'post'])
        if (item[method] && path !== '/api/v1/keys/rotate')
          ops.push({ path, method, params: item[method].parameters ?? [] });
    const statuses = new Map<string, number>();
    const failures: string[] = [];
    const refusals = new Map<string, string>();
    const served = await t.app.inject({
      method: 'GET',
      url: '/api/v1/schemas/directory-record.schema.json',
    });
    expect(served.statusCode).toBe(200);
    const recordSchema = new Ajv({ strict: false, allErrors: true });
    addFormats(recordSchema);
    const validateRecord = recordSchema.compile(served.json());
    const recordSchemaCheck = Object.assign((r: unknown) => validateRecord(r), {
      get errors() {
        return validateRecord.errors;
      },
    });
    const draws = fc.sample(fc.tuple(fc.nat(), fc.nat()), { seed: SEED, numRuns: RUNS });
    for (const [which, seed] of draws) {
      const random = new SeededRandom(seed);
      const r = () => random.next();
      const op = ops[which % ops.length];
      let url = op.path;
      for (const p of op.params.filter((x: Json) => x.in === 'path')) {
        const v =
          p.name === 'cpso'
            ? pools.cpso[Math.floor(r() * pools.cpso.length)]
            : p.name === 'id'
              ? pools.clinicIds[Math.floor(r() * pools.clinicIds.length)]
              : p.name === 'file'
                ? ['clinics', 'doctors', 'offerings', 'reviews'][Math.floor(r() * 4)] + '.ndjson'
                : String(p.example ?? p.schema?.example ?? 'x');
        url = url.replace(`{${p.name}}`, encodeURIComponent(v));
      }
      if (op.path === '/api/v1/bulk/{version}/{file}') {
        const manifest = (
          await t.app.inject({ method: 'GET', url: '/api/v1/bulk', headers: live })
        ).json();
        url = url.replace(
          /bulk\/[^/]+\//,
          `bulk/${manifest.transactionTime ? manifest.output[0].url.split('/').slice(-2)[0] : '1'}/`,
        );
      }
      const query = new Map<string, string>();
      for (const p of op.params.filter((x: Json) => x.in === 'query')) {
        if (p.name === 'cursor' || p.name === 'since') continue; // only as the service gave them
        const needed = p.required || (p.name === 'q' && op.path.endsWith('/search'));
        if (needed || (p.name === 'specialty' && op.path.endsWith('/specialists')) || r() < 0.25)
          query.set(p.name, valueFor(p.name, p.schema, r));
      }
      const cursors = pools.cursors.get(op.path);
      if (cursors?.length && r() < 0.3)
        query.set('cursor', cursors[Math.floor(r() * cursors.length)]);
      coherent(query);
      const qs = [...query].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
      const full = qs ? `${url}?${qs}` : url;
      const res = await t.app.inject({
        method: op.method.toUpperCase() as 'GET',
        url: full,
        headers: live,
      });
      const key = `${op.method.toUpperCase()} ${op.path} ${res.statusCode}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      const validate = validatorFor(op.path, op.method, res.statusCode);
      if (!validate) {
        failures.push(`${full}: status ${res.statusCode} is not documented`);
        continue;
      }
      const type = String(res.headers['content-type']);
      const body = /^application\/([a-z.-]+\+)?json/.test(type) ? res.json() : res.body;
      if (res.statusCode === 200 && body?.nextCursor)
        pools.cursors.set(
          op.path,
          [...(pools.cursors.get(op.path) ?? []), body.nextCursor].slice(-5),
        );
      if (res.statusCode === 400 && !refusals.has(op.path))
        refusals.set(op.path, `${full}: ${JSON.stringify(body).slice(0, 200)}`);
      // The records of the bulk files and the change feed against the record schema served.
      if (res.statusCode === 200 && op.path === '/api/v1/bulk/{version}/{file}')
        for (const line of String(body).split('\n').filter(Boolean).slice(0, 200))
          if (!recordSchemaCheck(JSON.parse(line)))
            failures.push(`${full}: a line: ${ajv.errorsText(recordSchemaCheck.errors)}`);
      if (res.statusCode === 200 && op.path === '/api/v1/changes')
        for (const c of (body.changes ?? []) as Json[])
          if (c.record && !recordSchemaCheck(c.record))
            failures.push(`${full}: a record: ${ajv.errorsText(recordSchemaCheck.errors)}`);
      if (res.statusCode >= 500) failures.push(`${full}: ${res.statusCode}`);
      else if (!validate(body))
        failures.push(`${full} (${res.statusCode}): ${ajv.errorsText(validate.errors)}`);
    }
    process.stdout.write(
      `openapi-random: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}\n`,
    );
    for (const v of refusals.values()) process.stdout.write(`openapi-random: a refusal: ${v}\n`);
    expect(failures.slice(0, 10)).toEqual([]);
    // Most draws are answered (a refused combination is the exception, not the rule).
    const ok = [...statuses].filter(([k]) => k.endsWith(' 200')).reduce((n, [, c]) => n + c, 0);
    expect(ok).toBeGreaterThan(RUNS * 0.7);
  });
});
