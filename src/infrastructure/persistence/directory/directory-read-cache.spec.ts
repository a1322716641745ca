import { DirectoryReadCache, MAX_ENTRIES } from './directory-read-cache';
import { PgNotificationListener } from '../../database/pg-notification-listener';

const runtime = {
  url: 'postgres://unused',
  embedded: false,
  keyHashSecret: 'x'.repeat(32),
  stop: async () => undefined,
};

describe('DirectoryReadCache', () => {
  it('loads once for concurrent readers and keeps the answer until it expires', async () => {
    const cache = new DirectoryReadCache(new PgNotificationListener(runtime));
    let loads = 0;
    const load = async () => ++loads;
    const [x, y] = await Promise.all([
      cache.getOrLoad('k', 1000, load),
      cache.getOrLoad('k', 1000, load),
    ]);
    expect([x, y, loads]).toEqual([1, 1, 1]);
    expect(await cache.getOrLoad('k', 1000, load)).toBe(1);
    expect(await cache.getOrLoad('expired', -1, load)).toBe(2);
    expect(await cache.getOrLoad('expired', -1, load)).toBe(3);
  });

  it('does not keep a failed load', async () => {
    const cache = new DirectoryReadCache(new PgNotificationListener(runtime));
    await expect(
      cache.getOrLoad('k', 1000, () => Promise.reject(new Error('down'))),
    ).rejects.toThrow('down');
    expect(await cache.getOrLoad('k', 1000, async () => 'up')).toBe('up');
  });

  it('drops the least recently used entry past its bound, and everything on clear()', async () => {
    const cache = new DirectoryReadCache(new PgNotificationListener(runtime));
    for (let i = 0; i < MAX_ENTRIES; i++) await cache.getOrLoad(`k${i}`, 60_000, async () => i);
    await cache.getOrLoad('k0', 60_000, async () => -1); // a hit: k0 becomes the most recent
    await cache.getOrLoad('new', 60_000, async () => 'new'); // evicts k1, the least recent
    expect(await cache.getOrLoad('k0', 60_000, async () => 'reloaded')).toBe(0);
    expect(await cache.getOrLoad('k1', 60_000, async () => 'reloaded')).toBe('reloaded');
    cache.clear();
    expect(await cache.getOrLoad('k0', 60_000, async () => 'after clear')).toBe('after clear');
  });
});
