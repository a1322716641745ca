import { createServer } from 'node:net';
import { RedisRateLimitStorage } from './redis-rate-limit.storage';

/** Without any Redis: the storage must answer from memory at once, never throw, never hang. */
describe('RedisRateLimitStorage with Redis unreachable', () => {
  let storage: RedisRateLimitStorage;

  beforeAll(async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    storage = new RedisRateLimitStorage(`redis://127.0.0.1:${port}`);
  });
  afterAll(async () => storage.close());

  it('reports the failed first connection quickly', async () => {
    const t0 = Date.now();
    expect(await storage.waitForConnection(2000)).toBe(false);
    expect(Date.now() - t0).toBeLessThan(1500);
    expect(storage.backend).toBe('memory');
  });

  it('counts in memory meanwhile, with the same window semantics', async () => {
    const t0 = Date.now();
    const hits = [];
    for (let i = 0; i < 3; i++) hits.push(await storage.increment('k', 60_000, 2));
    expect(Date.now() - t0).toBeLessThan(100);
    expect(hits.map((h) => [h.totalHits, h.isBlocked])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
  });
});
