import type { FastifyRequest } from 'fastify';
import { isLoopbackAddress, isLoopbackClient } from './loopback-client';

type Headers = Record<string, string | string[]>;
const req = (ip: string, headers: Headers = {}, socket = ip) =>
  ({ ip, socket: { remoteAddress: socket }, headers }) as unknown as FastifyRequest;

describe('loopback clients', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['0:0:0:0:0:0:0:1', true],
    ['::ffff:127.0.0.1', true],
    ['128.0.0.1', false],
    ['10.0.0.1', false],
    ['192.0.2.2', false],
    ['::ffff:192.0.2.2', false],
    ['::', false],
    ['1::1', false],
    ['2001:db8::1', false],
    ['localhost', false],
    ['', false],
  ])('%s is loopback: %s', (ip, expected) => {
    expect(isLoopbackAddress(ip)).toBe(expected);
  });

  it('needs the counted address, the socket and every forwarded address to be loopback', () => {
    expect(isLoopbackClient(req('127.0.0.1'))).toBe(true);
    expect(isLoopbackClient(req('203.0.113.1'))).toBe(false);
    // TRUST_PROXY resolved a loopback client, but the proxy itself is elsewhere.
    expect(isLoopbackClient(req('127.0.0.1', {}, '198.51.100.9'))).toBe(false);
    const elsewhere: Headers[] = [
      { 'x-forwarded-for': '203.0.113.7' },
      { 'x-forwarded-for': '127.0.0.1,203.0.113.7' },
      { 'x-forwarded-for': ['127.0.0.1', '203.0.113.7'] },
      { 'x-real-ip': '2001:db8::2' },
      { forwarded: 'for=203.0.113.7;proto=https' },
      { forwarded: 'for="[2001:db8::1]:4711"' },
      { forwarded: 'for=unknown' },
      { 'x-forwarded-for': 'garbage' },
    ];
    for (const headers of elsewhere)
      expect([headers, isLoopbackClient(req('127.0.0.1', headers))]).toEqual([headers, false]);
    const here: Headers[] = [
      { 'x-forwarded-for': '127.0.0.1' },
      { 'x-forwarded-for': ' ::1 , 127.0.0.2' },
      { forwarded: 'for="[::1]:80", for=127.0.0.1:4711;proto=http' },
      { 'x-forwarded-for': '' },
    ];
    for (const headers of here)
      expect([headers, isLoopbackClient(req('127.0.0.1', headers))]).toEqual([headers, true]);
  });
});
