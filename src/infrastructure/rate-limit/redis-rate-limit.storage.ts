import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { MemoryRateLimitStorage } from './memory-rate-limit.storage';
import { RateLimitRecord, RateLimitStorage, windowRecord } from './rate-limit.storage';

/** One atomic step of a fixed window: count the hit, start the window's expiry on its first hit. */
const HIT_SCRIPT = `
local hits = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}`;

type RedisWithHit = Redis & {
  gtadRateHit(key: string, ttlMs: number, cost: number): Promise<[number, number]>;
};

export interface RedisStorageOptions {
  /** A Redis command slower than this counts as a failure (ms). */
  commandTimeoutMs?: number;
  connectTimeoutMs?: number;
  /** After a failure, Redis is not tried again for this long unless it reconnects first (ms). */
  cooldownMs?: number;
  keyPrefix?: string;
}

/**
 * Rate-limit counters in Redis (REDIS_URL), shared by every instance: one Lua script per hit
 * (INCR, then PEXPIRE on the window's first hit), so the increment and the expiry are atomic.
 *
 * When Redis cannot answer, the limiter FAILS OPEN TO LOCAL COUNTERS: each request is counted in
 * this instance's memory (the same fixed windows) and a warning is logged once per outage, so a
 * Redis outage never blocks, fails or slows a request: there is no offline queue (a command while
 * disconnected fails at once), a command times out after `commandTimeoutMs`, and after a failure
 * Redis is skipped for `cooldownMs` or until it reconnects. During an outage each instance
 * enforces the limit on its own, so a client spreading requests over N instances gets up to N
 * times its limit until Redis is back.
 */
export class RedisRateLimitStorage extends RateLimitStorage {
  private readonly logger = new Logger('RateLimit');
  private readonly redis: RedisWithHit;
  private readonly fallback = new MemoryRateLimitStorage();
  private readonly keyPrefix: string;
  private readonly cooldownMs: number;
  private skipUntil = 0;
  private degraded = false;
  private closed = false;

  constructor(url: string, opts: RedisStorageOptions = {}) {
    super();
    this.keyPrefix = opts.keyPrefix ?? 'gtad:rl:';
    this.cooldownMs = opts.cooldownMs ?? 5000;
    this.redis = new Redis(url, {
      commandTimeout: opts.commandTimeoutMs ?? 500,
      connectTimeout: opts.connectTimeoutMs ?? 1000,
      // How long close() waits for a half-closed socket before destroying it.
      disconnectTimeout: 200,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: (times) => Math.min(times * 200, 2000),
      lazyConnect: false,
    }) as RedisWithHit;
    this.redis.defineCommand('gtadRateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis.on('error', (e: Error) => this.degrade(e.message));
    this.redis.on('ready', () => {
      this.skipUntil = 0;
      if (this.degraded) {
        this.degraded = false;
        this.logger.log('Redis reachable again: rate-limit counters are shared again');
      }
    });
  }

  get backend(): 'memory' | 'redis' {
    return this.usable() ? 'redis' : 'memory';
  }

  /** Waits (at most `ms`) for the first connection, so that a start with Redis up shares at once. */
  async waitForConnection(ms: number): Promise<boolean> {
    if (this.redis.status === 'ready') return true;
    return new Promise<boolean>((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.redis.off('ready', onReady);
        this.redis.off('error', onError);
        resolve(ok);
      };
      const onReady = () => done(true);
      const onError = () => done(false);
      const timer = setTimeout(() => done(false), ms);
      this.redis.once('ready', onReady);
      this.redis.once('error', onError);
    });
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration = 0,
    name = 'default',
    cost = 1,
  ): Promise<RateLimitRecord> {
    if (!this.usable()) return this.fallback.increment(key, ttl, limit, blockDuration, name, cost);
    try {
      const [hits, msLeft] = await this.redis.gtadRateHit(this.keyPrefix + key, ttl, cost);
      return windowRecord(Number(hits), Number(msLeft), limit);
    } catch (e) {
      this.skipUntil = Date.now() + this.cooldownMs;
      this.degrade((e as Error).message);
      return this.fallback.increment(key, ttl, limit, blockDuration, name, cost);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // disconnect(), not quit(): quit() would wait on a Redis that may not answer.
    this.redis.disconnect();
  }

  private usable(): boolean {
    return !this.closed && this.redis.status === 'ready' && Date.now() >= this.skipUntil;
  }

  private degrade(reason: string): void {
    if (this.degraded || this.closed) return;
    this.degraded = true;
    this.logger.warn(
      `Redis unreachable (${reason}): rate limits are counted per instance in memory until it is back`,
    );
  }
}
