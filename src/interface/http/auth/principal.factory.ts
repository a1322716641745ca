import { normalizeIp } from '@nestjs/throttler';
import { AuthenticatedKey } from '../../../application/keys/authenticate-key.use-case';
import { Principal } from './principal';

/**
 * The principal of an authenticated key. The sandbox key is shared by everyone, so its rate
 * limit counts per client IP (IPv6 per /64, as one host usually holds a whole /64); every other
 * key counts per rotation chain, across all routes: rotating (free and unlimited) hands over the
 * same minute's count instead of starting a fresh one.
 */
export function keyPrincipal(key: AuthenticatedKey, ip: string): Principal {
  const rateKey = key.tier === 'sandbox' ? `ip:${normalizeIp(ip)}` : `chain:${key.chainId}`;
  return { tier: key.tier, keyId: key.id, rateKey };
}

/** A gateway request authenticated by the proxy secret: counted per gateway user (else per IP). */
export function gatewayUserPrincipal(user: string | undefined, ip: string): Principal {
  return {
    tier: 'gateway',
    keyId: null,
    rateKey: user ? `gwuser:${user}` : `gwip:${normalizeIp(ip)}`,
  };
}
