import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { loadDirectoryFixture, FIXTURE_NOW } from '../fixtures/directory.fixture';
import { authHeaders } from '../support/auth';
import { FixedClock } from '../support/fixed-clock';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
/** POST /api/v1/mcp: the same credentials, rate limits and caps as the data routes. */
describe('MCP over Streamable HTTP (e2e)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let capped: TestApp;
  let live: Record<string, string>;
  const ACCEPT = {
    Accept: 'application/json, text/event-stream',
    'Content-Type': 'application/json',
  };
  const rpc = (method: string, params: unknown = {}, id = 1) =>
    JSON.stringify({ jsonrpc: '2.0', id, method, params });
  const post = (app: TestApp, body: string, headers: Record<string, string>) =>
    app.app.inject({
      method: 'POST',
      url: '/api/v1/mcp',
      headers: { ...ACCEPT, ...headers },
      payload: body,
    });

  beforeAll(async () => {
    db = await createTestDatabase('mcp_http');
    await loadDirectoryFixture(db.dataSource);
    t = await createTestApp(db, {}, new FixedClock(FIXTURE_NOW));
    capped = await createTestApp(
      db,
      { SANDBOX_MAX_LIMIT: '2', LIVE_RATE_PER_MIN: '3' },
      new FixedClock(FIXTURE_NOW),
    );
    live = await authHeaders(t, 'live');
  });
  afterAll(async () => {
    await t?.close();
    await capped?.close();
    await db?.drop();
  });

  it('without a credential: 401 in the contract shape, before Json MCP processing', async () => {
    const r = await post(t, rpc('tools/list'), {});
    expect(r.statusCode).toBe(401);
    expect(r.json()).toEqual({
      error: 'missing_key',
      message: expect.any(String),
      requestId: expect.any(String),
    });
    const bad = await post(t, rpc('tools/list'), { Authorization: 'Bearer live_nope' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error).toBe('invalid_key');
  });

  it('GET answers 405 with Allow: POST', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/mcp', headers: live });
    expect(r.statusCode).toBe(405);
    expect(r.headers.allow).toBe('POST');
    expect(r.json().error).toBe('method_not_allowed');
  });

  it('a real MCP client connects with a bearer key, lists the tools and calls one', async () => {
    const url = await t.app.listen(0, '127.0.0.1').then(() => t.app.getUrl());
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(
        new URL(`${url.replace('[::1]', '127.0.0.1')}/api/v1/mcp`),
        {
          requestInit: { headers: live },
        },
      ),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(7);
      const r = (await client.callTool({
        name: 'search_doctors',
        arguments: { q: 'zhang' },
      })) as Json;
      expect(r.structuredContent.doctors[0].cpsoNumber).toBe('900001');
    } finally {
      await client.close();
    }
  });

  it('JSON answers carry the rate-limit headers and no-store', async () => {
    const r = await post(t, rpc('tools/list'), live);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/application\/json/);
    expect(r.headers['ratelimit-limit']).toBe('600');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.json().result.tools).toHaveLength(7);
  });

  it('counts against the same rate limit: 429 with Retry-After past it', async () => {
    const key = await authHeaders(capped, 'live');
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await post(capped, rpc('tools/list'), key)).statusCode);
    const data = await capped.app.inject({
      method: 'GET',
      url: '/api/v1/metadata/languages',
      headers: key,
    });
    expect(statuses).toEqual([200, 200, 200]);
    expect(data.statusCode).toBe(429); // the MCP calls used the key's allowance
    const over = await post(capped, rpc('tools/list'), key);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe('rate_limited');
    expect(over.headers['retry-after']).toBeDefined();
  });

  it('refuses a JSON-RPC batch whole with 400 and -32600, so one request is one tool call of the limit', async () => {
    const key = await authHeaders(capped, 'live'); // LIVE_RATE_PER_MIN 3
    const call = (id: number) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'find_doctors', arguments: { limit: 25 } },
    });
    const batch = await post(capped, JSON.stringify([1, 2, 3, 4, 5].map(call)), key);
    expect(batch.statusCode).toBe(400);
    expect(batch.headers['content-type']).toMatch(/application\/json/);
    expect(batch.headers['ratelimit-remaining']).toBe('2'); // the refused batch used one unit
    const body = batch.json();
    expect(body).toEqual({
      jsonrpc: '2.0',
      error: { code: -32600, message: expect.stringMatching(/batches are not supported/) },
      id: null,
    });
    expect(JSON.stringify(body)).not.toMatch(/structuredContent|doctors/); // no tool ran
    // A batch of one message, and an empty one, are batches too.
    for (const b of [[call(1)], []]) {
      const r = await post(capped, JSON.stringify(b), key);
      expect([r.statusCode, r.json().error?.code]).toEqual([400, -32600]);
    }
    // The limit is spent: three requests, whatever they carried.
    const over = await post(capped, JSON.stringify(call(9)), key);
    expect(over.statusCode).toBe(429);
  });

  it('a batch that cancels its own call is answered at once, not after a timeout', async () => {
    const started = Date.now();
    const batch = JSON.stringify([
      {
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'directory_summary', arguments: {} },
      },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } },
    ]);
    const answer = post(t, batch, live);
    const r = await Promise.race([
      answer,
      new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 5_000).unref()),
    ]);
    expect(r).not.toBe('hung');
    const done = r as Awaited<typeof answer>;
    expect(done.statusCode).toBe(400);
    expect(done.json().error.code).toBe(-32600);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('applies the sandbox caps to tool results', async () => {
    const sandbox = await authHeaders(capped, 'sandbox');
    const r = await post(
      capped,
      rpc('tools/call', { name: 'find_doctors', arguments: { limit: 25 } }),
      sandbox,
    );
    expect(r.statusCode).toBe(200);
    const out = r.json().result.structuredContent;
    expect(out.count).toBe(2);
    expect(out.total).toBeGreaterThan(2);
  });

  it('bad JSON-RPC gets a JSON-RPC error, never a 500', async () => {
    const notJson = await post(t, '{"jsonrpc": "2.0", ', live);
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 }, id: null });
    const notRpc = await post(t, JSON.stringify({ hello: 'world' }), live);
    expect(notRpc.statusCode).toBeLessThan(500);
    expect(notRpc.json().error.code).toBeLessThan(0);
    const unknownMethod = await post(t, rpc('no/such/method'), live);
    expect(unknownMethod.statusCode).toBeLessThan(500);
    expect(unknownMethod.json().error.code).toBe(-32601);
    const unknownTool = await post(
      t,
      rpc('tools/call', { name: 'drop_tables', arguments: {} }),
      live,
    );
    expect(unknownTool.statusCode).toBeLessThan(500);
    expect(JSON.stringify(unknownTool.json())).toMatch(/drop_tables/);
  });

  it('refuses a body past 64 KiB with 413, and other routes keep their small limit', async () => {
    const big = rpc('tools/call', { name: 'search_doctors', arguments: { q: 'x'.repeat(70_000) } });
    const r = await post(t, big, live);
    expect(r.statusCode).toBe(413);
    const call = rpc('tools/call', { name: 'search_doctors', arguments: { q: 'x'.repeat(2_000) } });
    const tooLong = await post(t, call, live);
    expect(tooLong.statusCode).toBe(200);
    expect(tooLong.json().result.isError).toBe(true); // q is at most 100 characters
  });

  it('is not in the OpenAPI document', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(Object.keys(doc.json().paths).some((p) => p.includes('mcp'))).toBe(false);
  });
});
