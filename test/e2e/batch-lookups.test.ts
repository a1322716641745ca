import { C1, C2, C3, C4, C5 } from '../fixtures/directory.fixture';
import { useFixtureApp } from '../support/fixture-app';
import { KeepingReadCache } from '../../src/application/shared/read-cache';
import { clinicReadRepository, doctorReadRepository } from '../support/read-repositories';
import { recordQueries, SentQuery } from '../support/recorded-queries';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const UNKNOWN_CLINIC = '99999999-9999-4999-8999-999999999999';

/** Issue 34, item 4: many doctors (by CPSO number) or clinics (by id) in one call. */
describe('batch lookups (e2e, fixture directory)', () => {
  const f = useFixtureApp('batch_lookups');
  const cpsos = (r: Json) => r.body.doctors.map((d: Json) => d.cpsoNumber);

  it('answers doctors in the order asked, each once, with the unknown and expired in notFound', async () => {
    // 900006 is expired (lists leave it out, so does the lookup); 123 and 9000010 are unknown.
    const r = await f.get('/doctors?cpso=900005,123,900001,900006,900005, 900003 ,,9000010,123');
    expect(r.status).toBe(200);
    expect(cpsos(r)).toEqual(['900005', '900001', '900003']);
    expect(r.body.notFound).toEqual(['123', '900006', '9000010']);
    expect(r.body).toMatchObject({ total: 3, count: 3, nextCursor: null });
    // The rows are the list's rows, field for field.
    const list = await f.get('/doctors?limit=100');
    for (const d of r.body.doctors)
      expect(d).toEqual(list.body.doctors.find((x: Json) => x.cpsoNumber === d.cpsoNumber));
  });

  it('answers nothing found as an empty list with every number in notFound', async () => {
    const r = await f.get('/doctors?cpso=1,2,1');
    expect(r.body).toMatchObject({ doctors: [], total: 0, count: 0, notFound: ['1', '2'] });
  });

  it('is one statement each, whatever the number asked (the names of the catalogues cached)', async () => {
    const sent: SentQuery[] = [];
    const ds = recordQueries(f.t.dataSource, (q) => sent.push(q));
    const cache = new KeepingReadCache();
    const doctors = doctorReadRepository(ds, cache);
    const clinics = clinicReadRepository(ds, cache);
    const asked = Array.from({ length: 100 }, (_, i) => String(900001 + i));
    await doctors.findManyByCpso(['900001']); // loads the catalogue names once
    sent.length = 0;
    const found = await doctors.findManyByCpso(asked);
    expect(found.map((d) => d.cpsoNumber)).toEqual([
      '900001',
      '900002',
      '900003',
      '900004',
      '900005',
      '900007',
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0].sql).toMatch(/unnest\(\$1::text\[\]\) WITH ORDINALITY/);
    sent.length = 0;
    const rows = await clinics.findManyById([C3, C1, C2], new Set());
    expect(rows.map((c) => c.id)).toEqual([C3, C1, C2]);
    expect(sent).toHaveLength(1);
  });

  it('refuses more than 100 distinct numbers, malformed ones, and filters or paging beside', async () => {
    const many = Array.from({ length: 101 }, (_, i) => String(100 + i)).join(',');
    const cases: [string, RegExp][] = [
      [`/doctors?cpso=${many}`, /at most 100 distinct/],
      ['/doctors?cpso=900001,abc', /cpso must be a comma-separated list of CPSO numbers.*"abc"/],
      ['/doctors?cpso=900001,12345678901', /12345678901/],
      ['/doctors?cpso=900001&accepting=true', /cannot be combined with accepting/],
      ['/doctors?cpso=900001&limit=5&offset=1', /cannot be combined with limit, offset/],
      ['/doctors?cpso=900001&lat=43.7&lng=-79.4', /cannot be combined with lat, lng/],
      ['/doctors?cpso=900001&cursor=abc', /cannot be combined with cursor/],
      ['/doctors?cpso=1&cpso=2', /cpso must be given once/],
    ];
    for (const [path, message] of cases) {
      const r = await f.get(path);
      expect([path, r.status, r.body.error]).toEqual([path, 400, 'invalid_param']);
      expect(r.body.message).toMatch(message);
    }
    // 100 distinct numbers, some repeated, are taken.
    const hundred = Array.from({ length: 100 }, (_, i) => String(100 + i));
    const r = await f.get(`/doctors?cpso=${[...hundred, ...hundred].join(',')}`);
    expect(r.status).toBe(200);
    expect(r.body.notFound).toEqual(hundred);
    // An empty cpso is no lookup: the list.
    expect((await f.get('/doctors?cpso=&limit=2')).body.count).toBe(2);
    // An unknown parameter beside it is refused, as everywhere (issue 51, item 1).
    const foo = await f.get('/doctors?cpso=900001&foo=1');
    expect([foo.status, foo.body.error]).toEqual([400, 'invalid_param']);
    expect(foo.body.message).toContain('"foo"');
  });

  it('answers clinics in the order asked, ids in any case, include applied, notFound', async () => {
    const r = await f.get(
      `/clinics?id=${C4},${UNKNOWN_CLINIC},${C1.toUpperCase()},${C5},${C4}&include=notes,links`,
    );
    expect(r.status).toBe(200);
    expect(r.body.clinics.map((c: Json) => c.id)).toEqual([C4, C1, C5]);
    expect(r.body).toMatchObject({ total: 3, count: 3, nextCursor: null });
    expect(r.body.notFound).toEqual([UNKNOWN_CLINIC]);
    const list = await f.get('/clinics?limit=100&include=notes,links');
    for (const c of r.body.clinics.filter((x: Json) => x.id !== C5))
      expect(c).toEqual(list.body.clinics.find((x: Json) => x.id === c.id));
    // Without include, no notes or links, as in the list.
    const plain = await f.get(`/clinics?id=${C2},${C3}`);
    expect(plain.body.clinics.map((c: Json) => c.id)).toEqual([C2, C3]);
    expect(plain.body.clinics[0].notes).toBeUndefined();
  });

  it('refuses malformed clinic ids, more than 100, and filters beside', async () => {
    const many = Array.from(
      { length: 101 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    ).join(',');
    for (const [path, message] of [
      [`/clinics?id=${C1},nope`, /id must be a comma-separated list of clinic ids.*"nope"/],
      [`/clinics?id=${many}`, /at most 100 distinct/],
      [`/clinics?id=${C1}&hasWebsite=true`, /cannot be combined with hasWebsite/],
      [`/clinics?id=${C1}&near=M5V`, /cannot be combined with near/],
    ] as [string, RegExp][]) {
      const r = await f.get(path);
      expect([path, r.status, r.body.error]).toEqual([path, 400, 'invalid_param']);
      expect(r.body.message).toMatch(message);
    }
  });
});
