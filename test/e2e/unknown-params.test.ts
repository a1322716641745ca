import fc from 'fast-check';
import { editDistance } from '../../src/application/shared/text-fold';
import { meantParam } from '../../src/interface/http/common/known-query-params';
import { authHeaders } from '../support/auth';
import { call } from '../support/http';
import { useFixtureApp } from '../support/fixture-app';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const SEED = Number(process.env.FUZZ_SEED ?? 20261201);

interface Operation {
  method: string;
  path: string;
  params: string[];
}

/** The singular or plural of a parameter's name, as people and models swap them. */
function otherNumber(name: string): string {
  if (name.endsWith('ies')) return `${name.slice(0, -3)}y`;
  if (name.endsWith('y')) return `${name.slice(0, -1)}ies`;
  if (name.endsWith('s')) return name.slice(0, -1);
  return `${name}s`;
}

/** One misspelling of `name` by one letter: dropped, doubled, replaced, or two letters swapped. */
function misspelt(name: string, kind: number, at: number, letter: string): string {
  const i = at % name.length;
  switch (kind % 4) {
    case 0:
      return name.slice(0, i) + name.slice(i + 1);
    case 1:
      return name.slice(0, i) + name[i] + name.slice(i);
    case 2:
      return name.slice(0, i) + (name[i] === letter ? 'q' : letter) + name.slice(i + 1);
    default:
      return i + 1 < name.length
        ? name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2)
        : name.slice(0, -1);
  }
}

/**
 * Issue 51, item 1: an unknown query parameter is 400 `invalid_param` naming it and the one meant,
 * on every operation of the served document. For every operation, each documented query parameter
 * is sent misspelt by one letter (seeded) and in its other number; each answer must be 400 naming
 * the parameter sent and the one meant. (A misspelling as close to another of the operation's
 * parameters as to its own is ambiguous: the answer must then name one of the closest.)
 */
describe(`unknown query parameters (seed ${SEED})`, () => {
  const f = useFixtureApp('unknown_params');
  let ops: Operation[];
  let admin: Record<string, string>;

  beforeAll(async () => {
    admin = await authHeaders(f.t, 'admin');
    const doc = (await f.t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    ops = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Json>))
      for (const method of ['get', 'post', 'delete', 'put', 'patch'])
        if (item[method]) {
          const params = (item[method].parameters ?? []) as Json[];
          const concrete = path.replace(/\{([^}]+)\}/g, (_m, name) => {
            const p = params.find((x) => x.in === 'path' && x.name === name);
            return encodeURIComponent(String(p?.example ?? p?.schema?.example ?? 'x'));
          });
          ops.push({
            method: method.toUpperCase(),
            path: concrete.replace(/^\/api\/v1/, ''),
            params: params.filter((p) => p.in === 'query').map((p) => p.name),
          });
        }
    process.stdout.write(`unknown-params: seed ${SEED}, ${ops.length} operations\n`);
  });

  const refusal = async (op: Operation, name: string) => {
    const sep = op.path.includes('?') ? '&' : '?';
    const r = await call(
      f.t.app,
      op.method as 'GET',
      `${op.path}${sep}${encodeURIComponent(name)}=1`,
      admin,
    );
    return r;
  };

  it('covers every documented operation with query parameters', () => {
    expect(ops.length).toBeGreaterThanOrEqual(19);
    expect(ops.filter((o) => o.params.length > 0).length).toBeGreaterThanOrEqual(8);
  });

  it('refuses each parameter misspelt by one letter and in its other number, naming the one meant', async () => {
    const rng = fc.sample(
      fc.tuple(fc.nat(), fc.nat(), fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz')),
      { seed: SEED, numRuns: 2000 },
    );
    let n = 0;
    let sent = 0;
    for (const op of ops)
      for (const param of op.params) {
        const [kind, at, letter] = rng[n++ % rng.length];
        for (const wrong of [misspelt(param, kind, at, letter), otherNumber(param)]) {
          if (op.params.includes(wrong)) continue;
          const r = await refusal(op, wrong);
          sent++;
          expect([op.method, op.path, wrong, r.status, r.body.error]).toEqual([
            op.method,
            op.path,
            wrong,
            400,
            'invalid_param',
          ]);
          expect(r.body.message).toContain(JSON.stringify(wrong));
          const d = (k: string) => editDistance(wrong.toLowerCase(), k.toLowerCase());
          const closest = Math.min(...op.params.map(d));
          const meant = /did you mean "([^"]+)"/.exec(r.body.message)?.[1];
          if (
            wrong === otherNumber(param) ||
            op.params.filter((k) => d(k) === closest).length === 1
          )
            expect([wrong, meant]).toEqual([wrong, param]);
          else expect(op.params.filter((k) => d(k) === closest)).toContain(meant);
        }
      }
    process.stdout.write(`unknown-params: ${sent} misspellings refused\n`);
    expect(sent).toBeGreaterThan(40);
  });

  it('names every unknown parameter, refuses them on operations that take none, and lets known ones through', async () => {
    const r = await f.get('/doctors?langauges=Tamil&language=Tamil&limit=1&nonsense=1');
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('"langauges" (did you mean "languages"?)');
    expect(r.body.message).toContain('"language" (did you mean "languages"?)');
    expect(r.body.message).toContain('"nonsense"');
    expect(r.body.message).not.toContain('"limit"');
    const none = await f.get('/doctors/summary?limit=5');
    expect([none.status, none.body.error]).toEqual([400, 'invalid_param']);
    expect(none.body.message).toMatch(/takes none/);
    expect((await f.get('/doctors?languages=Tamil&limit=1')).status).toBe(200);
    // HEAD is judged as GET.
    const head = await f.t.app.inject({
      method: 'HEAD',
      url: '/api/v1/doctors?langauge=x',
      headers: f.auth,
    });
    expect(head.statusCode).toBe(400);
  });

  it('suggests by case, number and edit distance', () => {
    const known = ['languages', 'specialties', 'minYears', 'maxYears', 'limit', 'offset', 'near'];
    expect(meantParam('Languages', known)).toBe('languages');
    expect(meantParam('specialty', known)).toBe('specialties');
    expect(meantParam('langauges', known)).toBe('languages');
    expect(meantParam('offest', known)).toBe('offset');
    expect(meantParam('minyear', known)).toBe('minYears');
    expect(meantParam('zzzzzz', known)).toBeUndefined();
    expect(meantParam('ne', known)).toBeUndefined();
  });
});
