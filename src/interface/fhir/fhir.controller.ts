import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFoundError } from '../../domain/shared/domain-error';
import { Public } from '../http/auth/auth.decorators';
import { capabilityStatement } from './capability-statement';
import { FhirSearchService, prefersLenient } from './fhir-search.service';
import { FHIR_TYPES, FhirType } from './fhir-search-params';
import { Query } from './fhir-search-handling';
import { FHIR_CONTENT_TYPE } from './operation-outcome';

function fhirType(type: string): FhirType {
  if ((FHIR_TYPES as readonly string[]).includes(type)) return type as FhirType;
  throw new NotFoundError(
    `This FHIR view serves ${FHIR_TYPES.join(', ')}; there is no resource type ${JSON.stringify(type.slice(0, 60))}.`,
  );
}

/** The base of the view as the client reached it (links and fullUrls are absolute). */
function baseUrl(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}/api/v1/fhir`;
}

/**
 * The FHIR R4 view (issue 35): read and search-type on five Plan-Net resource types, the
 * CapabilityStatement at metadata. Left out of the v1 OpenAPI document (FHIR describes itself);
 * the same global guards (keys, tiers, rate limits) run before every route, and errors are
 * OperationOutcomes (AllExceptionsFilter, for every path under /api/v1/fhir).
 */
@ApiExcludeController()
@Controller('fhir')
export class FhirController {
  constructor(private readonly fhir: FhirSearchService) {}

  @Public()
  @Get('metadata')
  metadata(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    void reply.header('Content-Type', FHIR_CONTENT_TYPE);
    return capabilityStatement(baseUrl(req));
  }

  @Get(':type')
  async search(
    @Param('type') type: string,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const t = fhirType(type);
    void reply.header('Content-Type', FHIR_CONTENT_TYPE);
    return this.fhir.search({
      type: t,
      query: req.query as Query,
      rawUrl: req.url,
      baseUrl: baseUrl(req),
      tier: req.principal?.tier,
      lenient: prefersLenient(req.headers.prefer),
    });
  }

  @Get(':type/:id')
  async read(
    @Param('type') type: string,
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const t = fhirType(type);
    void reply.header('Content-Type', FHIR_CONTENT_TYPE);
    return this.fhir.read(t, id);
  }
}
