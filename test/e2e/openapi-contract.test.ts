import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { C1 } from '../fixtures/directory.fixture';
import { authHeaders } from '../support/auth';
import { useFixtureApp } from '../support/fixture-app';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * The document and the service cannot drift apart: a real request to every operation of the
 * OpenAPI document the service serves, each answer (status and body) validated against the
 * document's own schema for that status, with a JSON Schema validator (issue 8, item 6).
 */
describe('answers match the OpenAPI document (every operation)', () => {
  const f = useFixtureApp('openapi_contract');
  let doc: Json;
  let ajv: Ajv;

  beforeAll(async () => {
    doc = (await f.t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    // OpenAPI 3.0 schemas: `nullable` is understood by Ajv; `example` is an annotation.
    ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addKeyword('example');
    ajv.addSchema(doc, 'openapi');
  });

  const pointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
  function validatorFor(path: string, method: string, status: number): ValidateFunction {
    const response = doc.paths[path][method].responses[String(status)];
    if (!response) throw new Error(`${method.toUpperCase()} ${path}: ${status} is not documented`);
    const type = Object.keys(response.content ?? {})[0];
    return ajv.compile({
      $ref: `openapi#/paths/${pointer(path)}/${method}/responses/${status}/content/${pointer(type)}/schema`,
    });
  }

  /** Each operation of the document and the request that exercises it on the fixture. */
  const SUCCESS: Record<string, { url: string; method?: 'POST'; key?: 'live' | 'none' }[]> = {
    getApiReadiness: [{ url: '/api/v1', key: 'none' }],
    getApiLiveness: [{ url: '/api/v1/ping', key: 'none' }],
    rotateKey: [{ url: '/api/v1/keys/rotate', method: 'POST' }],
    listDoctors: [
      { url: '/api/v1/doctors?limit=3' },
      { url: '/api/v1/doctors?near=Finch&radiusKm=50&languages=English' },
    ],
    searchDoctors: [
      { url: '/api/v1/doctors/search?q=al' },
      { url: '/api/v1/doctors/search?q=al&lat=43.66&lng=-79.39' },
    ],
    getDoctorSummary: [{ url: '/api/v1/doctors/summary' }],
    getDoctor: [{ url: '/api/v1/doctors/900001' }],
    listDoctorReviews: [{ url: '/api/v1/doctors/900001/reviews' }],
    getDoctorSignals: [{ url: '/api/v1/doctors/900001/signals' }],
    listClinics: [
      { url: '/api/v1/clinics?include=notes,links' },
      { url: '/api/v1/clinics?near=M5S&radiusKm=5' },
    ],
    getClinic: [{ url: `/api/v1/clinics/${C1}?include=notes,links` }],
    listClinicReviews: [{ url: `/api/v1/clinics/${C1}/reviews` }],
    getClinicSignals: [{ url: `/api/v1/clinics/${C1}/signals` }],
    listSpecialists: [
      { url: '/api/v1/specialists?specialty=Cardiology' },
      { url: '/api/v1/specialists?specialty=Cardiology&lat=43.76&lng=-79.41' },
    ],
    listSpecialties: [{ url: '/api/v1/metadata/specialties' }],
    listLanguages: [{ url: '/api/v1/metadata/languages' }],
    // The fixture's directory is the migration's first data version (1).
    getBulkManifest: [{ url: '/api/v1/bulk' }],
    getBulkFile: [{ url: '/api/v1/bulk/1/doctors.ndjson' }],
    listChanges: [{ url: '/api/v1/changes' }, { url: '/api/v1/changes?limit=5' }],
    getRecordSchema: [{ url: '/api/v1/schemas/directory-record.schema.json', key: 'none' }],
  };

  function operations(): { path: string; method: string; id: string }[] {
    return Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item as Json).map(([method, op]) => ({
        path,
        method,
        id: (op as Json).operationId,
      })),
    );
  }

  it('every documented operation has a request here (a new one must be added)', () => {
    expect(
      operations()
        .map((o) => o.id)
        .sort(),
    ).toEqual(Object.keys(SUCCESS).sort());
  });

  it('every success answer validates against the document', async () => {
    const failures: string[] = [];
    for (const op of operations()) {
      for (const r of SUCCESS[op.id]) {
        const headers = r.key === 'none' ? {} : await authHeaders(f.t, 'live');
        const res = await f.t.app.inject({ method: r.method ?? 'GET', url: r.url, headers });
        if (res.statusCode !== 200) {
          failures.push(`${r.url}: status ${res.statusCode}`);
          continue;
        }
        const validate = validatorFor(op.path, op.method, 200);
        // JSON answers parsed; text (ping) and NDJSON (a bulk file) as the string they are.
        const type = String(res.headers['content-type']);
        const body = /^application\/([a-z.-]+\+)?json/.test(type) ? res.json() : res.body;
        if (!validate(body)) failures.push(`${r.url}: ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('error answers validate against the document for their status', async () => {
    const auth = await authHeaders(f.t, 'live');
    const cases: [string, string, number, Record<string, string>][] = [
      ['/api/v1/doctors/{cpso}', '/api/v1/doctors/100', 404, auth],
      ['/api/v1/clinics/{id}', '/api/v1/clinics/99999999-9999-4999-8999-999999999999', 404, auth],
      ['/api/v1/doctors', '/api/v1/doctors?limit=abc', 400, auth],
      ['/api/v1/doctors', '/api/v1/doctors?radiusKm=3', 400, auth],
      ['/api/v1/doctors/search', '/api/v1/doctors/search', 400, auth],
      ['/api/v1/doctors', '/api/v1/doctors', 401, {}],
      ['/api/v1/clinics', '/api/v1/clinics', 401, { Authorization: 'Bearer nope' }],
      ['/api/v1/ping', '/api/v1/ping?x=%00', 400, {}],
    ];
    for (const [path, url, status, headers] of cases) {
      const res = await f.t.app.inject({ method: 'GET', url, headers });
      expect([url, res.statusCode]).toEqual([url, status]);
      const validate = validatorFor(path, 'get', status);
      expect([url, validate(res.json()), ajv.errorsText(validate.errors)]).toEqual([
        url,
        true,
        'No errors',
      ]);
    }
  });

  it('documents what the issue asked: public security, string sourceUrl, no JWT, examples per code', () => {
    expect(doc.paths['/api/v1'].get.security).toEqual([]);
    expect(doc.paths['/api/v1/ping'].get.security).toEqual([]);
    expect(doc.components.schemas.ReviewDto.properties.sourceUrl.type).toBe('string');
    expect(doc.components.schemas.DoctorReviewDto.required).toContain('sourceUrl');
    expect(doc.components.securitySchemes.bearer.bearerFormat).toBeUndefined();
    const example = (status: number) =>
      doc.paths['/api/v1/doctors/{cpso}'].get.responses[status].content['application/json'].schema
        .example.error;
    expect([400, 401, 403, 404, 429, 503].map(example)).toEqual([
      'invalid_param',
      'missing_key',
      'forbidden',
      'not_found',
      'rate_limited',
      'unavailable',
    ]);
    expect(doc.components.schemas.DoctorDto.properties.name.example).toMatch(/\w+ \w+/);
    expect(doc.info.license.name).toBeTruthy();
  });
});
