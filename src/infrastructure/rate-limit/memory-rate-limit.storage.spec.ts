import { MemoryRateLimitStorage } from './memory-rate-limit.storage';

describe('MemoryRateLimitStorage (fixed windows)', () => {
  let now = 1_000_000;
  const storage = () => new MemoryRateLimitStorage(() => now);

  it('counts hits in a window and blocks past the limit until the window ends', async () => {
    const s = storage();
    const hit = () => s.increment('k', 60_000, 2);
    expect(await hit()).toEqual({
      totalHits: 1,
      timeToExpire: 60,
      isBlocked: false,
      timeToBlockExpire: 0,
    });
    now += 20_500;
    expect(await hit()).toEqual({
      totalHits: 2,
      timeToExpire: 40,
      isBlocked: false,
      timeToBlockExpire: 0,
    });
    expect(await hit()).toEqual({
      totalHits: 3,
      timeToExpire: 40,
      isBlocked: true,
      timeToBlockExpire: 40,
    });
    now += 39_500;
    expect(await hit()).toEqual({
      totalHits: 1,
      timeToExpire: 60,
      isBlocked: false,
      timeToBlockExpire: 0,
    });
  });

  it('keeps keys apart', async () => {
    const s = storage();
    await s.increment('a', 60_000, 1);
    expect((await s.increment('a', 60_000, 1)).isBlocked).toBe(true);
    expect((await s.increment('b', 60_000, 1)).isBlocked).toBe(false);
  });

  it('never reports less than one second left', async () => {
    const s = storage();
    await s.increment('k', 60_000, 1);
    now += 59_999;
    expect((await s.increment('k', 60_000, 1)).timeToBlockExpire).toBe(1);
  });
});
