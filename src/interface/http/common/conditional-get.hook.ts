import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Directory data changes rarely: clients may reuse an answer for a minute, then revalidate. */
export const DATA_CACHE_CONTROL = 'private, max-age=60, must-revalidate';

function matches(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

/**
 * Strong ETags on authenticated GET answers, and 304 to a matching If-None-Match. The answer is
 * private (it depends on the caller's tier caps) and varies with the credential headers.
 */
export function registerConditionalGet(fastify: FastifyInstance, gatewayName: string): void {
  const vary = `Authorization, X-${gatewayName}-Key`;
  // A callback hook, not an async one: no promise and no microtask hop per answer.
  fastify.addHook('onSend', (req: FastifyRequest, reply: FastifyReply, payload, done) => {
    if (
      req.method !== 'GET' ||
      reply.statusCode !== 200 ||
      !req.principal ||
      typeof payload !== 'string'
    )
      return done(null, payload);
    // An ETag the handler set (the bulk manifest's data version) is kept.
    const set = reply.getHeader('etag');
    // crypto.hash: the same digest as createHash().update().digest(), without a Hash object
    // (about half the time for a page of a few hundred bytes).
    const etag =
      typeof set === 'string' ? set : `"${hash('sha256', payload, 'base64url').slice(0, 32)}"`;
    void reply
      .header('ETag', etag)
      .header('Cache-Control', DATA_CACHE_CONTROL)
      .header('Vary', vary);
    const inm = req.headers['if-none-match'];
    if (typeof inm === 'string' && matches(inm, etag)) {
      void reply.code(304).removeHeader('content-length').removeHeader('content-type');
      return done(null, '');
    }
    done(null, payload);
  });
}
