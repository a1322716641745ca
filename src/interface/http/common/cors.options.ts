import type { FastifyCorsOptions } from '@fastify/cors';
import type { FastifyRequest } from 'fastify';

/**
 * CORS (README, "Browser apps"): browser apps are users, so any origin may make read-only
 * requests to the JSON API with the `Authorization` or gateway headers. No cookie is involved,
 * so `Access-Control-Allow-Credentials` is never sent and no credential is reflected. Preflights
 * are answered 204 and cached for ten minutes. The HTML pages get no CORS headers at all.
 *
 * The service sets these headers itself (response-headers.hook.ts, precomputed once);
 * `corsOptions` is the same policy as `@fastify/cors` options, which the tests run as the
 * reference the precomputed headers are compared with.
 */
export function apiCors(gatewayName: string) {
  return {
    origin: '*',
    // Lists joined once here (the plugin joins arrays with ', ' on every request).
    methods: ['GET', 'HEAD'].join(', '),
    allowedHeaders: [
      'Authorization',
      `X-${gatewayName}-Key`,
      `X-${gatewayName}-Host`,
      'If-None-Match',
      'X-Request-Id',
    ].join(', '),
    exposedHeaders: [
      'ETag',
      'Retry-After',
      'X-Request-Id',
      'RateLimit',
      'RateLimit-Policy',
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
    ].join(', '),
    credentials: false,
    maxAge: 600,
    // An OPTIONS with an Origin but no Access-Control-Request-Method is answered like a
    // preflight (204) rather than with the plugin's plain-text 400 (found by the fuzz suite).
    strictPreflight: false,
  } as const;
}

/** The policy as `@fastify/cors` options: the API gets CORS, the pages none. */
export function corsOptions(gatewayName: string): FastifyCorsOptions {
  const api: FastifyCorsOptions = apiCors(gatewayName);
  const none: FastifyCorsOptions = { origin: false };
  return {
    delegator: (req: FastifyRequest, cb: (err: Error | null, o: FastifyCorsOptions) => void) =>
      cb(null, req.url.startsWith('/api/') ? api : none),
  };
}
