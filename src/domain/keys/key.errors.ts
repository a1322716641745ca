import { DomainError } from '../shared/domain-error';

/** Unknown, malformed or revoked key: 401 `invalid_key`. */
export class InvalidKeyError extends DomainError {
  readonly code = 'invalid_key';
}

/**
 * A key that exists but was revoked (rotated away, revoked by an operator, refunded): still 401
 * `invalid_key`, but never a guess, so it is always told as such (never a 429 for failures).
 */
export class RevokedKeyError extends InvalidKeyError {}

/** Rotation asked with a sandbox, gateway or admin key: 403 `not_rotatable`. */
export class NotRotatableError extends DomainError {
  readonly code = 'not_rotatable';
}

/** A credential that is valid but not allowed on this route (gateway rules): 403 `forbidden`. */
export class KeyForbiddenError extends DomainError {
  readonly code = 'forbidden';
}
