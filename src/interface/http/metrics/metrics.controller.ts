import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ServiceMetrics } from '../../../infrastructure/metrics/service-metrics';
import { ApiError } from '../errors/api-error';

/**
 * GET /metrics on the public port, when METRICS_PORT is not set: admin keys only. Without a
 * credential 401 as on every route; a sandbox, live or gateway key gets 403 `forbidden` (the
 * route is documented, so hiding it behind a 404 would only mislead an operator who used the
 * wrong key). Not in the OpenAPI document: it is the operators', not the API's.
 */
@ApiExcludeController()
@Controller()
export class MetricsController {
  constructor(private readonly metrics: ServiceMetrics) {}

  @Get('metrics')
  async scrape(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (req.principal?.tier !== 'admin') {
      throw new ApiError(
        'forbidden',
        'The metrics are served to admin keys only (or on METRICS_PORT, without a key).',
      );
    }
    const { contentType, text } = await this.metrics.scrape();
    // Bytes, not a string: the data answers' ETag and 60 s private caching (conditional-get
    // hook) are for directory data; a scrape is always fresh.
    await reply
      .header('Cache-Control', 'no-store')
      .type(contentType)
      .send(Buffer.from(text, 'utf8'));
  }
}
