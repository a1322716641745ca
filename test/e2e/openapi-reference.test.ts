import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import pino from 'pino';
import { AppModule } from '../../src/app.module';
import { loadConfig } from '../../src/infrastructure/config/app-config';
import { createHttpApp } from '../../src/interface/http/http-app.factory';
import { openApiDocumentOf } from '../../src/interface/http/openapi/openapi.setup';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * The OpenAPI document is a reference to build from (issue 36, item 4): every operation says
 * what it answers (a description with an example request, a summary, every error response), and
 * has a full example answer; every property and parameter has a description and a realistic
 * example; and every example is valid against its own schema, so none can drift from it.
 * Each failure names the operation, schema property or parameter and what it lacks.
 *
 * The document is built in-process the way `npm run openapi:document` builds it (preview mode:
 * routes and DTOs only, no database), so this needs no PostgreSQL.
 */
describe('the OpenAPI document is a reference (descriptions, examples, full answers)', () => {
  let doc: Json;
  let ajv: Ajv;

  beforeAll(async () => {
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: 'postgres://preview@127.0.0.1:1/none',
      KEY_HASH_SECRET: 'openapi-reference-test-secret-0123456789',
      LOG_LEVEL: 'silent',
      METRICS_PORT: '',
    });
    const database = {
      url: config.databaseUrl!,
      embedded: false,
      keyHashSecret: config.keyHashSecret!,
      stop: async () => undefined,
    };
    const app = await createHttpApp(
      AppModule.forRoot({ config, database }),
      config,
      pino({ level: 'silent' }),
      { preview: true },
    );
    doc = JSON.parse(JSON.stringify(openApiDocumentOf(app)));
    await app.close();
    ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(toJsonSchema(doc), 'openapi');
  });

  function operations(): { path: string; method: string; op: Json; name: string }[] {
    return Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((m) => (item as Json)[m]).map((method) => {
        const op = (item as Json)[method];
        return { path, method, op, name: `${op.operationId} (${method.toUpperCase()} ${path})` };
      }),
    );
  }

  const pointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
  const validators = new Map<string, ValidateFunction>();
  function validate(ref: string, value: unknown): string | undefined {
    let v = validators.get(ref);
    if (!v) {
      v = ajv.compile({ $ref: `openapi#${ref}` });
      validators.set(ref, v);
    }
    return v(value) ? undefined : ajv.errorsText(v.errors, { dataVar: 'example' });
  }

  /** The example of a media type: `example`, the first of `examples`, or the schema's own. */
  function exampleOf(media: Json): { value: unknown; where: string } | undefined {
    if (media.example !== undefined) return { value: media.example, where: 'example' };
    const named = Object.entries(media.examples ?? {})[0] as [string, Json] | undefined;
    if (named) return { value: named[1].value, where: `examples/${pointer(named[0])}/value` };
    if (media.schema?.example !== undefined)
      return { value: media.schema.example, where: 'schema/example' };
    return undefined;
  }

  it('documents at least the operations of api-v1.md', () => {
    const ids = operations().map((o) => o.op.operationId);
    for (const id of [
      'getApiReadiness',
      'getApiLiveness',
      'rotateKey',
      'listDoctors',
      'searchDoctors',
      'getDoctorSummary',
      'getDoctor',
      'listDoctorReviews',
      'getDoctorSignals',
      'listClinics',
      'getClinic',
      'listClinicReviews',
      'getClinicSignals',
      'listSpecialists',
      'listSpecialties',
      'listLanguages',
    ]) {
      expect(ids).toContain(id);
    }
  });

  it('every operation has a summary, a description with an example request, and described responses', () => {
    const problems: string[] = [];
    for (const { op, name, method } of operations()) {
      if (!op.summary?.trim()) problems.push(`${name}: no summary`);
      const d: string = op.description ?? '';
      if (d.trim().length < 80)
        problems.push(`${name}: no description (or under 80 characters): say what it answers`);
      else if (!/curl /.test(d))
        problems.push(`${name}: the description has no example request (a \`curl\` line)`);
      else if (op.security?.length && !/Authorization: Bearer/.test(d))
        problems.push(`${name}: the example request sends no \`Authorization: Bearer\` key`);
      if (method !== 'get' && !/-X ?[A-Z]+/.test(d))
        problems.push(`${name}: the example request does not say its method (-X ${method})`);
      for (const [status, r] of Object.entries<Json>(op.responses ?? {})) {
        if (!r.description?.trim()) problems.push(`${name}: response ${status} has no description`);
      }
      const statuses = Object.keys(op.responses ?? {});
      const ok = statuses.find((s) => s.startsWith('2'));
      if (!ok) problems.push(`${name}: no 2xx response documented`);
      else if (!Object.keys(op.responses[ok].content ?? {}).length)
        problems.push(
          `${name}: response ${ok} declares no content (media type, schema and example answer)`,
        );
      if (op.security?.length) {
        for (const s of ['401', '429'])
          if (!statuses.includes(s)) problems.push(`${name}: the ${s} error is not documented`);
      }
      if (op.parameters?.some((p: Json) => p.in === 'path') && !statuses.includes('404'))
        problems.push(`${name}: takes a path id but documents no 404`);
      if (!statuses.includes('400'))
        problems.push(`${name}: the 400 error (malformed request) is not documented`);
    }
    expect(problems).toEqual([]);
  });

  it('every response has a full example answer that is valid against its schema', () => {
    const problems: string[] = [];
    for (const { path, method, op, name } of operations()) {
      for (const [status, r] of Object.entries<Json>(op.responses ?? {})) {
        for (const [type, media] of Object.entries<Json>(r.content ?? {})) {
          const where = `${name}: response ${status} (${type})`;
          const ex = exampleOf(media);
          if (!ex) {
            problems.push(`${where}: no example answer`);
            continue;
          }
          if (!media.schema) continue;
          const base = `/paths/${pointer(path)}/${method}/responses/${status}/content/${pointer(type)}/schema`;
          const error = validate(base, ex.value);
          if (error) problems.push(`${where}: the example does not match the schema: ${error}`);
          if (status.startsWith('2') && type.includes('json') && isSkeletal(ex.value))
            problems.push(`${where}: the example answer is empty; show a real page or record`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('every error answer shows the contract error shape with a code its status carries', () => {
    const problems: string[] = [];
    for (const { op, name } of operations()) {
      for (const [status, r] of Object.entries<Json>(op.responses ?? {})) {
        // An answer documented by its own schema (the readiness body of a 503) is checked above.
        const media = r.content?.['application/json'];
        if (Number(status) < 400 || !media || media.schema?.$ref) continue;
        const ex = exampleOf(media)?.value as Json;
        if (!ex) continue; // reported above
        if (typeof ex.error !== 'string' || typeof ex.message !== 'string')
          problems.push(`${name}: the ${status} example is not {error, message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every schema property has a description and a realistic example valid against it', () => {
    const problems: string[] = [];
    const check = (where: string, schema: Json) => {
      for (const [prop, s] of Object.entries<Json>(schema.properties ?? {})) {
        const at = `${where}.${prop}`;
        if (!s.description?.trim()) problems.push(`${at}: no description`);
        if (refersToSchema(s)) continue; // the referenced schema's properties carry the examples
        if (s.example === undefined) {
          problems.push(`${at}: no example`);
          continue;
        }
        if (isPlaceholder(s.example))
          problems.push(`${at}: placeholder example ${JSON.stringify(s.example)}`);
        const error = validateStandalone(s, s.example);
        if (error) problems.push(`${at}: the example does not match the property: ${error}`);
        if (s.type === 'object' && s.properties) check(at, s);
        if (s.items?.properties) check(`${at}[]`, s.items);
      }
    };
    for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) check(name, schema);
    // Inline response schemas (the error bodies) too.
    for (const { op, name } of operations()) {
      for (const [status, r] of Object.entries<Json>(op.responses ?? {})) {
        for (const media of Object.values<Json>(r.content ?? {})) {
          if (media.schema?.properties) check(`${name} ${status} body`, media.schema);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('every parameter has a description and a realistic example valid against its schema', () => {
    const problems: string[] = [];
    for (const { op, name } of operations()) {
      for (const p of (op.parameters ?? []) as Json[]) {
        const at = `${name}: ${p.in} parameter ${p.name}`;
        if (!p.description?.trim()) problems.push(`${at}: no description`);
        // An optional query parameter's examples follow an empty "not sent" one (openapi.setup.ts).
        const examples = [
          p.example,
          p.schema?.example,
          ...Object.values<Json>(p.examples ?? {}).map((e) => e.value),
        ].filter((e) => e !== undefined && e !== '');
        if (examples.length === 0) problems.push(`${at}: no example`);
        for (const example of examples) {
          if (isPlaceholder(example))
            problems.push(`${at}: placeholder example ${JSON.stringify(example)}`);
          const error = p.schema ? validateStandalone(p.schema, example) : undefined;
          if (error) problems.push(`${at}: the example does not match its schema: ${error}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('the examples are the demo data: a CPSO number, a GTA postal code, the catalogue names', () => {
    const list =
      doc.paths['/api/v1/doctors'].get.responses['200'].content['application/json'].example;
    const d = list.doctors[0];
    expect(d.cpsoNumber).toMatch(/^9\d{5}$/);
    expect(d.clinic.address).toMatch(/, ON [KLMN]\d[A-Z] \d[A-Z]\d$/);
    const specialties = doc.paths['/api/v1/metadata/specialties'].get.responses['200'].content[
      'application/json'
    ].example.specialties.map((s: Json) => s.name);
    expect(specialties).toEqual(expect.arrayContaining(d.specialties));
    expect(doc.components.schemas.DoctorDto.properties.cpsoNumber.example).toMatch(/^9\d{5}$/);
    const cpso = doc.paths['/api/v1/doctors/{cpso}'].get.parameters.find(
      (p: Json) => p.name === 'cpso',
    );
    expect(cpso.example ?? cpso.schema.example).toBe(
      doc.paths['/api/v1/doctors/{cpso}'].get.responses['200'].content['application/json'].example
        .doctor.cpsoNumber,
    );
  });

  /** A property that is only a reference to another schema (or a list of them). */
  function refersToSchema(s: Json): boolean {
    const isRef = (x: Json) => !!x && (x.$ref !== undefined || x.allOf?.[0]?.$ref !== undefined);
    return isRef(s) || (s.type === 'array' && isRef(s.items));
  }

  function validateStandalone(schema: Json, value: unknown): string | undefined {
    if (JSON.stringify(schema).includes('"$ref"')) return undefined;
    const v = ajv.compile(toJsonSchema(schema));
    return v(value) ? undefined : ajv.errorsText(v.errors, { dataVar: 'example' });
  }
});

/** "string", 0-like stand-ins that Swagger UI would have shown anyway. */
function isPlaceholder(v: unknown): boolean {
  return v === 'string' || (Array.isArray(v) && v.length === 1 && v[0] === 'string');
}

/** An example answer that is an empty object, or whose every list is empty. */
function isSkeletal(v: unknown): boolean {
  if (v === null || typeof v !== 'object') return false;
  const values = Object.values(v);
  if (values.length === 0) return true;
  const lists = values.filter(Array.isArray);
  return lists.length > 0 && lists.every((l) => l.length === 0);
}

/**
 * OpenAPI 3.0 schemas as JSON Schema for Ajv: a boolean `exclusiveMinimum`/`exclusiveMaximum`
 * (3.0) becomes the number form; `nullable` is understood by Ajv; `example` is dropped.
 */
function toJsonSchema(s: Json): Json {
  if (Array.isArray(s)) return s.map(toJsonSchema);
  if (s === null || typeof s !== 'object') return s;
  const out: Json = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === 'example' || k === 'examples') continue;
    out[k] = toJsonSchema(v);
  }
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ]) {
    if (out[flag] === true) {
      out[flag] = out[bound];
      delete out[bound];
    } else if (out[flag] === false) delete out[flag];
  }
  return out;
}
