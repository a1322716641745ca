import { AppConfig } from '../../../infrastructure/config/app-config';

/** The gateway's header names, carrying GATEWAY_NAME (decisions.md, Keys). */
export interface GatewayHeaders {
  /** As written in messages and docs: `X-RapidAPI-Key`. */
  readonly keyName: string;
  readonly hostName: string;
  /** Lower-case, as Node exposes them. */
  readonly key: string;
  readonly host: string;
  readonly proxySecret: string;
  readonly user: string;
}

export function gatewayHeaders(config: AppConfig): GatewayHeaders {
  const n = config.gateway.name;
  return {
    keyName: `X-${n}-Key`,
    hostName: `X-${n}-Host`,
    key: `x-${n}-key`.toLowerCase(),
    host: `x-${n}-host`.toLowerCase(),
    proxySecret: `x-${n}-proxy-secret`.toLowerCase(),
    user: `x-${n}-user`.toLowerCase(),
  };
}

/** A single-valued header, or undefined when absent or empty. Repeated values stay joined (invalid). */
export function headerValue(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const v = headers[name];
  const s = Array.isArray(v) ? v.join(', ') : v;
  return s === undefined || s.trim() === '' ? undefined : s.trim();
}
