import { Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '../config/core.module';
import { AppConfig } from '../config/app-config';
import { MemoryRateLimitStorage } from './memory-rate-limit.storage';
import { RateLimitStorage } from './rate-limit.storage';
import { RedisRateLimitStorage } from './redis-rate-limit.storage';

/** How long the start waits for Redis before serving with local counters (ms). */
const STARTUP_WAIT_MS = 2000;

/**
 * The RateLimitStorage: Redis when REDIS_URL is set (shared by every instance, local fallback
 * while it is unreachable), else this process's memory.
 */
@Module({
  providers: [
    {
      provide: RateLimitStorage,
      useFactory: async (config: AppConfig): Promise<RateLimitStorage> => {
        if (!config.redisUrl) return new MemoryRateLimitStorage();
        const storage = new RedisRateLimitStorage(config.redisUrl);
        if (!(await storage.waitForConnection(STARTUP_WAIT_MS))) {
          new Logger('RateLimit').warn(
            'Redis not reachable at start: counting in memory until it is',
          );
        }
        return storage;
      },
      inject: [APP_CONFIG],
    },
  ],
  exports: [RateLimitStorage],
})
export class RateLimitStorageModule implements OnApplicationShutdown {
  constructor(@Inject(RateLimitStorage) private readonly storage: RateLimitStorage) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.storage instanceof RedisRateLimitStorage) await this.storage.close();
  }
}
