import type { IncomingHttpHeaders } from 'node:http';

/**
 * What the passport strategies see of a request: its headers and client IP only. Passing this
 * instead of the Fastify request keeps passport-http-bearer from reading `access_token` from the
 * query string or body (keys in URLs end up in logs), and keeps passport's request patches off
 * the real request.
 */
export interface CredentialRequest {
  readonly headers: IncomingHttpHeaders;
  /** The client IP as Fastify resolved it (X-Forwarded-For only under TRUST_PROXY). */
  readonly ip: string;
}
