import { ApiKey } from '../../../domain/keys/api-key';
import {
  NotificationSubscriber,
  PgNotificationListener,
} from '../../database/pg-notification-listener';
import { API_KEYS_CHANGED_CHANNEL, ApiKeyCache, MAX_CACHED_KEYS } from './api-key-cache';

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
});
