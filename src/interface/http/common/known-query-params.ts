import { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type {
  OpenAPIObject,
  ParameterObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import type { FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';
import { editDistance } from '../../../application/shared/text-fold';
import { ApiError } from '../errors/api-error';

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

/**
 * The query parameters each documented operation takes, read from the OpenAPI document the service
 * serves (one list, so the document and the check cannot drift apart), keyed by method and route
 * as Fastify names it (`GET /api/v1/doctors/:cpso`).
 */
export function documentedQueryParams(document: OpenAPIObject): Map<string, readonly string[]> {
  const byRoute = new Map<string, readonly string[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    const route = path.replace(/\{([^}]+)\}/g, ':$1');
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const names = ((op.parameters ?? []) as ParameterObject[])
        .filter((p) => p.in === 'query')
        .map((p) => p.name);
      byRoute.set(`${method.toUpperCase()} ${route}`, names);
    }
  }
  return byRoute;
}

/** The singular and plural forms people swap (language/languages, specialty/specialties). */
function numberForms(name: string): string[] {
  const forms = [`${name}s`];
  if (name.endsWith('ies')) forms.push(`${name.slice(0, -3)}y`);
  if (name.endsWith('y')) forms.push(`${name.slice(0, -1)}ies`);
  if (name.endsWith('s')) forms.push(name.slice(0, -1));
  return forms;
}

/**
 * The known parameter an unknown one most likely meant: the same name in another case or
 * spelling of its number (`language` for `languages`), else the nearest within one edit for short
 * names and two from six letters (a swap of two letters is one edit: `langauges`).
 */
export function meantParam(unknown: string, known: readonly string[]): string | undefined {
  const u = unknown.toLowerCase();
  const exact = known.find((k) => k.toLowerCase() === u);
  if (exact) return exact;
  const forms = numberForms(u);
  const number = known.find((k) => forms.includes(k.toLowerCase()));
  if (number) return number;
  const max = u.length >= 6 ? 2 : 1;
  let best: string | undefined;
  let bestDistance = max + 1;
  for (const k of known) {
    const d = editDistance(u, k.toLowerCase(), max);
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best;
}

/** The message naming every unknown parameter of a request, with the one meant where there is one. */
export function unknownParamsMessage(unknown: readonly string[], known: readonly string[]): string {
  const named = unknown.map((u) => {
    const meant = meantParam(u, known);
    const shown = JSON.stringify(u.length > 40 ? `${u.slice(0, 40)}…` : u);
    return meant ? `${shown} (did you mean "${meant}"?)` : shown;
  });
  const takes = known.length
    ? `this operation takes ${known.join(', ')}`
    : 'this operation takes none';
  return `Unknown query parameter${unknown.length > 1 ? 's' : ''} ${named.join(', ')}: ${takes}.`;
}

/**
 * Refuses query parameters an operation does not take (decisions.md, Query parsing, changed
 * 2026-12-01): 400 `invalid_param` naming each and the one meant, so that a misspelt filter is
 * never silently dropped and the whole directory answered instead. Runs after authentication and
 * the rate limit (an interceptor), before validation, on every documented operation; routes the
 * document does not describe (FHIR, MCP, the web pages) have rules of their own.
 */
export class KnownQueryParamsInterceptor implements NestInterceptor {
  constructor(private readonly byRoute: Map<string, readonly string[]>) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      const req = context.switchToHttp().getRequest<FastifyRequest>();
      const method = req.method === 'HEAD' ? 'GET' : req.method;
      const known = this.byRoute.get(`${method} ${req.routeOptions.url}`);
      const query = req.query as Record<string, unknown> | undefined;
      if (known && query) {
        const unknown = Object.keys(query).filter((k) => !known.includes(k));
        if (unknown.length > 0)
          throw new ApiError('invalid_param', unknownParamsMessage(unknown, known));
      }
    }
    return next.handle();
  }
}
