import { coveragePct, dataFreshness, freshCutoff } from './freshness';

const now = new Date('2026-11-21T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);

describe('dataFreshness', () => {
  it('is unknown when never checked', () => {
    expect(dataFreshness(null, now, 30)).toBe('unknown');
  });
  it('is fresh up to and including the cutoff, stale past it', () => {
    expect(dataFreshness(daysAgo(0), now, 30)).toBe('fresh');
    expect(dataFreshness(daysAgo(30), now, 30)).toBe('fresh');
    expect(dataFreshness(new Date(daysAgo(30).getTime() - 1), now, 30)).toBe('stale');
    expect(dataFreshness(daysAgo(400), now, 30)).toBe('stale');
  });
  it('follows the configured number of days', () => {
    expect(dataFreshness(daysAgo(10), now, 7)).toBe('stale');
    expect(freshCutoff(now, 7).toISOString()).toBe('2026-11-14T12:00:00.000Z');
  });
});

describe('coveragePct', () => {
  it('is (fresh + stale) / total with one decimal, 0 when empty', () => {
    expect(coveragePct(0, 0, 0)).toBe(0);
    expect(coveragePct(1, 1, 3)).toBe(66.7);
    expect(coveragePct(2, 0, 3)).toBe(66.7);
    expect(coveragePct(5, 5, 10)).toBe(100);
  });
});
