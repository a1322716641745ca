import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ListLanguagesUseCase } from '../../../application/metadata/list-languages.use-case';
import { ListSpecialtiesUseCase } from '../../../application/metadata/list-specialties.use-case';
import { Authenticated } from '../auth/auth.decorators';
import { ApiErrors, DATA_ERRORS } from '../errors/error.dto';
import { EXAMPLES } from '../openapi/examples';
import { OPERATIONS } from '../openapi/operations';

export class NameCountDto {
  @ApiProperty({
    description:
      'Canonical name. The filters accept it ignoring case, accents, hyphens, dots and spaces, or any of its aliases',
    example: 'Family Medicine',
  })
  name!: string;
  @ApiProperty({ type: 'integer', description: 'Practising doctors', example: 1766 })
  doctorCount!: number;
  @ApiProperty({
    type: [String],
    description:
      'Other names the filters take for it (`Paediatrics`, `Farsi`); one alias may name several entries (`Chinese`: Mandarin and Cantonese)',
    example: ['GP', 'General Practice'],
  })
  aliases!: string[];
}

export class SpecialtiesDto {
  @ApiProperty({
    type: [NameCountDto],
    description: 'Every specialty, most doctors first, then by name',
  })
  specialties!: NameCountDto[];
  @ApiProperty({ type: 'integer', description: 'Number of specialties', example: 30 })
  count!: number;
}

export class LanguagesDto {
  @ApiProperty({
    type: [NameCountDto],
    description: 'Every language, most doctors first, then by name',
  })
  languages!: NameCountDto[];
  @ApiProperty({ type: 'integer', description: 'Number of languages', example: 26 })
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
  @ApiOperation(OPERATIONS.listSpecialties)
  @ApiOkResponse({
    type: SpecialtiesDto,
    description: 'Every specialty',
    example: EXAMPLES.listSpecialties,
  })
  async listSpecialties(): Promise<SpecialtiesDto> {
    const specialties = (await this.specialties.execute()).map((s) => ({
      name: s.name,
      doctorCount: s.doctorCount,
      aliases: [...(s.aliases ?? [])],
    }));
    return { specialties, count: specialties.length };
  }

  @Get('languages')
  @ApiOperation(OPERATIONS.listLanguages)
  @ApiOkResponse({
    type: LanguagesDto,
    description: 'Every language',
    example: EXAMPLES.listLanguages,
  })
  async listLanguages(): Promise<LanguagesDto> {
    const languages = (await this.languages.execute()).map((s) => ({
      name: s.name,
      doctorCount: s.doctorCount,
      aliases: [...(s.aliases ?? [])],
    }));
    return { languages, count: languages.length };
  }
}
