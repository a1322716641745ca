import { PickType } from '@nestjs/swagger';
import { ListClinicsQueryDto } from './clinics.query.dto';

export class ClinicDetailQueryDto extends PickType(ListClinicsQueryDto, ['include'] as const) {}
