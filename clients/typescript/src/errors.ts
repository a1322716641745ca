import type { RateLimitInfo } from './rate-limit';

interface ErrorOf<Code extends string, Status extends number> {
  /** The contract's error code (decisions.md, Errors). */
  error: Code;
  status: Status;
  message: string;
  /** The request id the service logged, when it sent one. */
  requestId?: string;
}

/**
 * Every error the service answers, as a value discriminated on `error` (the contract's codes,
 * decisions.md, Errors; `gone` is what existed once and no longer does: an old bulk snapshot, a
 * change-feed position past the retention), plus two of the client's own: `unexpected_response` (an answer not in
 * the contract's shape, e.g. from a proxy) and `network_error` (no answer at all).
 */
export type DirectoryError =
  | ErrorOf<'missing_param' | 'invalid_param', 400>
  | ErrorOf<'missing_key' | 'invalid_key', 401>
  | ErrorOf<'not_rotatable' | 'forbidden', 403>
  | ErrorOf<'not_found', 404>
  | ErrorOf<'gone', 410>
  | (ErrorOf<'method_not_allowed', 405> & { allow: string | null })
  | ErrorOf<'payload_too_large', 413>
  | ErrorOf<'unsupported_media_type', 415>
  | ErrorOf<'headers_too_large', 431>
  | (ErrorOf<'rate_limited', 429> & {
      /** Seconds to wait, from `Retry-After` (else `RateLimit-Reset`, else 1). */
      retryAfter: number;
    })
  | ErrorOf<'internal_error', 500>
  | ErrorOf<'unavailable', 503>
  | (ErrorOf<'unexpected_response', number> & { body: unknown })
  | (ErrorOf<'network_error', 0> & { cause: unknown });

export type ErrorCode = DirectoryError['error'];

/** The codes the contract defines, with the status each one comes with. */
export const CONTRACT_ERROR_CODES = {
  missing_param: 400,
  invalid_param: 400,
  missing_key: 401,
  invalid_key: 401,
  not_rotatable: 403,
  forbidden: 403,
  not_found: 404,
  gone: 410,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  headers_too_large: 431,
  rate_limited: 429,
  internal_error: 500,
  unavailable: 503,
} as const satisfies Record<Exclude<ErrorCode, 'unexpected_response' | 'network_error'>, number>;

type ContractCode = keyof typeof CONTRACT_ERROR_CODES;

const isContractCode = (code: unknown): code is ContractCode =>
  typeof code === 'string' && Object.prototype.hasOwnProperty.call(CONTRACT_ERROR_CODES, code);

/** The typed error of a failed answer: `body` is what openapi-fetch parsed (JSON or text). */
export function toDirectoryError(
  status: number,
  body: unknown,
  headers: Headers,
  rateLimit: RateLimitInfo,
): DirectoryError {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (!isContractCode(b.error) || typeof b.message !== 'string') {
    const text = typeof body === 'string' ? body.slice(0, 200) : '';
    return {
      error: 'unexpected_response',
      status,
      message: `HTTP ${status} without the contract's error body${text ? `: ${text}` : ''}`,
      body,
    };
  }
  const base = {
    message: b.message,
    ...(typeof b.requestId === 'string' ? { requestId: b.requestId } : {}),
  };
  switch (b.error) {
    case 'rate_limited':
      return {
        ...base,
        error: 'rate_limited',
        status: 429,
        retryAfter: rateLimit.retryAfter ?? rateLimit.reset ?? 1,
      };
    case 'method_not_allowed':
      return { ...base, error: 'method_not_allowed', status: 405, allow: headers.get('allow') };
    default:
      // The code decides the member; the status is the answer's (the contract pairs them).
      return { ...base, error: b.error, status } as DirectoryError;
  }
}

/** Thrown by the paging helpers (an iterator cannot return a value per page). */
export class DirectoryRequestError extends Error {
  constructor(readonly detail: DirectoryError) {
    super(`${detail.error} (HTTP ${detail.status}): ${detail.message}`);
    this.name = 'DirectoryRequestError';
  }
}
