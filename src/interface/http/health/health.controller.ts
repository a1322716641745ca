import { Controller, Get, Header, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CheckReadinessUseCase } from '../../../application/health/check-readiness.use-case';
import { Public } from '../auth/auth.decorators';
import { ApiErrors } from '../errors/error.dto';
import { EXAMPLES } from '../openapi/examples';
import { OPERATIONS } from '../openapi/operations';
import { ReadinessDto } from './readiness.dto';

@ApiTags('health')
@Public()
// A malformed URL (control characters, invalid UTF-8, too long) is refused on every path.
@ApiErrors(400)
@Controller()
export class HealthController {
  constructor(private readonly readiness: CheckReadinessUseCase) {}

  @Get()
  @ApiOperation(OPERATIONS.getApiReadiness)
  @ApiOkResponse({
    type: ReadinessDto,
    description: 'Ready: the database answered',
    example: EXAMPLES.getApiReadiness,
  })
  @ApiServiceUnavailableResponse({
    type: ReadinessDto,
    description:
      "The database did not answer, or the directory's index is still loading (at start)",
    example: EXAMPLES.getApiReadinessDown,
  })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadinessDto> {
    const r = await this.readiness.execute();
    void reply.header('Cache-Control', 'no-store');
    if (r.status !== 'ok') void reply.status(503);
    return r;
  }

  @Get('ping')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @ApiOperation(OPERATIONS.getApiLiveness)
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: 'The word pong', schema: { type: 'string', example: 'pong' } })
  ping(): string {
    return 'pong';
  }
}
