import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { DirectoryTools } from '../../src/interface/mcp/directory-tools';
import { C1, C3, C4, FIXTURE_NOW, loadDirectoryFixture } from '../fixtures/directory.fixture';
import { authHeaders } from '../support/auth';
import { FixedClock } from '../support/fixed-clock';
import { call, HttpResult } from '../support/http';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const YONGE = 'lat=43.7616&lng=-79.411';

/** Each list with the array its envelope names and a row's identity. */
const LISTS: { path: string; items: string; id: (r: Json) => string }[] = [
  { path: '/doctors', items: 'doctors', id: (d) => d.cpsoNumber },
  { path: '/doctors?accepting=true', items: 'doctors', id: (d) => d.cpsoNumber },
  { path: '/doctors?languages=French,English', items: 'doctors', id: (d) => d.cpsoNumber },
  { path: `/doctors?${YONGE}`, items: 'doctors', id: (d) => d.cpsoNumber },
  { path: `/doctors?${YONGE}&specialties=Cardiology`, items: 'doctors', id: (d) => d.cpsoNumber },
  { path: '/doctors/search?q=al', items: 'doctors', id: (d) => d.cpsoNumber },
  { path: '/doctors/search?q=an', items: 'doctors', id: (d) => d.cpsoNumber },
  { path: '/doctors/search?q=900003', items: 'doctors', id: (d) => d.cpsoNumber },
  { path: `/doctors/search?q=al&${YONGE}`, items: 'doctors', id: (d) => d.cpsoNumber },
  { path: '/clinics', items: 'clinics', id: (c) => c.id },
  { path: '/clinics?languages=French', items: 'clinics', id: (c) => c.id },
  { path: `/clinics?${YONGE}`, items: 'clinics', id: (c) => c.id },
  {
    path: '/specialists?specialty=Cardiology&specialties=Cardiology,Dermatology',
    items: 'clinics',
    id: (s) => `${s.id}/${s.specialty}`,
  },
  { path: '/specialists?specialty=Dermatology', items: 'clinics', id: (s) => s.id },
  {
    path: `/specialists?specialty=Cardiology&specialties=Cardiology,Dermatology&${YONGE}`,
    items: 'clinics',
    id: (s) => `${s.id}/${s.specialty}`,
  },
  { path: '/doctors/900001/reviews', items: 'reviews', id: (r) => `${r.date} ${r.author}` },
  // Two reviews of the same day: the review id breaks the tie.
  { path: '/doctors/900003/reviews', items: 'reviews', id: (r) => `${r.date} ${r.author}` },
  { path: `/clinics/${C1}/reviews`, items: 'reviews', id: (r) => `${r.date} ${r.author}` },
];

const sep = (path: string) => (path.includes('?') ? '&' : '?');

/** Issue 34, item 3: cursors on every list, their refusals and the sandbox's window. */
describe('list cursors (e2e, fixture directory)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let live: Record<string, string>;
  let sandbox: Record<string, string>;
  const get = (path: string, auth = live): Promise<HttpResult<Json>> =>
    call(t.app, 'GET', path, auth);

  beforeAll(async () => {
    db = await createTestDatabase('cursors');
    await loadDirectoryFixture(db.dataSource);
    t = await createTestApp(
      db,
      { SANDBOX_MAX_LIMIT: '2', SANDBOX_MAX_WINDOW: '5' },
      new FixedClock(FIXTURE_NOW),
    );
    live = await authHeaders(t, 'live');
    sandbox = await authHeaders(t, 'sandbox');
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  /** Follows nextCursor from the first page to the last; every page's total is the list's. */
  async function crawl(path: string, items: string, limit: number, auth = live) {
    const rows: Json[] = [];
    const totals = new Set<number>();
    let r = await get(`${path}${sep(path)}limit=${limit}`, auth);
    for (let pages = 0; ; pages++) {
      expect(r.status).toBe(200);
      rows.push(...r.body[items]);
      totals.add(r.body.total);
      expect(r.body.count).toBe(r.body[items].length);
      if (r.body.nextCursor === null) break;
      expect(typeof r.body.nextCursor).toBe('string');
      expect(pages).toBeLessThan(50);
      r = await get(
        `${path}${sep(path)}limit=${limit}&cursor=${encodeURIComponent(r.body.nextCursor)}`,
        auth,
      );
    }
    return { rows, totals: [...totals] };
  }

  it.each(LISTS)(
    '$path: a crawl by cursor at 1, 2 and 3 rows a page reads the list in its order, once',
    async ({ path, items, id }) => {
      const all = await get(`${path}${sep(path)}limit=100`);
      expect(all.status).toBe(200);
      expect(all.body.nextCursor).toBeNull(); // a short page is the last
      const expected = all.body[items].map(id);
      expect(expected.length).toBeGreaterThan(0);
      for (const limit of [1, 2, 3]) {
        const { rows, totals } = await crawl(path, items, limit);
        expect(rows.map(id)).toEqual(expected);
        expect(totals).toEqual([all.body.total]);
      }
    },
  );

  it('the rows keep the fields they have without a cursor, and limit may change between pages', async () => {
    const first = await get(`/doctors?${YONGE}&limit=2`);
    const next = await get(`/doctors?${YONGE}&limit=3&cursor=${first.body.nextCursor}`);
    const all = await get(`/doctors?${YONGE}&limit=5`);
    expect([...first.body.doctors, ...next.body.doctors]).toEqual(all.body.doctors);
    expect(next.body.doctors[0].distanceKm).toBeGreaterThan(0);
  });

  it('an offset page gives a cursor too, which continues after it', async () => {
    const page = await get('/doctors?offset=2&limit=2');
    const next = await get(`/doctors?limit=2&cursor=${page.body.nextCursor}`);
    const byOffset = await get('/doctors?offset=4&limit=2');
    expect(next.body.doctors).toEqual(byOffset.body.doctors);
  });

  it('a page of limit=0 and an empty list have no next cursor', async () => {
    expect((await get('/doctors?limit=0')).body.nextCursor).toBeNull();
    const none = await get('/doctors?specialties=Pediatrics');
    expect(none.body).toMatchObject({ total: 0, count: 0, nextCursor: null });
    // A full last page gives a cursor whose page is empty and last.
    const total = (await get('/doctors?limit=0')).body.total as number;
    const full = await get(`/doctors?offset=${total - 2}&limit=2`);
    expect(full.body.count).toBe(2);
    const after = await get(`/doctors?limit=2&cursor=${full.body.nextCursor}`);
    expect(after.body).toMatchObject({ doctors: [], count: 0, total, nextCursor: null });
  });

  describe('refusals: 400 invalid_param naming cursor', () => {
    let cursor: string;
    beforeAll(async () => {
      cursor = (await get('/doctors?limit=2')).body.nextCursor;
    });
    const refused = async (path: string, pattern: RegExp) => {
      const r = await get(path);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('invalid_param');
      expect(r.body.message).toMatch(pattern);
    };

    it('cursor and offset together', async () => {
      await refused(`/doctors?offset=0&cursor=${cursor}`, /cursor and offset/);
      await refused(`/doctors?offset=2&cursor=${cursor}`, /cursor and offset/);
    });

    it('a cursor changed anywhere (every single character) is refused as altered', async () => {
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      for (let i = 0; i < cursor.length; i++) {
        if (cursor[i] === '.') continue;
        const c = alphabet[(alphabet.indexOf(cursor[i]) + 17) % alphabet.length];
        const changed = cursor.slice(0, i) + c + cursor.slice(i + 1);
        const r = await get(`/doctors?limit=2&cursor=${changed}`);
        expect([r.status, r.body.error]).toEqual([400, 'invalid_param']);
        expect(r.body.message).toMatch(/^cursor /);
      }
    });

    it('a rewritten payload (a forged start or key) is refused: the signature does not match', async () => {
      const [payload, mac] = cursor.split('.');
      const fields = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Json[];
      expect(fields[0]).toBe(1);
      expect(fields[1]).toBe('doctors');
      const forged = Buffer.from(JSON.stringify([1, 'doctors', fields[2], 0, fields[4]])).toString(
        'base64url',
      );
      await refused(`/doctors?cursor=${forged}.${mac}`, /altered/);
    });

    it('malformed cursors', async () => {
      for (const bad of ['', 'abc', 'a.b', `${cursor}.x`, 'x'.repeat(2000), '%00', `${cursor} `])
        await refused(`/doctors?cursor=${encodeURIComponent(bad)}`, /^cursor /);
      await refused(`/doctors?cursor=a&cursor=b`, /cursor/);
    });

    it('a cursor of another list or of other parameters', async () => {
      await refused(`/clinics?cursor=${cursor}`, /another list/);
      await refused(`/doctors/search?q=al&cursor=${cursor}`, /another list/);
      await refused(`/doctors?${YONGE}&cursor=${cursor}`, /another list/); // nearest first
      await refused(`/doctors?accepting=true&cursor=${cursor}`, /other parameters/);
      const search = (await get('/doctors/search?q=al&limit=1')).body.nextCursor;
      await refused(`/doctors/search?q=ali&cursor=${search}`, /other parameters/);
      // Case and surrounding spaces do not change what a query matches, nor its cursor.
      expect((await get(`/doctors/search?q=AL&limit=1&cursor=${search}`)).status).toBe(200);
      const reviews = (await get('/doctors/900001/reviews?limit=1')).body.nextCursor;
      await refused(`/doctors/900003/reviews?cursor=${reviews}`, /other parameters/);
      await refused(`/clinics/${C1}/reviews?cursor=${reviews}`, /another list/);
    });
  });

  describe('the sandbox (here 2 rows a page, the first 5 rows)', () => {
    it('a cursor reaches the same first rows as offsets, and no further', async () => {
      const { rows } = await crawl('/doctors', 'doctors', 100, sandbox);
      const first = (await get('/doctors?limit=5')).body.doctors;
      expect(rows).toEqual(first);
      const { rows: clinics } = await crawl(`/clinics?${YONGE}`, 'clinics', 2, sandbox);
      expect(clinics.map((c: Json) => c.id)).toEqual(
        (await get(`/clinics?${YONGE}&limit=5`)).body.clinics.map((c: Json) => c.id),
      );
    });

    it('the window counts the rows of the pages before, whatever limit is sent', async () => {
      const p1 = await get('/doctors?limit=1', sandbox);
      const p2 = await get(`/doctors?limit=100&cursor=${p1.body.nextCursor}`, sandbox);
      expect(p2.body.count).toBe(2);
      const p3 = await get(`/doctors?limit=100&cursor=${p2.body.nextCursor}`, sandbox);
      expect(p3.body.count).toBe(2);
      expect(p3.body.nextCursor).toBeNull(); // 5 rows served
      // A live key's cursor does not lift the sandbox's window: the rows served so far count.
      const liveCursor = (await get('/doctors?offset=4&limit=1')).body.nextCursor;
      const beyond = await get(`/doctors?cursor=${liveCursor}`, sandbox);
      expect(beyond.body).toMatchObject({ count: 0, nextCursor: null });
      expect(beyond.body.total).toBe((await get('/doctors?limit=0')).body.total);
    });
  });

  it('MCP: the list tools take cursor and answer nextCursor, with the tier caps and refusals', async () => {
    const tools = t.app.get(DirectoryTools);
    const connect = async (tier: 'admin' | 'sandbox') => {
      const server = await tools.createServer({
        tier,
        caps: { sandboxMaxLimit: 2, sandboxMaxWindow: 3 },
      });
      const [a, b] = InMemoryTransport.createLinkedPair();
      await server.connect(a);
      const client = new Client({ name: 'cursors', version: '1.0.0' });
      await client.connect(b);
      return client;
    };
    const admin = await connect('admin');
    const sandbox = await connect('sandbox');
    try {
      const crawlTool = async (client: Client, name: string, args: Json, items: string) => {
        const rows: Json[] = [];
        let cursor: string | undefined;
        for (let i = 0; i < 20; i++) {
          const r = (await client.callTool({
            name,
            arguments: { ...args, limit: 1, ...(cursor ? { cursor } : {}) },
          })) as Json;
          expect(r.isError).toBeFalsy();
          rows.push(...r.structuredContent[items]);
          if (r.structuredContent.nextCursor === null) return rows;
          cursor = r.structuredContent.nextCursor;
        }
        throw new Error('no last page');
      };
      for (const [name, args, items, path] of [
        ['find_doctors', {}, 'doctors', '/doctors'],
        [
          'search_doctors',
          { q: 'al', lat: 43.7616, lng: -79.411 },
          'doctors',
          `/doctors/search?q=al&${YONGE}`,
        ],
        ['find_clinics', { lat: 43.7616, lng: -79.411 }, 'clinics', `/clinics?${YONGE}`],
        [
          'find_specialists',
          { specialties: ['Cardiology', 'Dermatology'] },
          'clinics',
          '/specialists?specialty=Cardiology&specialties=Cardiology,Dermatology',
        ],
      ] as [string, Json, string, string][]) {
        const rest = (await get(path)).body[items];
        const key = (x: Json) => x.cpsoNumber ?? `${x.id}/${x.specialty ?? ''}`;
        const rows = await crawlTool(admin, name, args, items);
        expect([name, rows.map(key)]).toEqual([name, rest.map(key)]);
      }
      // The sandbox's window (here 3 rows) holds through cursors.
      expect(await crawlTool(sandbox, 'find_doctors', {}, 'doctors')).toHaveLength(3);
      const first = (await admin.callTool({
        name: 'find_doctors',
        arguments: { limit: 1 },
      })) as Json;
      const both = (await admin.callTool({
        name: 'find_doctors',
        arguments: { offset: 1, cursor: first.structuredContent.nextCursor },
      })) as Json;
      expect(both.isError).toBe(true);
      expect(both.content[0].text).toMatch(/cursor and offset/);
      const altered = (await admin.callTool({
        name: 'find_clinics',
        arguments: { cursor: first.structuredContent.nextCursor },
      })) as Json;
      expect(altered.isError).toBe(true);
      expect(altered.content[0].text).toMatch(/another list/);
    } finally {
      await admin.close();
      await sandbox.close();
    }
  });

  it('clinic lists and reviews of C3, C4 keep working with cursors of their own', async () => {
    for (const id of [C3, C4]) {
      const r = await get(`/clinics/${id}/reviews?limit=1`);
      expect(r.status).toBe(200);
      expect(r.body.nextCursor).toBeNull();
    }
  });
});
