import { randomUUID } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { AppDeps, AppModule } from '../../app.module';
import { JsonLogger } from '../../infrastructure/logging/json-logger';
import { AllExceptionsFilter } from './errors/all-exceptions.filter';
import { resolveError } from './errors/error-body';
import { RouteTable } from './errors/route-table';
import { createValidationPipe } from './common/validation.pipe';
import { registerConditionalGet } from './common/conditional-get.hook';
import { setupOpenApi } from './openapi/openapi.setup';
import { setupWeb, WEB_PATH_PATTERNS } from '../web/web-setup';

export const API_PREFIX = 'api/v1';
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Builds the whole HTTP application (used by main.ts and by the e2e tests, so both run the same
 * adapter options, hooks, filters and docs).
 */
export async function createHttpApp(
  deps: AppDeps,
  rootLogger: Logger,
): Promise<NestFastifyApplication> {
  const routes = new RouteTable();
  const adapter = new FastifyAdapter({
    loggerInstance: rootLogger.child({ component: 'http' }),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
    return503OnClosing: true,
    http: { maxHeaderSize: 16 * 1024 },
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // Errors Fastify raises before routing (a malformed URL or percent-encoding) get our body.
    frameworkErrors: (error: Error, req: FastifyRequest, reply: FastifyReply) => {
      const r = resolveError(Object.assign(error, { statusCode: 400 }), req.id);
      r.body.message = 'The request URL is malformed.';
      void reply.status(r.status).type('application/json').send(r.body);
    },
    // Errors Node raises on the socket before Fastify sees a request (oversized headers).
    clientErrorHandler: (err: NodeJS.ErrnoException, socket) => {
      const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
      const body = JSON.stringify(
        status === 431
          ? { error: 'headers_too_large', message: 'The request headers are too large.' }
          : { error: 'invalid_param', message: 'The request is malformed.' },
      );
      if (socket.writable) {
        socket.end(
          `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      } else {
        socket.destroy();
      }
    },
  });
  const fastify = adapter.getInstance();
  fastify.addHook('onRoute', (opts) => routes.add(opts.method, opts.url));
  fastify.addHook('onSend', async (req, reply) => {
    void reply.header('X-Request-Id', req.id);
  });
  registerConditionalGet(fastify, deps.config.gateway.name);

  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(deps), adapter, {
    logger: new JsonLogger(rootLogger.child({ component: 'nest' })),
    bufferLogs: false,
  });
  app.setGlobalPrefix(API_PREFIX, { exclude: WEB_PATH_PATTERNS });
  // Helmet's defaults on every answer (errors included), with framing forbidden everywhere and
  // no upgrade-insecure-requests (the service may be reached over plain HTTP on localhost).
  app.useSecurityHeaders({
    contentSecurityPolicy: {
      directives: { frameAncestors: ["'none'"], upgradeInsecureRequests: null },
    },
    xFrameOptions: { action: 'deny' },
  });
  // Browsers' cross-origin form posts (Sec-Fetch-Site, else Origin against Host) are refused
  // with 403 before any body parsing; non-browser clients (no such headers) are unaffected.
  app.enableCsrfProtection();
  await setupWeb(app);
  app.useGlobalFilters(new AllExceptionsFilter(routes));
  app.useGlobalPipes(createValidationPipe());
  setupOpenApi(app, deps.config);
  await app.init();
  return app;
}
