/**
 * Readers of environment variables for the configuration: each trims, checks and converts one
 * value, and throws a ConfigError naming the variable when it is not acceptable.
 */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

export type Env = Record<string, string | undefined>;

export function str(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

export function int(env: Env, name: string, def: number, min: number, max: number): number {
  const raw = str(env, name);
  if (raw === undefined) return def;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max)
    throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
  return n;
}

/** A secret is taken as written (never trimmed) and must be long enough to resist guessing. */
export function secret(env: Env, name: string): string | undefined {
  const v = env[name];
  if (v === undefined || v === '') return undefined;
  if (v.trim() !== v) throw new ConfigError(name, 'must not start or end with whitespace');
  if (v.length < 32) throw new ConfigError(name, 'must be at least 32 characters');
  return v;
}

const IPV4_OR_CIDR = /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$/;
const IPV6_OR_CIDR = /^[0-9a-f:.]*:[0-9a-f:.]*(\/\d{1,3})?$/i;

/**
 * TRUST_PROXY: `false` (default), the number of proxies in front of the service, or a comma
 * list of their addresses or CIDR ranges. `true` (every hop) is refused: the left-most
 * X-Forwarded-For entry is written by the client, so trusting it lets anyone pick an address.
 */
export function trustProxy(env: Env): false | number | string[] {
  const raw = str(env, 'TRUST_PROXY');
  if (raw === undefined) return false;
  const v = raw.toLowerCase();
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  if (['true', 'yes', 'on'].includes(v)) {
    throw new ConfigError(
      'TRUST_PROXY',
      'must be the number of proxies in front of the service (e.g. 1) or their addresses; ' +
        '"true" would believe a client-written X-Forwarded-For',
    );
  }
  if (/^\d+$/.test(v)) {
    const n = Number(v);
    if (n > 10) throw new ConfigError('TRUST_PROXY', `must be at most 10 hops, got ${n}`);
    return n;
  }
  const list = raw.split(',').map((x) => x.trim());
  for (const a of list) {
    if (!IPV4_OR_CIDR.test(a) && !IPV6_OR_CIDR.test(a)) {
      throw new ConfigError(
        'TRUST_PROXY',
        `must be false, a hop count, or proxy addresses/CIDRs, got "${a}"`,
      );
    }
  }
  return list;
}

export function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = str(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, 'is not a valid URL');
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must use ${protocols.join(' or ')}`);
  }
  return raw;
}

/** A yes/no setting: true/false, 1/0, yes/no, on/off; unset is false. */
export function flag(env: Env, name: string): boolean {
  const raw = str(env, name)?.toLowerCase();
  if (raw === undefined || ['0', 'false', 'no', 'off'].includes(raw)) return false;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}
