import { approxBytes, ENTRY_OVERHEAD_BYTES } from './approx-bytes';
import {
  DirectoryReadCache,
  MAX_BYTES,
  MAX_ENTRIES,
  SWEEP_INTERVAL_MS,
} from './directory-read-cache';
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

describe('DirectoryReadCache: bytes (issue 48, item 4)', () => {
  const settle = () => new Promise((r) => setImmediate(r));
  /** A key like a total's with `n` CPSO numbers in its parameters. */
  const longKey = (i: number, n: number) =>
    `total:SELECT count(*) FROM doctor_search ds WHERE ds.cpso_number = ANY($1::text[]):${JSON.stringify(
      [Array.from({ length: n }, (_, j) => String(1_000_000 + i * n + j))],
    )}`;

  it('counts each entry as its key, its value and the overhead, and gives it all back', async () => {
    const cache = new DirectoryReadCache(new PgNotificationListener(runtime));
    expect(cache.bytes).toBe(0);
    await cache.getOrLoad('k', 60_000, async () => ({ names: ['a', 'bc'] }));
    await settle();
    expect(cache.bytes).toBe(
      ENTRY_OVERHEAD_BYTES + approxBytes('k') + approxBytes({ names: ['a', 'bc'] }),
    );
    cache.forget('k');
    expect(cache.bytes).toBe(0);
    await cache.getOrLoad('a', 60_000, async () => 1);
    await cache.getOrLoad('b', 60_000, async () => 2);
    cache.clear();
    expect(cache.bytes).toBe(0);
  });

  it('stays under its byte bound whatever the keys, least recently used out first', async () => {
    const cache = new DirectoryReadCache(new PgNotificationListener(runtime));
    expect(MAX_BYTES).toBeLessThanOrEqual(64 * 1024 * 1024);
    cache.maxBytes = 200_000;
    // The security review's run in small: totals whose keys embed 570 ids each.
    for (let i = 0; i < 300; i++) {
      await cache.getOrLoad(longKey(i, 570), 60_000, async () => i);
      expect(cache.bytes).toBeLessThanOrEqual(200_000);
    }
    await settle();
    expect(cache.bytes).toBeLessThanOrEqual(200_000);
    expect(cache.size).toBeGreaterThan(0);
    expect(cache.size).toBeLessThan(300);
    // The most recent answers are the ones kept.
    expect(await cache.getOrLoad(longKey(299, 570), 60_000, async () => -1)).toBe(299);
    expect(await cache.getOrLoad(longKey(0, 570), 60_000, async () => -1)).toBe(-1);
  });

  it('bounds a value once it is loaded, and keeps no answer larger than the bound', async () => {
    const cache = new DirectoryReadCache(new PgNotificationListener(runtime));
    cache.maxBytes = 10_000;
    await cache.getOrLoad('small', 60_000, async () => 1);
    await cache.getOrLoad('huge', 60_000, async () => 'x'.repeat(20_000));
    await settle();
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    // The huge answer was served but not kept, and did not push the small one out.
    expect(await cache.getOrLoad('huge', 60_000, async () => 'again')).toBe('again');
    expect(await cache.getOrLoad('small', 60_000, async () => 2)).toBe(1);
  });

  it('sweeps expired entries out, and memory goes back to where it was', async () => {
    let now = 1_000_000;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const cache = new DirectoryReadCache(new PgNotificationListener(runtime));
      await cache.getOrLoad('kept', 10 * SWEEP_INTERVAL_MS, async () => 'kept');
      await settle();
      const before = cache.bytes;
      for (let i = 0; i < 1000; i++) await cache.getOrLoad(longKey(i, 100), 1000, async () => i);
      await settle();
      expect(cache.size).toBe(1001);
      // Expired but not yet swept: the next lookup after the interval sweeps them all.
      now += SWEEP_INTERVAL_MS;
      expect(await cache.getOrLoad('kept', 10 * SWEEP_INTERVAL_MS, async () => 'no')).toBe('kept');
      expect(cache.size).toBe(1);
      expect(cache.bytes).toBe(before);
    } finally {
      clock.mockRestore();
    }
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
