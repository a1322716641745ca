import type { SecurityHeadersOptions } from '@nestjs/common';
import { resolveSecurityHeaders } from '@nestjs/core/security/security-headers';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { apiCors } from './cors.options';

/** What the request hook needs of Nest's Fastify adapter (its shutdown state). */
export interface AdapterState {
  readonly isShuttingDown?: boolean;
  readonly return503OnClosing?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on an answered preflight, as @fastify/cors does (read by the OPTIONS * route). */
    corsPreflightEnabled: boolean;
  }
}

type Headers = Readonly<Record<string, string>>;

/**
 * The headers every answer starts with, computed once (docs/framework-cost.md): what
 * `app.useSecurityHeaders(options)` and `@fastify/cors` (with the options of cors.options.ts
 * through a delegator) set on each request, now one precomputed object per kind of path given to
 * `reply.headers()` in one request hook.
 *
 * - Every answer: `Vary: Origin` (the plugin adds it whenever the options come from a delegator)
 *   and the security headers (Nest's own resolution of the options, so the same values).
 * - Under `/api/`: `Access-Control-Allow-Origin: *` and the exposed headers; an `OPTIONS` there is
 *   a preflight (strict preflight off), answered 204 with `Content-Length: 0`, the allowed
 *   methods and headers and the max age, and without the security headers (the plugin answered it
 *   before Nest's security hook ran).
 * - Elsewhere (the HTML pages): no CORS header, and an `OPTIONS` goes on to the catch-all route,
 *   which answers it as not found.
 *
 * Set on Fastify's reply rather than on Node's response: with no header on the response itself,
 * Node writes the head from Fastify's object at once instead of merging header by header, and no
 * header is validated twice. Values a handler or a later hook sets still win.
 */
export class ResponseHeaders {
  readonly api: Headers;
  readonly pages: Headers;
  readonly preflight: Headers;

  constructor(gatewayName: string, security: SecurityHeadersOptions) {
    const policy = apiCors(gatewayName);
    const resolved = resolveSecurityHeaders(security);
    const securityHeaders: Record<string, string> = {};
    for (const [name, value] of resolved.headers) securityHeaders[name.toLowerCase()] = value;
    const vary = { vary: 'Origin' };
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-expose-headers': policy.exposedHeaders,
    };
    this.api = Object.freeze({ ...vary, ...cors, ...securityHeaders });
    this.pages = Object.freeze({ ...vary, ...securityHeaders });
    this.preflight = Object.freeze({
      ...vary,
      ...cors,
      'access-control-allow-methods': policy.methods,
      'access-control-allow-headers': policy.allowedHeaders,
      'access-control-max-age': String(policy.maxAge),
      'content-length': '0',
    });
  }

  /**
   * Registers the catch-all `OPTIONS *` route the plugin registered (a preflight never reaches
   * it; any other `OPTIONS` is not found) and returns the request hook, for the adapter's first
   * request hook (`setOnRequestHook`): it runs before the shutdown hook, before Nest's security
   * hook (the CSRF check, whose 403 carries these headers) and before middleware.
   */
  register(
    fastify: FastifyInstance,
    adapter: AdapterState,
  ): (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => void {
    fastify.decorateRequest('corsPreflightEnabled', false);
    // As the plugin's: hidden from route documentation (`hide` is @fastify/swagger's).
    const schema = { hide: true } as FastifySchema;
    fastify.options('*', { schema }, (req, reply) => {
      if (!req.corsPreflightEnabled) {
        reply.callNotFound();
        return;
      }
      void reply.send();
    });
    return (req, reply, done) => {
      // While shutting down, the adapter's next hook answers 503 with none of these headers.
      if (adapter.isShuttingDown && adapter.return503OnClosing) return done();
      if (!req.url.startsWith('/api/')) {
        void reply.headers(this.pages);
        return done();
      }
      if (req.method === 'OPTIONS') {
        req.corsPreflightEnabled = true;
        void reply.headers(this.preflight).code(204).send();
        return;
      }
      void reply.headers(this.api);
      done();
    };
  }
}
