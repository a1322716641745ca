import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { KeyForbiddenError, NotRotatableError } from '../../../domain/keys/key.errors';
import { headerValue } from '../auth/gateway-headers';
import { resolveError } from '../errors/error-body';

/**
 * The rotate route's answer to a gateway key sent as a bearer. Authentication refuses such a key
 * (403 `forbidden`: gateway keys only through the gateway headers) before the route runs, but on
 * this route the contract's answer to a gateway key is 403 `not_rotatable` (api-v1.md, Key
 * rotation), whatever the header it came in. A refusal of the gateway headers themselves (wrong
 * host, a key of another tier) stays `forbidden`.
 */
@Catch(KeyForbiddenError)
export class NotRotatableFilter implements ExceptionFilter {
  catch(e: KeyForbiddenError, host: ArgumentsHost): void {
    const req = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    // With an Authorization header, bearer authentication ran (it wins over the gateway headers),
    // and its only `forbidden` is a gateway-tier key.
    const asBearer = headerValue(req.headers, 'authorization') !== undefined;
    const answer = asBearer
      ? new NotRotatableError(
          'A gateway key cannot be rotated: only paid developer (live) keys rotate.',
        )
      : e;
    const r = resolveError(answer, req.id);
    if (reply.sent) return;
    void reply.status(r.status).headers(r.headers).type('application/json').send(r.body);
  }
}
