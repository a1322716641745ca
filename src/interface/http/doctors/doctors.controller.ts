import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { GetDoctorSummaryUseCase } from '../../../application/doctors/get-doctor-summary.use-case';
import { GetDoctorUseCase } from '../../../application/doctors/get-doctor.use-case';
import { ListDoctorsUseCase } from '../../../application/doctors/list-doctors.use-case';
import { SearchDoctorsUseCase } from '../../../application/doctors/search-doctors.use-case';
import { ResolveLocationUseCase } from '../../../application/geo/resolve-location.use-case';
import { GeoFiltersQueryDto } from '../common/geo-query.dto';
import { GetDoctorSignalsUseCase } from '../../../application/reviews/get-doctor-signals.use-case';
import { ListDoctorReviewsUseCase } from '../../../application/reviews/list-doctor-reviews.use-case';
import { criteriaFrom } from '../common/criteria.mapper';
import { PaginationQueryDto } from '../common/list-query.dto';
import { PageResolver } from '../common/page-resolver';
import { DoctorReviewDto } from '../common/review.dto';
import { SignalsDto } from '../common/signals.response.dto';
import { Authenticated } from '../auth/auth.decorators';
import { ApiErrors, DATA_ERRORS } from '../errors/error.dto';
import { DoctorDetailDto, DoctorEnvelopeDto } from './dto/doctor-detail.response.dto';
import { DoctorReviewsDto } from './dto/doctor-reviews.response.dto';
import { DoctorSummaryDto } from './dto/doctor-summary.response.dto';
import { DoctorListDto } from './dto/doctor.response.dto';
import { SearchDoctorsQueryDto } from './dto/search-doctors.query.dto';

const CPSO = { name: 'cpso', description: 'CPSO registration number', example: '900123' };

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
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'listDoctors',
    summary:
      'Practising doctors, by name; nearest primary clinic first when lat/lng or near are sent',
  })
  @ApiOkResponse({ type: DoctorListDto })
  async list(@Query() q: GeoFiltersQueryDto, @Req() req: FastifyRequest): Promise<DoctorListDto> {
    const filters = criteriaFrom(q);
    const loc = await this.location.execute(q);
    const criteria = { ...filters, near: loc.point, radiusKm: loc.radiusKm };
    return DoctorListDto.from(
      await this.listDoctors.execute(criteria, this.pages.resolve(q, req)),
      loc.near,
    );
  }

  @Get('search')
  @ApiOperation({
    operationId: 'searchDoctors',
    summary:
      'Doctors by name or CPSO number; by rank, then distance when a location is sent, else name',
  })
  @ApiOkResponse({ type: DoctorListDto })
  async search(
    @Query() q: SearchDoctorsQueryDto,
    @Req() req: FastifyRequest,
  ): Promise<DoctorListDto> {
    const filters = criteriaFrom(q);
    const loc = await this.location.execute(q);
    const criteria = { ...filters, near: loc.point, radiusKm: loc.radiusKm };
    return DoctorListDto.from(
      await this.searchDoctors.execute(q.q, criteria, this.pages.resolve(q, req)),
      loc.near,
    );
  }

  @Get('summary')
  @ApiOperation({ operationId: 'getDoctorSummary', summary: 'Directory totals' })
  @ApiOkResponse({ type: DoctorSummaryDto })
  async summary(): Promise<DoctorSummaryDto> {
    return DoctorSummaryDto.from(await this.getSummary.execute());
  }

  @Get(':cpso')
  @ApiOperation({ operationId: 'getDoctor', summary: 'One doctor, with rating and recent reviews' })
  @ApiParam(CPSO)
  @ApiOkResponse({ type: DoctorEnvelopeDto })
  @ApiErrors(404)
  async detail(@Param('cpso') cpso: string): Promise<DoctorEnvelopeDto> {
    return { doctor: DoctorDetailDto.from(await this.getDoctor.execute(cpso)) };
  }

  @Get(':cpso/reviews')
  @ApiOperation({ operationId: 'listDoctorReviews', summary: "A doctor's reviews, newest first" })
  @ApiParam(CPSO)
  @ApiOkResponse({ type: DoctorReviewsDto })
  @ApiErrors(404)
  async reviews(
    @Param('cpso') cpso: string,
    @Query() q: PaginationQueryDto,
    @Req() req: FastifyRequest,
  ): Promise<DoctorReviewsDto> {
    const r = await this.listReviews.execute(cpso, this.pages.resolve(q, req));
    const reviews = r.page.items.map((x) => DoctorReviewDto.from(x));
    return { doctorCpso: r.doctorCpso, reviews, total: r.page.total, count: reviews.length };
  }

  @Get(':cpso/signals')
  @ApiOperation({
    operationId: 'getDoctorSignals',
    summary: 'Per-dimension review signals with a minimum sample',
  })
  @ApiParam(CPSO)
  @ApiOkResponse({ type: SignalsDto })
  @ApiErrors(404)
  async signals(@Param('cpso') cpso: string): Promise<SignalsDto> {
    return SignalsDto.from(await this.getSignals.execute(cpso));
  }
}
