import { Controller, Get, Query, Req, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ListSpecialistsUseCase } from '../../../application/clinics/list-specialists.use-case';
import { ResolveLocationUseCase } from '../../../application/geo/resolve-location.use-case';
import { NearDto } from '../common/near.dto';
import { criteriaFrom } from '../common/criteria.mapper';
import { PageResolver } from '../common/page-resolver';
import { ListScope } from '../../../application/shared/list-cursor';
import { ApiError } from '../errors/api-error';
import { Authenticated } from '../auth/auth.decorators';
import { ApiErrors, DATA_ERRORS } from '../errors/error.dto';
import { EXAMPLES } from '../openapi/examples';
import { OPERATIONS } from '../openapi/operations';
import { DataVersionInterceptor } from '../sync/data-version.interceptor';
import { SpecialistDto, SpecialistListDto } from './dto/specialist.response.dto';
import { ListSpecialistsQueryDto } from './dto/specialists.query.dto';

@ApiTags('clinics')
@Authenticated()
@ApiErrors(...DATA_ERRORS)
@Controller('specialists')
export class SpecialistsController {
  constructor(
    private readonly listSpecialists: ListSpecialistsUseCase,
    private readonly pages: PageResolver,
    private readonly location: ResolveLocationUseCase,
  ) {}

  @Get()
  @ApiOperation(OPERATIONS.listSpecialists)
  @UseInterceptors(DataVersionInterceptor)
  @ApiOkResponse({
    type: SpecialistListDto,
    description: 'A page of (clinic, specialty) pairs',
    example: EXAMPLES.listSpecialists,
  })
  @ApiErrors({ status: 400, code: 'missing_param', message: 'specialty is required.' })
  async list(
    @Query() q: ListSpecialistsQueryDto,
    @Req() req: FastifyRequest,
  ): Promise<SpecialistListDto> {
    if (!q.specialty?.trim()) throw new ApiError('missing_param', 'specialty is required.');
    const c = criteriaFrom(q);
    const loc = await this.location.execute(q);
    const criteria = {
      ...c,
      specialties: c.specialties ?? [],
      near: loc.point,
      radiusKm: loc.radiusKm,
    };
    const scope: ListScope = {
      kind: loc.point ? 'specialists-near' : 'specialists',
      query: criteria,
    };
    const plan = this.pages.plan(q, req, scope);
    const page = await this.listSpecialists.execute(criteria, plan.request);
    const clinics = page.items.map((s) => SpecialistDto.from(s));
    return {
      clinics,
      total: page.total,
      count: clinics.length,
      nextCursor: this.pages.next(plan, scope, page),
      ...(loc.near ? { near: NearDto.from(loc.near) } : {}),
    };
  }
}
