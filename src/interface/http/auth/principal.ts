import { Tier } from '../../../domain/keys/tier';

/** Who is calling, resolved by the auth guard before the rate limiter and the controllers run. */
export interface Principal {
  readonly tier: Tier;
  /** The key's id, or null for a gateway request authenticated by the proxy secret. */
  readonly keyId: string | null;
  /** What the rate limiter counts against: the key, the gateway user, or (sandbox) the client IP. */
  readonly rateKey: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}
