import { AddressInfo } from 'node:net';
import { runOperatorsCommand } from '../../src/interface/cli/commands/operators.command';
import { rawRequest } from '../support/raw-http';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * Hostile and careless input on the pages and the webhook (the fuzz suite covers the OpenAPI
 * operations): NUL bytes, invalid UTF-8, repeated parameters, huge values, wrong bodies. Each
 * gets an answer below 500 on a live connection, and nothing is written.
 */
describe('hostile input on /checkout, /admin and the webhook (real sockets)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    db = await createTestDatabase('web_hostile');
    t = await createTestApp(db);
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    await runOperatorsCommand(
      ['add', 'ops@example.com'],
      db.dataSource,
      async () => 'a long password here',
    );
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  const request = (method: string, path: string, headers: string[] = [], body = '') =>
    rawRequest(
      port,
      Buffer.concat([
        Buffer.from(
          `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers.map((h) => `${h}\r\n`).join('')}` +
            `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
          'latin1',
        ),
        Buffer.from(body, 'latin1'),
      ]),
    );
  const form = ['Content-Type: application/x-www-form-urlencoded', 'Sec-Fetch-Site: same-origin'];

  it.each(
    (
      [
        ['GET', '/checkout/complete?session_id=demo_cs_%00abc'],
        ['GET', '/checkout/complete?session_id=%C3%28'],
        ['GET', '/checkout/complete?session_id=a&session_id=b'],
        [
          'GET',
          `/checkout/complete?session_id=${'x'.repeat(3000)}`,
          'a 3,000-character session id',
        ],
        ['GET', '/checkout?cancelled=%FF'],
        ['GET', '/checkout/demo/%00'],
        ['GET', `/checkout/demo/${'d'.repeat(3000)}`, 'a 3,000-character demo id'],
        ['POST', '/checkout/demo/demo_cs_nothing_here_at_all/pay'],
        ['GET', '/admin/keys?tier=%00&state=%FF&prefix=%27%3B--&page=-1'],
        ['GET', '/admin/keys?page=99999999999999999999'],
        ['GET', '/admin/keys/not-a-uuid/revoke'],
        ['GET', '/admin/sign-in?signed_out=%00'],
      ] as [string, string, string?][]
    ).map(([m, p, label]) => [m, label ?? p, p]),
  )('%s %s answers below 500', async (method, _label, path) => {
    const r = await request(method, path, method === 'POST' ? form : []);
    expect(r.status).toBeGreaterThanOrEqual(200);
    expect(r.status).toBeLessThan(500);
    expect(r.body).not.toMatch(/at \w+ \(|QueryFailedError|SELECT |stack/i);
  });

  it('sign-in survives NUL bytes, invalid UTF-8, repeated and huge fields without writing a session', async () => {
    const bodies = [
      'email=ops%40example.com%00&password=a%00long',
      'email=%C3%28&password=%FF%FE',
      'email=a&email=b&password=x&password=y',
      `email=${'e'.repeat(5000)}&password=p`,
      `email=ops%40example.com&password=${'p'.repeat(7000)}`,
      '%%%=%%%',
    ];
    for (const body of bodies) {
      const r = await request('POST', '/admin/sign-in', form, body);
      expect({ body: body.slice(0, 40), status: r.status < 500 }).toEqual({
        body: body.slice(0, 40),
        status: true,
      });
    }
    const big = await request(
      'POST',
      '/admin/sign-in',
      form,
      `email=x&password=${'p'.repeat(20_000)}`,
    );
    expect(big.status).toBe(413);
    const sessions = await db.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM operator_sessions`,
    );
    expect(sessions[0].n).toBe(0);
  });

  it('the webhook answers 4xx to bodies that are not signed JSON, large or not', async () => {
    const json = ['Content-Type: application/json'];
    for (const [headers, body] of [
      [json, 'null'],
      [json, '{"id":"evt\u0000"}'],
      [json, '{not json'],
      [['Content-Type: text/plain'], 'hello'],
      [[...json, 'Stripe-Signature: t=1,v1=00'], '{"id":"evt_1","type":"charge.refunded"}'],
      [[...json, 'Stripe-Signature: \u00ff\u00fe'], '{}'],
    ] as [string[], string][]) {
      const r = await request('POST', '/checkout/webhook', headers, body);
      expect({ body, status: r.status >= 400 && r.status < 500 }).toEqual({ body, status: true });
      expect(r.headers['content-type']).toMatch(/application\/json/);
    }
    const huge = await request('POST', '/checkout/webhook', json, `{"x":"${'a'.repeat(300_000)}"}`);
    expect(huge.status).toBe(413);
    const events = await db.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM payment_events`,
    );
    expect(events[0].n).toBe(0);
  });
});
