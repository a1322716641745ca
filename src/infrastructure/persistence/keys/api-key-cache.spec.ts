import { ApiKey } from '../../../domain/keys/api-key';
import {
  NotificationSubscriber,
  PgNotificationListener,
} from '../../database/pg-notification-listener';
import {
  API_KEYS_CHANGED_CHANNEL,
  ApiKeyCache,
  KEY_CACHE_TTL_MS,
  KEY_SWEEP_INTERVAL_MS,
  MAX_CACHED_KEYS,
} from './api-key-cache';

/** A listener whose connection state the test sets, and whose notifications it sends. */
class FakeListener {
  listening = true;
  subscriber: NotificationSubscriber | undefined;
  subscribe(channel: string, s: NotificationSubscriber) {
    expect(channel).toBe(API_KEYS_CHANGED_CHANNEL);
    this.subscriber = s;
  }
}

const key = (id: string, revokedAt: Date | null = null): ApiKey => ({
  id,
  keyPrefix: id.slice(0, 8),
  tier: 'live',
  label: null,
  createdAt: new Date(0),
  lastUsedAt: null,
  revokedAt,
  replacedBy: null,
  chainId: id,
});
const hash = (n: number) => Buffer.from(String(n).padStart(32, '0'));

describe('ApiKeyCache', () => {
  let listener: FakeListener;
  let cache: ApiKeyCache;
  let loads: number;
  const loader = (k: ApiKey | null) => async () => {
    loads++;
    return k;
  };

  beforeEach(() => {
    listener = new FakeListener();
    cache = new ApiKeyCache(listener as unknown as PgNotificationListener);
    loads = 0;
  });

  it('answers a known key from memory after the first lookup', async () => {
    expect(await cache.find(hash(1), loader(key('a')))).toEqual(key('a'));
    expect(await cache.find(hash(1), loader(key('b')))).toEqual(key('a'));
    expect(loads).toBe(1);
  });

  it('never caches an unknown key (one issued elsewhere works at once)', async () => {
    expect(await cache.find(hash(1), loader(null))).toBeNull();
    expect(await cache.find(hash(1), loader(key('a')))).toEqual(key('a'));
    expect(loads).toBe(2);
  });

  it('drops everything on a notification, on a lost connection and when listening again', async () => {
    for (const event of ['onNotify', 'onLost', 'onListening'] as const) {
      await cache.find(hash(1), loader(key('a')));
      const s = listener.subscriber!;
      if (event === 'onNotify') s.onNotify('');
      else if (event === 'onLost') s.onLost();
      else s.onListening!();
      expect(cache.size).toBe(0);
      expect(await cache.find(hash(1), loader(key('a', new Date(1))))).toEqual(
        key('a', new Date(1)),
      );
      listener.subscriber!.onNotify('');
    }
  });

  it('is not used at all while the listener is down', async () => {
    await cache.find(hash(1), loader(key('a')));
    listener.listening = false;
    expect(await cache.find(hash(1), loader(key('a', new Date(1))))).toEqual(key('a', new Date(1)));
    expect(await cache.find(hash(1), loader(key('a', new Date(2))))).toEqual(key('a', new Date(2)));
  });

  it('does not keep a lookup that was in flight when a change was heard', async () => {
    let release!: (k: ApiKey) => void;
    const pending = cache.find(hash(1), () => new Promise<ApiKey>((r) => (release = r)));
    listener.subscriber!.onNotify('some-id'); // the key was revoked while it was being read
    release(key('a'));
    expect(await pending).toEqual(key('a'));
    expect(cache.size).toBe(0);
    expect(await cache.find(hash(1), loader(key('a', new Date(1))))).toEqual(key('a', new Date(1)));
  });

  it('holds at most MAX_CACHED_KEYS entries, dropping the oldest', async () => {
    for (let i = 0; i <= MAX_CACHED_KEYS; i++) await cache.find(hash(i), loader(key(`k${i}`)));
    expect(cache.size).toBe(MAX_CACHED_KEYS);
    loads = 0;
    await cache.find(hash(0), loader(key('k0')));
    await cache.find(hash(MAX_CACHED_KEYS), loader(key('kmax')));
    expect(loads).toBe(1);
  });

  it('stays under its byte bound, oldest out, and gives the bytes back (issue 48, item 4)', async () => {
    cache.maxBytes = 20_000;
    // Labels are set by operators: a long one must not let the cache grow past its bound.
    const labelled = (id: string) => ({ ...key(id), label: 'x'.repeat(500) });
    for (let i = 0; i < 200; i++) {
      await cache.find(hash(i), loader(labelled(`k${i}`)));
      expect(cache.bytes).toBeLessThanOrEqual(20_000);
    }
    expect(cache.size).toBeGreaterThan(0);
    expect(cache.size).toBeLessThan(200);
    loads = 0;
    await cache.find(hash(199), loader(labelled('k199')));
    expect(loads).toBe(0);
    cache.forget(['k199']);
    cache.invalidate();
    expect(cache.bytes).toBe(0);
  });

  it('sweeps expired entries out on a lookup', async () => {
    let now = 5_000_000;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      await cache.find(hash(0), loader(key('k0')));
      const one = cache.bytes;
      for (let i = 1; i < 100; i++) await cache.find(hash(i), loader(key(`k${i}`)));
      now += KEY_CACHE_TTL_MS - 1;
      await cache.find(hash(0), loader(key('k0'))); // still fresh: a hit
      now += Math.max(KEY_SWEEP_INTERVAL_MS, 1);
      await cache.find(hash(1000), loader(null)); // any lookup sweeps
      expect(cache.size).toBe(0);
      expect(cache.bytes).toBe(0);
      await cache.find(hash(0), loader(key('k0')));
      expect(cache.bytes).toBe(one);
    } finally {
      clock.mockRestore();
    }
  });
});
