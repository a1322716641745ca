import { ErrorCode } from '../../../domain/shared/domain-error';

/** An error raised by the HTTP layer itself (guards, pipes, hooks), in the contract's terms. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
