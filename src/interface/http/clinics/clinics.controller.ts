import { Controller, Get, Param, Query, Req, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { GetClinicUseCase } from '../../../application/clinics/get-clinic.use-case';
import { ListClinicsUseCase } from '../../../application/clinics/list-clinics.use-case';
import { LookupClinicsUseCase } from '../../../application/clinics/lookup-clinics.use-case';
import { ListScope } from '../../../application/shared/list-cursor';
import { ClinicInclude } from '../../../domain/directory/criteria';
import { ResolveLocationUseCase } from '../../../application/geo/resolve-location.use-case';
import { NearDto } from '../common/near.dto';
import { GetClinicSignalsUseCase } from '../../../application/reviews/get-clinic-signals.use-case';
import { ListClinicReviewsUseCase } from '../../../application/reviews/list-clinic-reviews.use-case';
import { criteriaFrom } from '../common/criteria.mapper';
import { PaginationQueryDto } from '../common/list-query.dto';
import { PageResolver } from '../common/page-resolver';
import { listParamsBeside } from '../common/next-cursor.dto';
import { ApiError } from '../errors/api-error';
import { ReviewDto } from '../common/review.dto';
import { SignalsDto } from '../common/signals.response.dto';
import { Authenticated } from '../auth/auth.decorators';
import { CostsPerKey } from '../auth/rate-cost';
import { ApiErrors, DATA_ERRORS } from '../errors/error.dto';
import { EXAMPLES } from '../openapi/examples';
import { OPERATIONS } from '../openapi/operations';
import { DataVersionInterceptor } from '../sync/data-version.interceptor';
import { ClinicDetailDto, ClinicEnvelopeDto } from './dto/clinic-detail.response.dto';
import { ClinicDetailQueryDto } from './dto/clinic-detail.query.dto';
import { ClinicReviewsDto } from './dto/clinic-reviews.response.dto';
import { ClinicListDto, ClinicListItemDto } from './dto/clinic.response.dto';
import { ListClinicsQueryDto } from './dto/clinics.query.dto';

const clinicId = (example: string) => ({
  name: 'id',
  description: "Clinic id (a UUID, as in a list item or a doctor's `clinic.id`)",
  schema: { type: 'string' as const, format: 'uuid', example },
});
const ID = clinicId('7eb8ff8c-5e3d-477e-bc00-4a0c1b9c89aa');
const NO_CLINIC = {
  status: 404,
  message: 'No clinic with id "0a593817-4a00-4aa3-9cd6-80317c184e55".',
};

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
    private readonly lookupClinics: LookupClinicsUseCase,
  ) {}

  @Get()
  @ApiOperation(OPERATIONS.listClinics)
  @UseInterceptors(DataVersionInterceptor)
  @ApiOkResponse({
    type: ClinicListDto,
    description: 'A page of clinics',
    example: EXAMPLES.listClinics,
  })
  @CostsPerKey('id')
  async list(@Query() q: ListClinicsQueryDto, @Req() req: FastifyRequest): Promise<ClinicListDto> {
    const include = new Set(q.include ?? []);
    if (q.id) return this.lookup(q, q.id, include, req);
    const filters = criteriaFrom(q);
    const loc = await this.location.execute(q);
    const criteria = {
      ...filters,
      hasWebsite: q.hasWebsite,
      near: loc.point,
      radiusKm: loc.radiusKm,
    };
    const scope: ListScope = { kind: loc.point ? 'clinics-near' : 'clinics', query: criteria };
    const plan = this.pages.plan(q, req, scope);
    const page = await this.listClinics.execute(criteria, include, plan.request);
    const clinics = page.items.map((c) => ClinicListItemDto.from(c, include));
    return {
      clinics,
      total: page.total,
      count: clinics.length,
      nextCursor: this.pages.next(plan, scope, page),
      ...(loc.near ? { near: NearDto.from(loc.near) } : {}),
    };
  }

  /** GET /clinics?id=: many clinics in one call, in the order asked, with notFound. */
  private async lookup(
    q: ListClinicsQueryDto,
    ids: string[],
    include: ReadonlySet<ClinicInclude>,
    req: FastifyRequest,
  ): Promise<ClinicListDto> {
    const beside = listParamsBeside(q);
    if (beside.length > 0)
      throw new ApiError(
        'invalid_param',
        `id (a batch lookup) cannot be combined with ${beside.join(', ')}: send the ids alone, with include if wanted.`,
      );
    const found = await this.lookupClinics.execute(ids, include, this.pages.batchCap(req));
    const clinics = found.items.map((c) => ClinicListItemDto.from(c, include));
    return {
      clinics,
      total: clinics.length,
      count: clinics.length,
      nextCursor: null,
      notFound: found.notFound,
    };
  }

  @Get(':id')
  @ApiOperation(OPERATIONS.getClinic)
  @ApiParam(clinicId('0a593817-4a00-4aa3-9cd6-80317c184e54'))
  @ApiOkResponse({
    type: ClinicEnvelopeDto,
    description: 'The clinic',
    example: EXAMPLES.getClinic,
  })
  @ApiErrors(NO_CLINIC)
  async detail(
    @Param('id') id: string,
    @Query() q: ClinicDetailQueryDto,
  ): Promise<ClinicEnvelopeDto> {
    return {
      clinic: ClinicDetailDto.from(await this.getClinic.execute(id), new Set(q.include ?? [])),
    };
  }

  @Get(':id/reviews')
  @ApiOperation(OPERATIONS.listClinicReviews)
  @UseInterceptors(DataVersionInterceptor)
  @ApiParam(ID)
  @ApiOkResponse({
    type: ClinicReviewsDto,
    description: "A page of the clinic's reviews with their aggregate",
    example: EXAMPLES.listClinicReviews,
  })
  @ApiErrors(NO_CLINIC)
  async reviews(
    @Param('id') id: string,
    @Query() q: PaginationQueryDto,
    @Req() req: FastifyRequest,
  ): Promise<ClinicReviewsDto> {
    const scope: ListScope = { kind: 'clinic-reviews', query: { id } };
    const plan = this.pages.plan(q, req, scope);
    const r = await this.listReviews.execute(id, plan.request);
    const reviews = r.page.items.map((x) => ReviewDto.from(x));
    return {
      clinicId: r.clinicId,
      aggregate: r.aggregate,
      reviews,
      total: r.page.total,
      count: reviews.length,
      nextCursor: this.pages.next(plan, scope, r.page),
    };
  }

  @Get(':id/signals')
  @ApiOperation(OPERATIONS.getClinicSignals)
  @ApiParam(ID)
  @ApiOkResponse({
    type: SignalsDto,
    description: "The clinic's review signals",
    example: EXAMPLES.getClinicSignals,
  })
  @ApiErrors(NO_CLINIC)
  async signals(@Param('id') id: string): Promise<SignalsDto> {
    return SignalsDto.from(await this.getSignals.execute(id));
  }
}
