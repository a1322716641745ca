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

describe('DirectoryReadCache with a read replica', () => {
  /** A listener whose notifications the test sends, and a replica the test lets catch up. */
  function withReplica() {
    const listener = new PgNotificationListener(runtime);
    let notify: () => void = () => undefined;
    jest.spyOn(listener, 'subscribe').mockImplementation((_channel, handlers) => {
      notify = () => handlers.onNotify?.('');
    });
    let release: () => void = () => undefined;
    const replica = {
      hasReplica: true,
      caughtUp: jest.fn(
        () =>
          new Promise<void>((r) => {
            release = r;
          }),
      ),
    };
    const cache = new DirectoryReadCache(listener, replica as never);
    return { cache, notify: () => notify(), release: () => release(), replica };
  }

  it('keeps nothing from a change until the replica has replayed it, then clears once more', async () => {
    const { cache, notify, release, replica } = withReplica();
    expect(await cache.getOrLoad('k', 60_000, async () => 'before')).toBe('before');
    notify();
    expect(replica.caughtUp).toHaveBeenCalledTimes(1);
    // The replica may still answer with the old data: served, never kept.
    expect(await cache.getOrLoad('k', 60_000, async () => 'stale')).toBe('stale');
    expect(await cache.getOrLoad('k', 60_000, async () => 'fresh')).toBe('fresh');
    release();
    await new Promise((r) => setImmediate(r));
    expect(await cache.getOrLoad('k', 60_000, async () => 'after')).toBe('after');
    expect(await cache.getOrLoad('k', 60_000, async () => 'not loaded')).toBe('after');
  });

  it('without a replica, a change clears at once and caching goes on', async () => {
    const listener = new PgNotificationListener(runtime);
    let notify: () => void = () => undefined;
    jest.spyOn(listener, 'subscribe').mockImplementation((_channel, handlers) => {
      notify = () => handlers.onNotify?.('');
    });
    const caughtUp = jest.fn(async () => undefined);
    const cache = new DirectoryReadCache(listener, { hasReplica: false, caughtUp } as never);
    await cache.getOrLoad('k', 60_000, async () => 1);
    notify();
    expect(await cache.getOrLoad('k', 60_000, async () => 2)).toBe(2);
    expect(await cache.getOrLoad('k', 60_000, async () => 3)).toBe(2);
    expect(caughtUp).not.toHaveBeenCalled();
  });
});
