import { Controller, Header, HttpCode, Post, Req, UseFilters } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { RotateKeyUseCase } from '../../../application/keys/rotate-key.use-case';
import { RotatingKey } from '../auth/auth.decorators';
import { NotRotatableFilter } from './not-rotatable.filter';
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
  @ApiOperation({
    operationId: 'rotateKey',
    summary: 'Rotate the paid key that authenticates this request',
    description:
      'No request body. The presenting key is revoked at once (401 afterwards, no grace period) and a ' +
      'new key of the same tier is returned exactly once. Free and unlimited; no second key is created. ' +
      'Sandbox, gateway and admin keys get 403 `not_rotatable`.',
  })
  @ApiOkResponse({ type: RotatedKeyDto })
  async rotate(@Req() req: FastifyRequest): Promise<RotatedKeyDto> {
    const principal = req.principal!;
    return RotatedKeyDto.from(
      await this.rotateKey.execute({ keyId: principal.keyId, tier: principal.tier }),
    );
  }
}
