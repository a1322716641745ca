import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { clientIp } from '../../http/common/client-ip';

/** 127.0.0.0/8, ::1, and IPv4-mapped 127.x. */
export function isLoopbackAddress(ip: string): boolean {
  const a = ip.toLowerCase().replace(/^::ffff:(?=\d+\.)/, '');
  if (isIP(a) === 4) return a.startsWith('127.');
  return isIP(a) === 6 && /^(0{0,4}:){2,7}0{0,3}1$|^::1$/.test(a);
}

/** The addresses a proxy says it forwards for (X-Forwarded-For, X-Real-IP, Forwarded for=). */
function forwardedFor(headers: FastifyRequest['headers']): string[] {
  const all = (name: string): string[] => {
    const v = headers[name];
    return (Array.isArray(v) ? v : v === undefined ? [] : [v]).flatMap((x) => x.split(','));
  };
  const forwarded = all('forwarded').flatMap((part) =>
    part
      .split(';')
      .map((kv) => kv.trim())
      .filter((kv) => /^for=/i.test(kv))
      .map((kv) =>
        kv
          .slice(4)
          .replace(/^"|"$/g, '')
          .replace(/^\[([^\]]+)\](:\d+)?$/, '$1')
          .replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1'),
      ),
  );
  return [...all('x-forwarded-for'), ...all('x-real-ip'), ...forwarded]
    .map((x) => x.trim())
    .filter((x) => x !== '');
}

/**
 * Whether a request comes from this machine: the address it is counted under (TRUST_PROXY
 * applied) is loopback, and so is every address a proxy says it forwards for. A reverse proxy
 * on the same machine connects from 127.0.0.1 for everyone; the addresses it adds give the
 * real clients away even when TRUST_PROXY does not name it.
 */
export function isLoopbackClient(req: FastifyRequest): boolean {
  if (!isLoopbackAddress(clientIp(req))) return false;
  const socket = req.socket?.remoteAddress;
  if (socket !== undefined && !isLoopbackAddress(socket)) return false;
  return forwardedFor(req.headers).every(isLoopbackAddress);
}
