import { ErrorCode } from '../../../domain/shared/domain-error';

/** The HTTP status of every error code: a new code without a status here does not compile. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  missing_param: 400,
  invalid_param: 400,
  missing_key: 401,
  invalid_key: 401,
  forbidden: 403,
  not_rotatable: 403,
  not_found: 404,
  gone: 410,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  headers_too_large: 431,
  rate_limited: 429,
  internal_error: 500,
  unavailable: 503,
};

/** The code used when only a status is known (framework errors). */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'invalid_param';
    case 401:
      return 'invalid_key';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 410:
      return 'gone';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 431:
      return 'headers_too_large';
    case 429:
      return 'rate_limited';
    case 503:
      return 'unavailable';
    default:
      return status >= 400 && status < 500 ? 'invalid_param' : 'internal_error';
  }
}
