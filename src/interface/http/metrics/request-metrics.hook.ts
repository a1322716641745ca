import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RequestMetrics } from '../../../infrastructure/metrics/request-metrics';

/**
 * Counts every answered request of the public port (docs/metrics.md): one onResponse hook, the
 * route's template as Fastify matched it (`/api/v1/doctors/:cpso`, never the URL; none when no
 * route matched), the status, the tier the auth guard set on the request (none without a
 * credential) and Fastify's own measure of the time since the request arrived.
 */
export function registerRequestMetrics(fastify: FastifyInstance, requests: RequestMetrics): void {
  fastify.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    requests.record(
      req.routeOptions.url,
      req.method,
      reply.statusCode,
      req.principal?.tier,
      reply.elapsedTime / 1000,
    );
    done();
  });
}
