export {
  createDirectoryClient,
  type DataOf,
  type DirectoryClient,
  type DirectoryClientOptions,
  type DirectoryResult,
  type GatewayCredential,
  type GetPath,
  type InitOf,
  type ItemOf,
  type ListPath,
  type Page,
  type PageOptions,
  type PostPath,
  type RetryPolicy,
} from './client';
export {
  CONTRACT_ERROR_CODES,
  DirectoryRequestError,
  type DirectoryError,
  type ErrorCode,
} from './errors';
export { readRateLimit, retryAfterSeconds, type RateLimitInfo } from './rate-limit';
export type { components, operations, paths } from './generated/schema';

import type { components } from './generated/schema';
/** A schema of the OpenAPI document by name: `Schema<'DoctorDto'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
