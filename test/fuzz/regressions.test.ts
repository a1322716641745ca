import { AddressInfo } from 'node:net';
import { ERROR_CODES } from '../../src/domain/shared/domain-error';
import { authHeaders } from '../support/auth';
import { openSocket, rawRequest } from '../support/raw-http';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/** Cases the fuzz suite found (shrunk by hand to what matters), kept so they stay fixed. */
describe('fuzz regressions', () => {
  let db: TestDatabase;
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    db = await createTestDatabase('fuzz_regressions');
    t = await createTestApp(db);
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  const send = async (lines: string[], head = false, body = '') => {
    const s = await openSocket(port);
    try {
      const a = await rawRequest(port, `${lines.join('\r\n')}\r\n\r\n${body}`, s, head);
      const next = await rawRequest(port, 'GET /api/v1/ping HTTP/1.1\r\nHost: x\r\n\r\n', s);
      return { a, next };
    } finally {
      s.destroy();
    }
  };

  it('OPTIONS with an Origin but no Access-Control-Request-Method: no plain-text 400 (seed 20261124)', async () => {
    const { a, next } = await send([
      'OPTIONS /api/v1/doctors HTTP/1.1',
      'Host: x',
      'Origin: https://evil.example',
    ]);
    expect(a.status).toBeLessThan(500);
    if (a.status >= 400) expect(ERROR_CODES).toContain(JSON.parse(a.body).error);
    else expect(a.status).toBe(204);
    expect(a.headers['access-control-allow-credentials']).toBeUndefined();
    expect(next.status).toBe(200);
  });

  it('HEAD on a data route answers headers only and keeps the connection usable', async () => {
    const auth = await authHeaders(t, 'live');
    const { a, next } = await send(
      ['HEAD /api/v1/doctors HTTP/1.1', 'Host: x', `Authorization: ${auth.Authorization}`],
      true,
    );
    expect(a.status).toBe(200);
    expect(next.status).toBe(200);
  });

  it('GET with a JSON body on a 300-character clinic id, query mutated: 400 in the contract shape, connection kept (issue 30)', async () => {
    const auth = await authHeaders(t, 'live');
    for (const query of ['', '?limit=5&limit=5', '?limit=%00', `?q=${'x'.repeat(3000)}`]) {
      for (const withKey of [true, false]) {
        const { a, next } = await send(
          [
            `GET /api/v1/clinics/${'a'.repeat(300)}/reviews${query} HTTP/1.1`,
            'Host: x',
            ...(withKey ? [`Authorization: ${auth.Authorization}`] : []),
            'Content-Type: application/json',
            'Content-Length: 2',
          ],
          false,
          '[]',
        );
        expect([query, a.status]).toEqual([query, 400]);
        expect(JSON.parse(a.body)).toEqual({
          error: 'invalid_param',
          message: 'A path segment is longer than 200 characters.',
          requestId: expect.any(String),
        });
        expect(a.headers.connection).not.toBe('close');
        expect(next.status).toBe(200);
      }
    }
  });
});
