import { RateLimitRecord, RateLimitStorage, windowRecord } from './rate-limit.storage';

interface Window {
  hits: number;
  endsAt: number;
}

const SWEEP_EVERY = 1000;

/**
 * Fixed-window counters in this process: the storage without REDIS_URL, and the fallback of the
 * Redis storage while Redis cannot answer. Same semantics as the Redis script.
 */
export class MemoryRateLimitStorage extends RateLimitStorage {
  readonly backend = 'memory' as const;
  private readonly windows = new Map<string, Window>();
  private calls = 0;

  constructor(private readonly now: () => number = Date.now) {
    super();
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    _blockDuration?: number,
    _name?: string,
    cost = 1,
  ): Promise<RateLimitRecord> {
    const now = this.now();
    if (++this.calls % SWEEP_EVERY === 0) this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.endsAt <= now) {
      w = { hits: 0, endsAt: now + ttl };
      this.windows.set(key, w);
    }
    w.hits += cost;
    return windowRecord(w.hits, w.endsAt - now, limit);
  }

  /** Drops ended windows so that the map holds only the keys seen in the last window. */
  private sweep(now: number): void {
    for (const [k, w] of this.windows) if (w.endsAt <= now) this.windows.delete(k);
  }
}
