import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { AppConfig } from '../../infrastructure/config/app-config';
import { AccessLogController } from './common/access-log';
import { FHIR_CONTENT_TYPE, isFhirPath, operationOutcome } from '../fhir/operation-outcome';
import { resolveError } from './errors/error-body';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
/** No id of ours comes near it (CPSO numbers, UUIDs). */
const MAX_PARAM_LENGTH = 200;

/** The contract's error body written straight to a socket, before Fastify has a request. */
function socketAnswer(status: number, reason: string, error: string, message: string): string {
  const body = JSON.stringify({ error, message });
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\n` +
    `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`
  );
}

function clientErrorAnswer(code: string | undefined): string {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return socketAnswer(
        431,
        'Request Header Fields Too Large',
        'headers_too_large',
        'The request headers are too large.',
      );
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return socketAnswer(
        408,
        'Request Timeout',
        'invalid_param',
        'The request did not arrive in time.',
      );
    default:
      return socketAnswer(400, 'Bad Request', 'invalid_param', 'The request is malformed.');
  }
}

/**
 * What the HTTP parser could not read (malformed bytes, oversized headers, a request too slow to
 * arrive): the contract's error body, then the connection closed (`Connection: close`). When the
 * bytes followed a request still being answered on the same connection (a body sent without
 * framing after a GET, HEAD or DELETE: its bytes read as a second request), that request is
 * answered first, and the error after it: answering at once would end the connection under the
 * request in flight, which its client sees as a connection closed without an answer (issue 48,
 * item 8).
 */
export function answerClientError(
  err: NodeJS.ErrnoException,
  socket: import('node:net').Socket,
): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const answer = () => {
    if (socket.writable && !socket.destroyed) socket.end(clientErrorAnswer(err.code));
    else socket.destroy();
  };
  const inFlight = (socket as { _httpMessage?: import('node:http').ServerResponse | null })
    ._httpMessage;
  if (!inFlight || inFlight.writableFinished) return answer();
  let done = false;
  const once = (f: () => void) => () => {
    if (done) return;
    done = true;
    f();
  };
  inFlight.once('finish', once(answer));
  inFlight.once('close', once(answer));
}

/**
 * Fastify's options: limits and timeouts a slow or hostile client cannot stretch (all from
 * configuration), the proxy trust, request ids, and the contract's error body for what fails
 * before routing (a malformed URL) or before Fastify sees a request (oversized headers, a
 * malformed request line, a request that takes too long to arrive).
 */
export function fastifyOptions(config: AppConfig, log: Logger) {
  const { http, trustProxy } = config;
  return {
    loggerInstance: log,
    logController: new AccessLogController(),
    trustProxy:
      typeof trustProxy === 'number'
        ? (_address: string, hop: number) => hop < trustProxy
        : trustProxy,
    bodyLimit: http.bodyLimitBytes,
    routerOptions: {
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: true,
      maxParamLength: MAX_PARAM_LENGTH,
    },
    return503OnClosing: true,
    requestTimeout: http.requestTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    // An idle socket (no request at all) is closed after the request timeout as well.
    connectionTimeout: http.requestTimeoutMs,
    http: { maxHeaderSize: http.maxHeaderBytes, headersTimeout: http.headersTimeoutMs },
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    frameworkErrors: (error: Error, req: FastifyRequest, reply: FastifyReply) => {
      const r = resolveError(Object.assign(error, { statusCode: 400 }), req.id);
      // The router refuses a path segment past maxParamLength before any route runs.
      r.body.message =
        (error as { code?: string }).code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? `A path segment is longer than ${MAX_PARAM_LENGTH} characters.`
          : 'The request URL is malformed.';
      // Under /fhir every error is an OperationOutcome, as the exception filter answers there.
      if (isFhirPath(req.url))
        void reply
          .status(r.status)
          .type(FHIR_CONTENT_TYPE)
          .send(operationOutcome(r.status, r.body.error, r.body.message, r.body.requestId));
      else void reply.status(r.status).type('application/json').send(r.body);
    },
    clientErrorHandler: answerClientError,
  };
}
