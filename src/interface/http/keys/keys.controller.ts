import { Controller, Header, HttpCode, Post, Req, UseFilters } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { RotateKeyUseCase } from '../../../application/keys/rotate-key.use-case';
import { RotatingKey } from '../auth/auth.decorators';
import { NotRotatableFilter } from './not-rotatable.filter';
import { ApiErrors } from '../errors/error.dto';
import { EXAMPLES } from '../openapi/examples';
import { OPERATIONS } from '../openapi/operations';
import { RotatedKeyDto } from './rotated-key.dto';

@ApiTags('keys')
@Controller('keys')
export class KeysController {
  constructor(private readonly rotateKey: RotateKeyUseCase) {}

  @Post('rotate')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @RotatingKey()
  @UseFilters(NotRotatableFilter)
  @ApiOperation(OPERATIONS.rotateKey)
  @ApiOkResponse({
    type: RotatedKeyDto,
    description: 'The new key, shown this once; the old key is revoked',
    example: EXAMPLES.rotateKey,
  })
  @ApiErrors(400, 503)
  async rotate(@Req() req: FastifyRequest): Promise<RotatedKeyDto> {
    const principal = req.principal!;
    return RotatedKeyDto.from(
      await this.rotateKey.execute({ keyId: principal.keyId, tier: principal.tier }),
    );
  }
}
