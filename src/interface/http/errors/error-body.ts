import { ErrorCode } from '../../../domain/shared/domain-error';
import { ApiError } from './api-error';
import { codeForStatus, ERROR_STATUS } from './error-status';
import { DomainError, UnavailableError } from '../../../domain/shared/domain-error';

export interface ErrorBody {
  error: ErrorCode;
  message: string;
  requestId?: string;
}

export interface ResolvedError {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
  /** True when the cause is ours (a bug or an outage) and deserves a log line with the stack. */
  unexpected: boolean;
}

const DB_UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  '57P01',
  '57P03',
  '53300',
  '57014',
  '08006',
  '08001',
  '08003',
]);

function isDatabaseUnavailable(e: unknown): boolean {
  const err = e as { code?: string; message?: string; driverError?: { code?: string } };
  const code = err?.driverError?.code ?? err?.code;
  if (code && DB_UNAVAILABLE_CODES.has(code)) return true;
  const msg = err?.message ?? '';
  return /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED|Query read timeout/i.test(
    msg,
  );
}

/**
 * A read replica (hot standby) cancelled the read to replay a conflicting change (SQLSTATE 40001
 * or 40P01, "conflict with recovery"); the read source already sent it again once (issue 36).
 */
function isRecoveryConflict(e: unknown): boolean {
  const err = e as { code?: string; message?: string; driverError?: { code?: string } };
  const code = err?.driverError?.code ?? err?.code;
  return (
    (code === '40001' || code === '40P01') && /conflict with recovery/i.test(err?.message ?? '')
  );
}

const FASTIFY_MESSAGES: Record<number, string> = {
  413: 'The request body is too large.',
  415: 'This operation takes no request body of that media type.',
  431: 'The request headers are too large.',
};

/** Turns anything thrown into the contract's error body; never leaks a stack or SQL. */
export function resolveError(e: unknown, requestId?: string): ResolvedError {
  const withId = (
    status: number,
    error: ErrorCode,
    message: string,
    headers = {},
    unexpected = false,
  ): ResolvedError => ({
    status,
    body: requestId ? { error, message, requestId } : { error, message },
    headers,
    unexpected,
  });
  // (The name index still loading, issue 50: soon answered.)
  if (e instanceof UnavailableError) return withId(503, e.code, e.message, { 'Retry-After': '2' });
  if (e instanceof DomainError) return withId(ERROR_STATUS[e.code], e.code, e.message);
  if (e instanceof ApiError) return withId(ERROR_STATUS[e.code], e.code, e.message, e.headers);
  if (isDatabaseUnavailable(e)) {
    return withId(
      503,
      'unavailable',
      'The directory is temporarily unavailable; retry shortly.',
      { 'Retry-After': '5' },
      true,
    );
  }
  if (isRecoveryConflict(e)) {
    return withId(
      503,
      'unavailable',
      'The directory was updating while this was read; retry shortly.',
      { 'Retry-After': '1' },
    );
  }
  const status = httpStatusOf(e);
  if (status !== undefined && status < 500) {
    const code = codeForStatus(status);
    const message = FASTIFY_MESSAGES[status] ?? safeClientMessage(e, status);
    return withId(status, code, message);
  }
  return withId(500, 'internal_error', 'An unexpected error occurred.', {}, true);
}

function httpStatusOf(e: unknown): number | undefined {
  const err = e as { getStatus?: () => number; statusCode?: number; status?: number };
  if (typeof err?.getStatus === 'function') return err.getStatus();
  if (typeof err?.statusCode === 'number') return err.statusCode;
  return undefined;
}

function safeClientMessage(e: unknown, status: number): string {
  if (status === 404) return 'No such resource.';
  if (status === 403) return 'This request is not allowed (a cross-origin form post, say).';
  if (status === 405) return 'Method not allowed on this path.';
  if (status === 429) return 'Too many requests.';
  const msg = (e as { message?: string })?.message;
  return typeof msg === 'string' && msg.length < 200 && !/\bat\s|SELECT|INSERT|FROM\s/i.test(msg)
    ? msg
    : 'The request is invalid.';
}
