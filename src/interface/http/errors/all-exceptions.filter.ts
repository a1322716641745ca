import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FHIR_CONTENT_TYPE, isFhirPath, operationOutcome } from '../../fhir/operation-outcome';
import { jsonRpcParseError } from '../../mcp/json-rpc-errors';
import { isHtmlPage, renderErrorPage, SignInRequired } from '../../web/web-page';
import { resolveError } from './error-body';
import { RouteTable } from './route-table';

/** The one place that writes error responses: always `{error, message, requestId}`. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(private readonly routes: RouteTable) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<FastifyRequest>();
    const reply = ctx.getResponse<FastifyReply>();
    // MCP clients read JSON-RPC, so a body that is not JSON gets JSON-RPC's parse error there.
    const rpc = jsonRpcParseError(exception, req.url);
    if (exception instanceof SignInRequired && !reply.sent) {
      void reply.header('Cache-Control', 'no-store').redirect(exception.location, 303);
      return;
    }
    if (rpc && !reply.sent) {
      void reply.status(400).type('application/json').send(rpc);
      return;
    }
    const resolved = resolveError(exception, req.id);
    if (
      resolved.status === 404 &&
      resolved.body.error === 'not_found' &&
      this.isRouteMiss(exception)
    ) {
      const allowed = this.routes.allowedMethods(req.url);
      // A wildcard route that knows the method but not the file (the docs' assets) is a 404.
      if (allowed.length > 0 && !allowed.includes(req.method)) {
        resolved.status = 405;
        resolved.body.error = 'method_not_allowed';
        resolved.body.message = `${req.method} is not allowed here; use ${allowed.join(', ')}.`;
        resolved.headers.Allow = allowed.join(', ');
      } else {
        // A page never repeats its address: text a link put there would read as the site's own.
        resolved.body.message = isHtmlPage(req.url)
          ? 'There is no page at this address.'
          : `No route ${req.method} ${req.url.split('?')[0].slice(0, 200)}.`;
      }
    }
    if (resolved.unexpected) {
      this.logger.error({ err: exception, requestId: req.id }, 'request failed');
    }
    if (reply.sent) return;
    // The FHIR view speaks FHIR in its errors too: the same status and headers, as an OperationOutcome.
    if (isFhirPath(req.url)) {
      const { status, body, headers } = resolved;
      void reply
        .status(status)
        .headers(headers)
        .type(FHIR_CONTENT_TYPE)
        .send(operationOutcome(status, body.error, body.message, body.requestId));
      return;
    }
    // People read the checkout and dashboard pages: their errors are pages too (same status).
    if (isHtmlPage(req.url) && resolved.status !== 405) {
      void renderErrorPage(reply, resolved.status, resolved.body.message, resolved.headers).catch(
        () => reply.status(resolved.status).type('application/json').send(resolved.body),
      );
      return;
    }
    void reply
      .status(resolved.status)
      .headers(resolved.headers)
      .type('application/json')
      .send(resolved.body);
  }

  /** Nest answers an unmatched route with its own NotFoundException; ours are DomainErrors. */
  private isRouteMiss(e: unknown): boolean {
    const name = (e as { constructor?: { name?: string } })?.constructor?.name;
    return name === 'NotFoundException';
  }
}
