import fc from 'fast-check';
import {
  createDirectoryClient,
  readRateLimit,
  retryAfterSeconds,
} from '../../clients/typescript/src';

/**
 * The typed client's own logic where the fixture service cannot show it (typed-client.test.ts
 * drives the real service): a list paged by cursor only (no total), an answer not in the
 * contract's shape, a Retry-After given as a date, and the walk over any page size. The service
 * is a function answering Requests, recording what it was asked.
 */
type Answer = { status?: number; body: unknown; headers?: Record<string, string> };
function fakeService(answer: (url: URL) => Answer) {
  const asked: URL[] = [];
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    asked.push(url);
    const a = answer(url);
    const text = typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
    const type = typeof a.body === 'string' ? 'text/plain' : 'application/json';
    return new Response(text, {
      status: a.status ?? 200,
      headers: { 'content-type': type, ...a.headers },
    });
  };
  return { asked, fetch };
}

/** A list of `n` rows answering `offset`+`limit` and `cursor` (the row to start at) alike. */
function listService(n: number, opts: { total: boolean; cursors: boolean }) {
  const rows = Array.from({ length: n }, (_, i) => ({ cpsoNumber: String(900000 + i) }));
  return fakeService((url) => {
    const limit = Number(url.searchParams.get('limit'));
    const cursor = url.searchParams.get('cursor');
    if (cursor !== null && url.searchParams.has('offset')) throw new Error('cursor with offset');
    const start = cursor !== null ? Number(cursor) : Number(url.searchParams.get('offset'));
    const doctors = rows.slice(start, start + limit);
    const end = start + doctors.length;
    return {
      body: {
        doctors,
        ...(opts.total ? { total: n } : {}),
        count: doctors.length,
        ...(opts.cursors ? { nextCursor: doctors.length === limit ? String(end) : null } : {}),
      },
    };
  });
}

const BASE = 'http://directory.test/api/v1';

describe('typed client without a service', () => {
  it('pages any list to its end for any page size, by offset, by cursor, or by cursor alone', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 1, max: 7 }),
        fc.constantFrom(
          { total: true, cursors: false },
          { total: true, cursors: true },
          { total: false, cursors: true },
        ),
        async (n, pageSize, mode) => {
          const service = listService(n, mode);
          const api = createDirectoryClient({ baseUrl: BASE, fetch: service.fetch });
          const seen: string[] = [];
          for await (const d of api.paginate('/doctors', { pageSize })) seen.push(d.cpsoNumber);
          expect(seen).toEqual(Array.from({ length: n }, (_, i) => String(900000 + i)));
          // Never more requests than pages, plus one empty page when nothing says it was the last.
          const pages = Math.max(1, Math.ceil(n / pageSize));
          const extra = !mode.total && n > 0 && n % pageSize === 0 ? 1 : 0;
          expect(service.asked).toHaveLength(pages + extra);
          service.asked.forEach((u, i) => {
            expect(u.searchParams.get('limit')).toBe(String(pageSize));
            if (i > 0 && mode.cursors)
              expect(u.searchParams.get('cursor')).toBe(String(i * pageSize));
            else expect(u.searchParams.get('offset')).toBe(String(i * pageSize));
          });
        },
      ),
      { seed: 36, numRuns: 120 },
    );
  });

  it('takes the counted array as the items when an answer has two (a batch lookup)', async () => {
    const service = fakeService(() => ({
      body: { notFound: ['123'], doctors: [{ cpsoNumber: '900001' }], total: 1, count: 1 },
    }));
    const api = createDirectoryClient({ baseUrl: BASE, fetch: service.fetch });
    const seen = [];
    for await (const d of api.paginate('/doctors')) seen.push(d.cpsoNumber);
    expect(seen).toEqual(['900001']);
  });

  it('types an answer outside the contract as unexpected_response, keeping the body', async () => {
    const service = fakeService(() => ({ status: 502, body: 'Bad Gateway' }));
    const r = await createDirectoryClient({ baseUrl: BASE, fetch: service.fetch }).GET('/doctors');
    expect(r.error).toEqual({
      error: 'unexpected_response',
      status: 502,
      message: "HTTP 502 without the contract's error body: Bad Gateway",
      body: 'Bad Gateway',
    });
    const odd = fakeService(() => ({ status: 400, body: { error: 'no_such_code', message: 'x' } }));
    const o = await createDirectoryClient({ baseUrl: BASE, fetch: odd.fetch }).GET('/doctors');
    expect([o.status, o.error?.error]).toEqual([400, 'unexpected_response']);
  });

  it('reads Retry-After as seconds or as a date, and the RateLimit fields as whole numbers', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    const at = (value: string) =>
      retryAfterSeconds(new Headers({ 'retry-after': value }), () => now);
    expect(at('7')).toBe(7);
    expect(at('Sat, 21 Nov 2026 12:00:30 GMT')).toBe(30);
    expect(at('Sat, 21 Nov 2026 11:00:00 GMT')).toBe(0);
    expect(at('soon')).toBeNull();
    expect(
      readRateLimit(new Headers({ 'ratelimit-limit': '3', 'ratelimit-remaining': '-1' })),
    ).toEqual({
      limit: 3,
      remaining: null,
      reset: null,
      retryAfter: null,
      policy: null,
      field: null,
    });
  });

  it('waits a date-given Retry-After too, and retries a rate_limited answer once', async () => {
    let calls = 0;
    const service = fakeService(() =>
      ++calls === 1
        ? {
            status: 429,
            body: { error: 'rate_limited', message: 'wait' },
            headers: { 'retry-after': new Date(Date.now() + 2500).toUTCString() },
          }
        : { body: { specialties: [], count: 0 } },
    );
    const sleeps: number[] = [];
    const api = createDirectoryClient({
      baseUrl: BASE,
      fetch: service.fetch,
      retryOn429: true,
      sleep: async (ms) => void sleeps.push(ms),
    });
    const r = await api.GET('/metadata/specialties');
    expect([r.ok, r.retries]).toEqual([true, 1]);
    expect(sleeps).toHaveLength(1);
    expect([2000, 3000]).toContain(sleeps[0]); // HTTP dates are whole seconds
  });
});
