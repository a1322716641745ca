import { Controller, Get, Param, Query, Req, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { GetDoctorSummaryUseCase } from '../../../application/doctors/get-doctor-summary.use-case';
import { GetDoctorUseCase } from '../../../application/doctors/get-doctor.use-case';
import { ListDoctorsUseCase } from '../../../application/doctors/list-doctors.use-case';
import { LookupDoctorsUseCase } from '../../../application/doctors/lookup-doctors.use-case';
import { ListScope } from '../../../application/shared/list-cursor';
import { SearchDoctorsUseCase } from '../../../application/doctors/search-doctors.use-case';
import { ResolveLocationUseCase } from '../../../application/geo/resolve-location.use-case';
import { GetDoctorSignalsUseCase } from '../../../application/reviews/get-doctor-signals.use-case';
import { ListDoctorReviewsUseCase } from '../../../application/reviews/list-doctor-reviews.use-case';
import { criteriaFrom } from '../common/criteria.mapper';
import { PaginationQueryDto } from '../common/list-query.dto';
import { PageResolver } from '../common/page-resolver';
import { listParamsBeside } from '../common/next-cursor.dto';
import { ApiError } from '../errors/api-error';
import { DoctorReviewDto } from '../common/review.dto';
import { SignalsDto } from '../common/signals.response.dto';
import { Authenticated } from '../auth/auth.decorators';
import { CostsPerKey } from '../auth/rate-cost';
import { ApiErrors, DATA_ERRORS } from '../errors/error.dto';
import { EXAMPLES } from '../openapi/examples';
import { OPERATIONS } from '../openapi/operations';
import { DataVersionInterceptor } from '../sync/data-version.interceptor';
import { DoctorDetailDto, DoctorEnvelopeDto } from './dto/doctor-detail.response.dto';
import { DoctorReviewsDto } from './dto/doctor-reviews.response.dto';
import { DoctorSummaryDto } from './dto/doctor-summary.response.dto';
import { DoctorListDto } from './dto/doctor.response.dto';
import { SearchDoctorsQueryDto } from './dto/search-doctors.query.dto';
import { ListDoctorsQueryDto } from './dto/doctors.query.dto';

const CPSO = {
  name: 'cpso',
  description: 'CPSO registration number of the doctor (the demo data uses 900000 and up)',
  example: '920479',
};
const EXAMPLE_MISSING_Q = 'q is required: at least 2 characters of a name or a CPSO number.';
const NO_DOCTOR = { status: 404, message: 'No doctor with CPSO number "100".' };

@ApiTags('doctors')
@Authenticated()
@ApiErrors(...DATA_ERRORS)
@Controller('doctors')
export class DoctorsController {
  constructor(
    private readonly listDoctors: ListDoctorsUseCase,
    private readonly searchDoctors: SearchDoctorsUseCase,
    private readonly getSummary: GetDoctorSummaryUseCase,
    private readonly getDoctor: GetDoctorUseCase,
    private readonly listReviews: ListDoctorReviewsUseCase,
    private readonly getSignals: GetDoctorSignalsUseCase,
    private readonly pages: PageResolver,
    private readonly location: ResolveLocationUseCase,
    private readonly lookupDoctors: LookupDoctorsUseCase,
  ) {}

  @Get()
  @ApiOperation(OPERATIONS.listDoctors)
  @UseInterceptors(DataVersionInterceptor)
  @ApiOkResponse({
    type: DoctorListDto,
    description: 'A page of doctors',
    example: EXAMPLES.listDoctors,
  })
  @CostsPerKey('cpso')
  async list(@Query() q: ListDoctorsQueryDto, @Req() req: FastifyRequest): Promise<DoctorListDto> {
    if (q.cpso) return this.lookup(q, q.cpso, req);
    const filters = criteriaFrom(q);
    const loc = await this.location.execute(q);
    const criteria = { ...filters, near: loc.point, radiusKm: loc.radiusKm };
    const scope: ListScope = { kind: loc.point ? 'doctors-near' : 'doctors', query: criteria };
    const plan = this.pages.plan(q, req, scope);
    const page = await this.listDoctors.execute(criteria, plan.request);
    return DoctorListDto.from(page, loc.near, this.pages.next(plan, scope, page));
  }

  /** GET /doctors?cpso=: many doctors in one call, in the order asked, with notFound. */
  private async lookup(
    q: ListDoctorsQueryDto,
    cpso: string[],
    req: FastifyRequest,
  ): Promise<DoctorListDto> {
    const beside = listParamsBeside(q);
    if (beside.length > 0)
      throw new ApiError(
        'invalid_param',
        `cpso (a batch lookup) cannot be combined with ${beside.join(', ')}: send the numbers alone.`,
      );
    const found = await this.lookupDoctors.execute(cpso, this.pages.batchCap(req));
    return {
      ...DoctorListDto.from({ items: found.items, total: found.items.length }),
      notFound: found.notFound,
    };
  }

  @Get('search')
  @ApiOperation(OPERATIONS.searchDoctors)
  @UseInterceptors(DataVersionInterceptor)
  @ApiOkResponse({
    type: DoctorListDto,
    description: 'A page of matching doctors, best match first',
    example: EXAMPLES.searchDoctors,
  })
  @ApiErrors({ status: 400, code: 'missing_param', message: EXAMPLE_MISSING_Q })
  async search(
    @Query() q: SearchDoctorsQueryDto,
    @Req() req: FastifyRequest,
  ): Promise<DoctorListDto> {
    const filters = criteriaFrom(q);
    const loc = await this.location.execute(q);
    const criteria = { ...filters, near: loc.point, radiusKm: loc.radiusKm };
    const scope: ListScope = { kind: 'search', query: { ...criteria, q: q.q } };
    const plan = this.pages.plan(q, req, scope);
    const page = await this.searchDoctors.execute(q.q, criteria, plan.request);
    return DoctorListDto.from(page, loc.near, this.pages.next(plan, scope, page));
  }

  @Get('summary')
  @ApiOperation(OPERATIONS.getDoctorSummary)
  @ApiOkResponse({
    type: DoctorSummaryDto,
    description: 'The directory totals',
    example: EXAMPLES.getDoctorSummary,
  })
  async summary(): Promise<DoctorSummaryDto> {
    return DoctorSummaryDto.from(await this.getSummary.execute());
  }

  @Get(':cpso')
  @ApiOperation(OPERATIONS.getDoctor)
  @ApiParam(CPSO)
  @ApiOkResponse({
    type: DoctorEnvelopeDto,
    description: 'The doctor',
    example: EXAMPLES.getDoctor,
  })
  @ApiErrors(NO_DOCTOR)
  async detail(@Param('cpso') cpso: string): Promise<DoctorEnvelopeDto> {
    return { doctor: DoctorDetailDto.from(await this.getDoctor.execute(cpso)) };
  }

  @Get(':cpso/reviews')
  @ApiOperation(OPERATIONS.listDoctorReviews)
  @UseInterceptors(DataVersionInterceptor)
  @ApiParam(CPSO)
  @ApiOkResponse({
    type: DoctorReviewsDto,
    description: "A page of the doctor's reviews",
    example: EXAMPLES.listDoctorReviews,
  })
  @ApiErrors(NO_DOCTOR)
  async reviews(
    @Param('cpso') cpso: string,
    @Query() q: PaginationQueryDto,
    @Req() req: FastifyRequest,
  ): Promise<DoctorReviewsDto> {
    const scope: ListScope = { kind: 'doctor-reviews', query: { cpso } };
    const plan = this.pages.plan(q, req, scope);
    const r = await this.listReviews.execute(cpso, plan.request);
    const reviews = r.page.items.map((x) => DoctorReviewDto.from(x));
    return {
      doctorCpso: r.doctorCpso,
      reviews,
      total: r.page.total,
      count: reviews.length,
      nextCursor: this.pages.next(plan, scope, r.page),
    };
  }

  @Get(':cpso/signals')
  @ApiOperation(OPERATIONS.getDoctorSignals)
  @ApiParam(CPSO)
  @ApiOkResponse({
    type: SignalsDto,
    description: "The doctor's review signals",
    example: EXAMPLES.getDoctorSignals,
  })
  @ApiErrors(NO_DOCTOR)
  async signals(@Param('cpso') cpso: string): Promise<SignalsDto> {
    return SignalsDto.from(await this.getSignals.execute(cpso));
  }
}
