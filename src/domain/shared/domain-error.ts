/** Every error code a client can see (decisions.md, Errors). */
export const ERROR_CODES = [
  'missing_param',
  'invalid_param',
  'missing_key',
  'invalid_key',
  'forbidden',
  'not_rotatable',
  'not_found',
  'gone',
  'method_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'headers_too_large',
  'rate_limited',
  'internal_error',
  'unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Base of the errors that use cases throw. The HTTP layer maps each `code` to a status through
 * one `Record<ErrorCode, number>`, so a new code without a status does not compile.
 */
export abstract class DomainError extends Error {
  abstract readonly code: ErrorCode;
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends DomainError {
  readonly code = 'not_found';
}

export class InvalidParamError extends DomainError {
  readonly code = 'invalid_param';
}

export class MissingParamError extends DomainError {
  readonly code = 'missing_param';
}

/** What was asked for existed once and no longer does (an old data version, an expired cursor). */
export class GoneError extends DomainError {
  readonly code = 'gone';
}

/** The database (or another dependency) cannot answer now; the client may retry. */
export class UnavailableError extends DomainError {
  readonly code = 'unavailable';
}
