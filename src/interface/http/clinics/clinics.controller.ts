import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { GetClinicUseCase } from '../../../application/clinics/get-clinic.use-case';
import { ListClinicsUseCase } from '../../../application/clinics/list-clinics.use-case';
import { ResolveLocationUseCase } from '../../../application/geo/resolve-location.use-case';
import { NearDto } from '../common/near.dto';
import { GetClinicSignalsUseCase } from '../../../application/reviews/get-clinic-signals.use-case';
import { ListClinicReviewsUseCase } from '../../../application/reviews/list-clinic-reviews.use-case';
import { criteriaFrom } from '../common/criteria.mapper';
import { PaginationQueryDto } from '../common/list-query.dto';
import { PageResolver } from '../common/page-resolver';
import { ReviewDto } from '../common/review.dto';
import { SignalsDto } from '../common/signals.response.dto';
import { Authenticated } from '../auth/auth.decorators';
import { ApiErrors, DATA_ERRORS } from '../errors/error.dto';
import { ClinicDetailDto, ClinicEnvelopeDto } from './dto/clinic-detail.response.dto';
import { ClinicDetailQueryDto } from './dto/clinic-detail.query.dto';
import { ClinicReviewsDto } from './dto/clinic-reviews.response.dto';
import { ClinicListDto, ClinicListItemDto } from './dto/clinic.response.dto';
import { ListClinicsQueryDto } from './dto/clinics.query.dto';

const ID = { name: 'id', description: 'Clinic id (UUID)', format: 'uuid' };

@ApiTags('clinics')
@Authenticated()
@ApiErrors(...DATA_ERRORS)
@Controller('clinics')
export class ClinicsController {
  constructor(
    private readonly listClinics: ListClinicsUseCase,
    private readonly getClinic: GetClinicUseCase,
    private readonly listReviews: ListClinicReviewsUseCase,
    private readonly getSignals: GetClinicSignalsUseCase,
    private readonly pages: PageResolver,
    private readonly location: ResolveLocationUseCase,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'listClinics',
    summary: 'Clinics, nearest first when lat/lng or near are sent, else by name',
  })
  @ApiOkResponse({ type: ClinicListDto })
  async list(@Query() q: ListClinicsQueryDto, @Req() req: FastifyRequest): Promise<ClinicListDto> {
    const include = new Set(q.include ?? []);
    const filters = criteriaFrom(q);
    const loc = await this.location.execute(q);
    const criteria = {
      ...filters,
      hasWebsite: q.hasWebsite,
      near: loc.point,
      radiusKm: loc.radiusKm,
    };
    const page = await this.listClinics.execute(criteria, include, this.pages.resolve(q, req));
    const clinics = page.items.map((c) => ClinicListItemDto.from(c, include));
    return {
      clinics,
      total: page.total,
      count: clinics.length,
      ...(loc.near ? { near: NearDto.from(loc.near) } : {}),
    };
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getClinic',
    summary: 'One clinic with hours, accessibility and doctors',
  })
  @ApiParam(ID)
  @ApiOkResponse({ type: ClinicEnvelopeDto })
  @ApiErrors(404)
  async detail(
    @Param('id') id: string,
    @Query() q: ClinicDetailQueryDto,
  ): Promise<ClinicEnvelopeDto> {
    return {
      clinic: ClinicDetailDto.from(await this.getClinic.execute(id), new Set(q.include ?? [])),
    };
  }

  @Get(':id/reviews')
  @ApiOperation({
    operationId: 'listClinicReviews',
    summary: "A clinic's reviews, newest first, with the aggregate",
  })
  @ApiParam(ID)
  @ApiOkResponse({ type: ClinicReviewsDto })
  @ApiErrors(404)
  async reviews(
    @Param('id') id: string,
    @Query() q: PaginationQueryDto,
    @Req() req: FastifyRequest,
  ): Promise<ClinicReviewsDto> {
    const r = await this.listReviews.execute(id, this.pages.resolve(q, req));
    const reviews = r.page.items.map((x) => ReviewDto.from(x));
    return {
      clinicId: r.clinicId,
      aggregate: r.aggregate,
      reviews,
      total: r.page.total,
      count: reviews.length,
    };
  }

  @Get(':id/signals')
  @ApiOperation({
    operationId: 'getClinicSignals',
    summary: 'Per-dimension clinic review signals with a minimum sample',
  })
  @ApiParam(ID)
  @ApiOkResponse({ type: SignalsDto })
  @ApiErrors(404)
  async signals(@Param('id') id: string): Promise<SignalsDto> {
    return SignalsDto.from(await this.getSignals.execute(id));
  }
}
