import { ReadCache } from '../../src/application/shared/read-cache';
import { DirectoryReadCache } from '../../src/infrastructure/persistence/directory/directory-read-cache';
import { fhirGet } from '../support/fhir-http';
import { FhirValidator } from '../support/fhir-validation';
import { useFixtureApp } from '../support/fixture-app';

/** Practitioner `_id` values as a CPSO number looks: `n` of them from `from`. */
const cpsos = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => String(7_000_000 + from + i));

/**
 * Issue 48, item 4: 20,000 distinct `Practitioner?_id=<570 ids>&_count=1` searches left 602 MB
 * of heap held by the totals cache (each key embeds the search's parameters; the cache bounded
 * entries, not bytes, and kept expired ones). Now a list parameter takes at most 100 values of
 * at most 200 characters, the cache holds at most `maxBytes` whatever the keys, and expired
 * entries are swept, so after such a run the cache's memory returns to its level before it.
 */
describe('FHIR searches cannot fill the read cache (e2e)', () => {
  const v = new FhirValidator();
  const f = useFixtureApp('fhir_cache_bounds');
  const get = (path: string) => fhirGet(f.t.app, v, path, f.auth);
  let cache: DirectoryReadCache;

  beforeAll(() => {
    const c = f.t.app.get(ReadCache);
    expect(c).toBeInstanceOf(DirectoryReadCache);
    cache = c as DirectoryReadCache;
  });

  it('takes at most 100 distinct values of at most 200 characters in a list parameter', async () => {
    const ok = await get(`/Practitioner?_id=${cpsos(0, 100).join(',')}&_count=1`);
    expect(ok.status).toBe(200);
    // A repeated value counts once.
    const repeated = await get(`/Practitioner?_id=${[...cpsos(0, 100), '7000000'].join(',')}`);
    expect(repeated.status).toBe(200);
    for (const [param, type] of [
      ['_id', 'Practitioner'],
      ['identifier', 'Practitioner'],
      ['_id', 'PractitionerRole'],
      ['practitioner', 'PractitionerRole'],
      ['location', 'HealthcareService'],
      ['_id', 'Location'],
    ]) {
      const r = await get(`/${type}?${param}=${cpsos(0, 101).join(',')}&_count=1`);
      expect([param, type, r.status]).toEqual([param, type, 400]);
      expect(r.body.resourceType).toBe('OperationOutcome');
      expect(r.body.issue[0].diagnostics).toContain(`${param} takes at most 100 distinct values`);
    }
    const long = await get(`/Practitioner?_id=${'7'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body.issue[0].diagnostics).toContain('too long');
    expect(v.errors).toBe(0);
  });

  it('holds the cache under its byte bound over distinct searches, and gives the memory back once they expire', async () => {
    const bound = 256 * 1024;
    cache.maxBytes = bound;
    cache.clear();
    // The directory's own aggregates (a total without parameters, the specialty names) first.
    expect((await get('/Practitioner?_count=1')).status).toBe(200);
    expect((await get('/PractitionerRole?_count=1')).status).toBe(200);
    const level = cache.bytes;
    expect(level).toBeGreaterThan(0);
    let most = 0;
    const searches = 400;
    for (let i = 0; i < searches; i++) {
      const r = await get(`/Practitioner?_id=${cpsos(i * 100, 100).join(',')}&_count=1`);
      expect(r.status).toBe(200);
      most = Math.max(most, cache.bytes);
      expect(cache.bytes).toBeLessThanOrEqual(bound);
    }
    // The bound was what held it: unbounded, these totals alone hold more.
    expect(cache.misses).toBeGreaterThanOrEqual(searches);
    expect(most).toBeGreaterThan(bound / 2);
    expect(cache.size).toBeLessThan(searches);
    // Past every total's time to live (10 minutes), the next lookup sweeps the expired ones.
    const later = Date.now() + 11 * 60_000;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      expect((await get('/Practitioner?_count=1')).status).toBe(200);
      expect((await get('/PractitionerRole?_count=1')).status).toBe(200);
      expect(cache.bytes).toBeLessThanOrEqual(level);
    } finally {
      clock.mockRestore();
    }
    expect(v.errors).toBe(0);
  });
});
