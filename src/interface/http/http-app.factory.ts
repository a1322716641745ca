import { createHmac, randomBytes } from 'node:crypto';
import { DynamicModule, SecurityHeadersOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';
import { AppConfig } from '../../infrastructure/config/app-config';
import { DATABASE_RUNTIME } from '../../infrastructure/config/core.module';
import { DatabaseRuntime } from '../../infrastructure/database/database-runtime';
import { ServiceMetrics } from '../../infrastructure/metrics/service-metrics';
import { JsonLogger } from '../../infrastructure/logging/json-logger';
import { AllExceptionsFilter } from './errors/all-exceptions.filter';
import { ApiError } from './errors/api-error';
import { RouteTable } from './errors/route-table';
import { createValidationPipe } from './common/validation.pipe';
import { registerConditionalGet } from './common/conditional-get.hook';
import { urlProblem } from './common/request-url';
import { corsOptions } from './common/cors.options';
import { AdapterState, ResponseHeaders } from './common/response-headers.hook';
import { fastifyOptions } from './fastify-options';
import { registerRequestMetrics } from './metrics/request-metrics.hook';
import { openApiDocumentOf, setupOpenApi } from './openapi/openapi.setup';
import { documentedQueryParams, KnownQueryParamsInterceptor } from './common/known-query-params';
import { setupWeb, WEB_PATH_PATTERNS } from '../web/web-setup';
import { MCP_BODY_LIMIT_BYTES, MCP_PATH } from '../mcp/mcp-http.controller';
import {
  WEBHOOK_BODY_LIMIT_BYTES,
  WEBHOOK_PATH,
} from '../web/checkout/checkout-webhook.controller';

export const API_PREFIX = 'api/v1';
/** A dashboard form (three passwords of up to 256 characters and a token) fits well within this. */
const ADMIN_FORM_LIMIT_BYTES = 8 * 1024;

/**
 * Helmet's defaults on every answer (errors included), with framing forbidden everywhere and no
 * upgrade-insecure-requests (the service may be reached over plain HTTP on localhost).
 */
const SECURITY_HEADERS: SecurityHeadersOptions = {
  contentSecurityPolicy: {
    directives: {
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
      // The checkout form's answer redirects to Stripe's hosted page (browsers apply
      // form-action to that redirect).
      formAction: ["'self'", 'https://checkout.stripe.com'],
    },
  },
  xFrameOptions: { action: 'deny' },
};

/** The dashboard's CSRF HMAC key, derived from the key-hash secret (the same on every instance). */
function csrfHmacKey(secret: string | undefined): Buffer {
  return secret
    ? createHmac('sha256', secret).update('gtad dashboard csrf').digest()
    : randomBytes(32);
}

/**
 * Builds the whole HTTP application around the composed root module (used by main.ts and by the
 * e2e tests, so both run the same adapter options, hooks, filters and docs). The composition root
 * is handed in, so no interface file imports it.
 */
export async function createHttpApp(
  rootModule: DynamicModule,
  config: AppConfig,
  rootLogger: Logger,
  opts: { preview?: boolean; headersFromPlugins?: boolean } = {},
): Promise<NestFastifyApplication> {
  const routes = new RouteTable();
  const adapter = new FastifyAdapter(
    fastifyOptions(config, rootLogger.child({ component: 'http' })),
  );
  const fastify = adapter.getInstance();
  fastify.addHook('onRoute', (opts) => {
    routes.add(opts.method, opts.url);
    // The one route that takes a body: MCP's JSON-RPC messages (every other limit stays small).
    if (opts.url === `/${API_PREFIX}/${MCP_PATH}`) opts.bodyLimit = MCP_BODY_LIMIT_BYTES;
    // And the payment provider's signed events, and the dashboard's forms (passwords).
    if (opts.url === WEBHOOK_PATH) opts.bodyLimit = WEBHOOK_BODY_LIMIT_BYTES;
    if (opts.url.startsWith('/admin')) opts.bodyLimit = ADMIN_FORM_LIMIT_BYTES;
  });
  // The one check of URL text (control characters, invalid UTF-8, length) before any route runs.
  // Callback hooks, not async ones: no promise and no microtask hop per request.
  fastify.addHook('onRequest', (req, _reply, done) => {
    const problem = urlProblem(req.url, config.http.maxUrlLength);
    done(problem ? new ApiError('invalid_param', problem) : undefined);
  });
  fastify.addHook('onSend', (req, reply, payload, done) => {
    void reply.header('X-Request-Id', req.id);
    // Errors are never stored by a cache; successful data answers set their own policy.
    if (reply.statusCode >= 400) void reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
  registerConditionalGet(fastify, config.gateway.name);
  // Helmet's headers (Nest's resolution of SECURITY_HEADERS) and CORS, precomputed and set in the
  // adapter's first request hook: before its shutdown hook, Nest's CSRF check and middleware.
  if (!opts.headersFromPlugins)
    adapter.setOnRequestHook(
      new ResponseHeaders(config.gateway.name, SECURITY_HEADERS).register(
        fastify,
        adapter as unknown as AdapterState,
      ),
    );

  const app = await NestFactory.create<NestFastifyApplication>(rootModule, adapter, {
    logger: new JsonLogger(rootLogger.child({ component: 'nest' })),
    bufferLogs: false,
    // Preview: the module graph without instantiating providers (no database), for the
    // OpenAPI document script.
    preview: opts.preview ?? false,
    // The webhook's signature is over the exact bytes received (JSON parsers keep them).
    rawBody: true,
  });
  // /metrics sits beside the API (only when METRICS_PORT is unset is there a route at all).
  app.setGlobalPrefix(API_PREFIX, { exclude: [...WEB_PATH_PATTERNS, 'metrics'] });
  // Every answer counted (docs/metrics.md); before init, so the hook covers every route.
  if (!opts.preview) registerRequestMetrics(fastify, app.get(ServiceMetrics).requests);
  if (opts.headersFromPlugins) {
    // The reference the precomputed headers are tested against (test/e2e/response-headers.property.test.ts): Nest's
    // security hook and @fastify/cors, as the service ran before.
    app.useSecurityHeaders(SECURITY_HEADERS);
    app.enableCors(corsOptions(config.gateway.name));
  }
  // Browsers' cross-origin form posts (Sec-Fetch-Site, else Origin against Host) are refused
  // with 403 before any body parsing; non-browser clients (no such headers) are unaffected.
  app.enableCsrfProtection();
  const runtime = opts.preview
    ? undefined
    : app.get<DatabaseRuntime>(DATABASE_RUNTIME, { strict: false });
  await setupWeb(app, csrfHmacKey(runtime?.keyHashSecret));
  app.useGlobalFilters(new AllExceptionsFilter(routes));
  app.useGlobalPipes(createValidationPipe());
  setupOpenApi(app, config);
  app.useGlobalInterceptors(
    new KnownQueryParamsInterceptor(documentedQueryParams(openApiDocumentOf(app))),
  );
  await app.init();
  return app;
}
