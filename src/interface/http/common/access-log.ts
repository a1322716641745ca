import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { clientIp } from './client-ip';

const SECRET_PARAM =
  /(^|[?&])([^=&]*(?:token|key|secret|password|session|signature)[^=&]*)=[^&]*/gi;
const KEY_LIKE = /gtad_([a-z]+)_[A-Za-z0-9]{8,}/g;
const MAX_LOGGED_URL = 200;

/**
 * The URL as it may be logged: values of credential-like query parameters (`access_token`,
 * `api_key`, ...) and anything shaped like one of our keys replaced, and the length bounded, so a
 * key sent in the wrong place never reaches the logs and a hostile URL costs one short line.
 */
export function redactUrl(url: string): string {
  const redacted = url
    .replace(SECRET_PARAM, (_m, sep: string, name: string) => `${sep}${name}=[redacted]`)
    .replace(KEY_LIKE, 'gtad_$1_[redacted]');
  return redacted.length > MAX_LOGGED_URL
    ? `${redacted.slice(0, MAX_LOGGED_URL)}…(${redacted.length} chars)`
    : redacted;
}

/**
 * Fastify's request log lines, reduced to one short line per answered request (method, redacted
 * URL, status, time, client IP) instead of an "incoming" and a "completed" line each carrying the
 * raw URL. Errors the service did not expect are logged once more, with their stack, by the
 * exception filter.
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    _error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // The line's fields (a redacted URL, the client address) are built only when it is written.
    if ((request.log as Partial<Pick<Logger, 'isLevelEnabled'>>).isLevelEnabled?.('info') === false)
      return;
    request.log.info(
      {
        method: request.method,
        url: redactUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: clientIp(request),
      },
      'request completed',
    );
  }
}
