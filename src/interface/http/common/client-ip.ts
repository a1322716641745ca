import { isIP } from 'node:net';
import { normalizeIp } from '@nestjs/throttler';

/**
 * The client address a request is counted and logged under: Fastify's `request.ip` (which
 * honours X-Forwarded-For only from the proxies TRUST_PROXY names) when it is a valid IP, else
 * the socket's peer address, so text a client writes into X-Forwarded-For never becomes an
 * "address". IPv6 clients are grouped per /64 by `clientIpKey`, as one host usually holds one.
 */
export function clientIp(req: { ip: string; socket?: { remoteAddress?: string } }): string {
  if (isIP(req.ip)) return req.ip;
  return req.socket?.remoteAddress ?? 'unknown';
}

/** The address as a counter key: IPv4 as is, IPv6 cut to its /64. */
export function clientIpKey(ip: string): string {
  return normalizeIp(ip);
}
