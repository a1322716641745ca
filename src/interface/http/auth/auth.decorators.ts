import { applyDecorators, SetMetadata } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiSecurity,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { BEARER_SCHEME, GATEWAY_HOST_SCHEME, GATEWAY_KEY_SCHEME } from '../openapi/openapi.setup';
import { AUTH_REQUIREMENT, AuthRequirement } from './auth-requirement';
import { errorSchema } from './error-schema';

const requirement = (r: AuthRequirement) => SetMetadata(AUTH_REQUIREMENT, r);

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { description: 'Requests allowed per window', schema: { type: 'integer' } },
  'RateLimit-Remaining': {
    description: 'Requests left in the window',
    schema: { type: 'integer' },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the window resets',
    schema: { type: 'integer' },
  },
  'RateLimit-Policy': {
    description: 'IETF draft policy field, e.g. "live";q=600;w=60',
    schema: { type: 'string' },
  },
  RateLimit: {
    description: 'IETF draft field, e.g. "live";r=599;t=42',
    schema: { type: 'string' },
  },
};

const unauthorized = ApiUnauthorizedResponse({
  description:
    'No credential (`missing_key`), or an unknown, malformed or revoked key (`invalid_key`)',
  schema: errorSchema(['missing_key', 'invalid_key']),
});

const tooMany = ApiTooManyRequestsResponse({
  description: 'Rate limit exceeded (`rate_limited`); retry after `Retry-After` seconds',
  schema: errorSchema(['rate_limited']),
  headers: {
    ...RATE_LIMIT_HEADERS,
    'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
  },
});

/** No credential needed (readiness, liveness). Documented without security. */
export const Public = () => requirement('public');

/**
 * A credential is required: `Authorization: Bearer <key>`, or both gateway headers together.
 * Sets the OpenAPI security of the route to those two alternatives, so that Swagger UI's
 * Authorize works for either.
 */
export const Authenticated = () =>
  applyDecorators(
    requirement('authenticated'),
    ApiBearerAuth(BEARER_SCHEME),
    ApiSecurity({ [GATEWAY_KEY_SCHEME]: [], [GATEWAY_HOST_SCHEME]: [] }),
    unauthorized,
    ApiForbiddenResponse({
      description:
        'A gateway request whose key is not a gateway key or whose host does not match (`forbidden`)',
      schema: errorSchema(['forbidden']),
    }),
    tooMany,
  );

/**
 * The route acts on the presenting key itself (key rotation): a bearer key only; other tiers are
 * answered 403 `not_rotatable` by the use case.
 */
export const RotatingKey = () =>
  applyDecorators(
    requirement('rotating'),
    ApiBearerAuth(BEARER_SCHEME),
    unauthorized,
    ApiForbiddenResponse({
      description: 'A sandbox, gateway or admin key cannot be rotated (`not_rotatable`)',
      schema: errorSchema(['not_rotatable']),
    }),
    tooMany,
  );

export { RATE_LIMIT_HEADERS };
