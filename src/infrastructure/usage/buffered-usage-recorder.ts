import { Logger, BeforeApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { UsageCount, UsageRecorder, UsageRepository } from '../../application/usage/usage';
import { Tier } from '../../domain/keys/tier';

const DAY_MS = 86_400_000;

/**
 * Counts requests per key and day in memory (a Map increment per request) and writes them with one
 * upsert every `flushMs`, and at shutdown. A crash loses at most the last `flushMs` of counts; a
 * failed flush keeps its counts for the next one.
 */
export class BufferedUsageRecorder
  extends UsageRecorder
  implements OnModuleInit, BeforeApplicationShutdown
{
  private readonly logger = new Logger('Usage');
  private pending = new Map<string, UsageCount>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private dayStart = Number.NaN;
  private day = '';

  constructor(
    private readonly repo: UsageRepository,
    private readonly flushMs: number,
  ) {
    super();
  }

  record(keyId: string, tier: Tier, at: Date): void {
    const day = this.dayOf(at.getTime());
    const k = `${keyId}|${day}`;
    const c = this.pending.get(k);
    // Counted in place: a flush takes the whole map away, so no batch shares these objects.
    if (c) (c as { requests: number }).requests++;
    else this.pending.set(k, { keyId, day, tier, requests: 1 });
  }

  /** The UTC day (YYYY-MM-DD) of an instant, formatted once per day rather than per request. */
  private dayOf(ms: number): string {
    if (!(ms >= this.dayStart && ms < this.dayStart + DAY_MS)) {
      this.dayStart = ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
      this.day = new Date(this.dayStart).toISOString().slice(0, 10);
    }
    return this.day;
  }

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush(), this.flushMs);
    this.timer.unref();
  }

  /**
   * The last flush, before any module's onApplicationShutdown: TypeORM closes the connection in
   * its own, and a flush after it logged "Driver not Connected" on every stop (issue 52).
   */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  /** Writes what was counted so far (serialised: one flush at a time). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size === 0) return;
      const batch = [...this.pending.values()];
      this.pending = new Map();
      try {
        await this.repo.add(batch);
      } catch (e) {
        for (const c of batch) {
          const k = `${c.keyId}|${c.day}`;
          const now = this.pending.get(k);
          this.pending.set(k, now ? { ...now, requests: now.requests + c.requests } : c);
        }
        this.logger.warn(
          `usage counts not written yet (${(e as Error).message}); kept for the next flush`,
        );
      }
    });
    return this.flushing;
  }
}
