import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ListLanguagesUseCase } from '../../../application/metadata/list-languages.use-case';
import { ListSpecialtiesUseCase } from '../../../application/metadata/list-specialties.use-case';
import { Authenticated } from '../auth/auth.decorators';
import { ApiErrors, DATA_ERRORS } from '../errors/error.dto';

export class NameCountDto {
  @ApiProperty()
  name!: string;
  @ApiProperty({ type: 'integer', description: 'Practising doctors' })
  doctorCount!: number;
}

export class SpecialtiesDto {
  @ApiProperty({ type: [NameCountDto] })
  specialties!: NameCountDto[];
  @ApiProperty({ type: 'integer' })
  count!: number;
}

export class LanguagesDto {
  @ApiProperty({ type: [NameCountDto] })
  languages!: NameCountDto[];
  @ApiProperty({ type: 'integer' })
  count!: number;
}

@ApiTags('metadata')
@Authenticated()
@ApiErrors(...DATA_ERRORS)
@Controller('metadata')
export class MetadataController {
  constructor(
    private readonly specialties: ListSpecialtiesUseCase,
    private readonly languages: ListLanguagesUseCase,
  ) {}

  @Get('specialties')
  @ApiOperation({
    operationId: 'listSpecialties',
    summary: 'Supported specialties, by doctor count',
  })
  @ApiOkResponse({ type: SpecialtiesDto })
  async listSpecialties(): Promise<SpecialtiesDto> {
    const specialties = (await this.specialties.execute()).map((s) => ({ ...s }));
    return { specialties, count: specialties.length };
  }

  @Get('languages')
  @ApiOperation({ operationId: 'listLanguages', summary: 'Spoken languages, by doctor count' })
  @ApiOkResponse({ type: LanguagesDto })
  async listLanguages(): Promise<LanguagesDto> {
    const languages = (await this.languages.execute()).map((s) => ({ ...s }));
    return { languages, count: languages.length };
  }
}
