import { createHash } from 'node:crypto';
import Fastify, { FastifyInstance } from 'fastify';
import { DATA_CACHE_CONTROL, registerConditionalGet } from './conditional-get.hook';

/** The ETag is a stable function of the body (clients keep it across restarts and releases). */
const etagOf = (body: string) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

describe('registerConditionalGet', () => {
  let app: FastifyInstance;
  const body = JSON.stringify({ items: [{ name: 'Zoë Ó Súilleabháin' }], total: 1 });

  beforeAll(async () => {
    app = Fastify();
    app.decorateRequest('principal', undefined);
    app.addHook('onRequest', (req, _reply, done) => {
      if (req.headers['x-test-principal'])
        (req as unknown as { principal: unknown }).principal = { tier: 'live' };
      done();
    });
    registerConditionalGet(app, 'RapidAPI');
    app.get('/data', (_req, reply) => reply.type('application/json').send(body));
    app.post('/data', (_req, reply) => reply.type('application/json').send(body));
    app.get('/tagged', (_req, reply) =>
      reply.header('ETag', '"v42"').type('application/json').send(body),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const principal = { 'x-test-principal': '1' };

  it('tags an authenticated GET with the SHA-256 of its body, private and varying by credential', async () => {
    const r = await app.inject({ method: 'GET', url: '/data', headers: principal });
    expect(r.statusCode).toBe(200);
    expect(r.headers.etag).toBe(etagOf(body));
    expect(r.headers['cache-control']).toBe(DATA_CACHE_CONTROL);
    expect(r.headers.vary).toBe('Authorization, X-RapidAPI-Key');
    expect(r.body).toBe(body);
  });

  it.each([etagOf(body), `W/${etagOf(body)}`, '*', `"other", ${etagOf(body)}`])(
    'answers 304 without a body to If-None-Match %s',
    async (inm) => {
      const r = await app.inject({
        method: 'GET',
        url: '/data',
        headers: { ...principal, 'if-none-match': inm },
      });
      expect(r.statusCode).toBe(304);
      expect(r.body).toBe('');
      expect(r.headers.etag).toBe(etagOf(body));
      expect(r.headers['content-type']).toBeUndefined();
    },
  );

  it('answers 200 to an If-None-Match that does not match', async () => {
    const r = await app.inject({
      method: 'GET',
      url: '/data',
      headers: { ...principal, 'if-none-match': '"nope"' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.body).toBe(body);
  });

  it('keeps an ETag the handler set', async () => {
    const r = await app.inject({
      method: 'GET',
      url: '/tagged',
      headers: { ...principal, 'if-none-match': '"v42"' },
    });
    expect(r.statusCode).toBe(304);
    expect(r.headers.etag).toBe('"v42"');
  });

  it('leaves answers without a credential, and other methods, untagged', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/data' });
    expect(anonymous.headers.etag).toBeUndefined();
    const post = await app.inject({ method: 'POST', url: '/data', headers: principal });
    expect(post.headers.etag).toBeUndefined();
  });
});
