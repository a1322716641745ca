import { LoadResult } from '../../scripts/bench/load';
import { FEED_DEPTH_RATIO, feedVerdict, verdictOf } from '../../scripts/bench/report';

/**
 * The benchmark's change-feed cases (issue 34, item 5): a page of 1,000 records is judged by
 * costing the same at any depth of the log (p50 against the log's start), not by a list's p99.
 */
const load = (over: Partial<LoadResult>): LoadResult =>
  ({
    requests: 300,
    rps: 33,
    p50: 800,
    p90: 1000,
    p99: 1900,
    max: 2100,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    ...over,
  }) as LoadResult;

describe('bench feed verdict', () => {
  it('passes the log start and pages deep down that cost no more than the ratio, whatever their p99', () => {
    const start = load({ p50: 800 });
    expect(feedVerdict(start, undefined)).toMatchObject({ pass: true });
    expect(feedVerdict(start, undefined).reason).toContain('33,000 records/s');
    expect(feedVerdict(load({ p50: 800 * FEED_DEPTH_RATIO, p99: 5000 }), start).pass).toBe(true);
    expect(feedVerdict(load({ p50: 700 }), start).reason).toContain('0.88x');
  });

  it('misses a deep page dearer than the ratio, and any page with failed answers', () => {
    const start = load({ p50: 800 });
    const deep = feedVerdict(load({ p50: 800 * FEED_DEPTH_RATIO + 1 }), start);
    expect(deep.pass).toBe(false);
    expect(deep.reason).toContain('>');
    expect(feedVerdict(load({ non2xx: 1 }), undefined)).toMatchObject({ pass: false });
    expect(feedVerdict(load({ requests: 0 }), start)).toMatchObject({ pass: false });
  });

  it('holds lists to the p99 target and feeds to their depth, whatever their p99', () => {
    const slow = load({ p50: 800, p99: 1900 });
    expect(verdictOf('list', slow, 100, undefined).pass).toBe(false);
    expect(verdictOf('feed', slow, 100, undefined).pass).toBe(true);
    expect(verdictOf('feed', slow, 100, load({ p50: 400 })).pass).toBe(false);
    expect(verdictOf('list', load({ p99: 99 }), 100, undefined).pass).toBe(true);
    expect(verdictOf('baseline', slow, 100, undefined).pass).toBe(true);
    expect(verdictOf('mixed', load({ p99: 20, rps: 1400 }), 100, undefined).pass).toBe(false);
  });
});
