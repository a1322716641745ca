import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';
import { ERROR_CODES, ErrorCode } from '../../../domain/shared/domain-error';
import { errorSchema } from '../auth/error-schema';

export class ErrorDto {
  @ApiProperty({ enum: ERROR_CODES })
  error!: ErrorCode;
  @ApiProperty()
  message!: string;
  @ApiPropertyOptional({
    description: 'Echoed in the X-Request-Id header; quote it when reporting a problem.',
  })
  requestId?: string;
}

/** The codes each status can carry, the first one being the example's. */
const CODES: Record<number, ErrorCode[]> = {
  400: ['invalid_param', 'missing_param'],
  401: ['missing_key', 'invalid_key'],
  403: ['forbidden', 'not_rotatable'],
  404: ['not_found'],
  410: ['gone'],
  429: ['rate_limited'],
  503: ['unavailable'],
};

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request: `invalid_param` (the message names the parameter) or `missing_param`',
  401: '`missing_key` or `invalid_key` (unknown, malformed or revoked)',
  403: '`forbidden` (this credential may not do this) or `not_rotatable`',
  404: '`not_found`',
  410: '`gone`: it existed once and no longer does; the message says what to fetch instead',
  429: '`rate_limited`; see `Retry-After` and the `RateLimit-*` headers',
  503: '`unavailable`: the directory cannot answer right now; retry shortly',
};

/**
 * Declares the contract's error responses of an operation in OpenAPI: a status, or a status
 * with the message this operation answers (shown in its example), e.g.
 * `{ status: 404, message: 'No clinic with id "…".' }` (and `code`, the example's code when the
 * status has several).
 */
export function ApiErrors(
  ...statuses: (number | { status: number; message: string; code?: ErrorCode })[]
): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ...statuses.map((s) => {
      const { status, message, code } =
        typeof s === 'number' ? { status: s, message: undefined, code: undefined } : s;
      const codes = code ? [code, ...CODES[status].filter((c) => c !== code)] : CODES[status];
      return ApiResponse({
        status,
        description: DESCRIPTIONS[status],
        schema: errorSchema(codes, message),
      });
    }),
  );
}

export const DATA_ERRORS = [400, 401, 403, 429, 503];
