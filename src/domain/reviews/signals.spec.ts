import { ratingCounts } from './review';
import { buildSignals } from './signals';

describe('buildSignals', () => {
  it('lists every dimension in order, averaging only those with the minimum sample', () => {
    const s = buildSignals(
      [
        { dimension: 'staff', count: 5, sum: 17 },
        { dimension: 'punctuality', count: 4, sum: 20 },
      ],
      5,
    );
    expect(s).toEqual([
      { dimension: 'punctuality', count: 4, avgRating: null, sufficient: false },
      { dimension: 'helpfulness', count: 0, avgRating: null, sufficient: false },
      { dimension: 'knowledge', count: 0, avgRating: null, sufficient: false },
      { dimension: 'staff', count: 5, avgRating: 3.4, sufficient: true },
    ]);
  });

  it('rounds to two decimals and follows the configured threshold', () => {
    const s = buildSignals([{ dimension: 'knowledge', count: 3, sum: 13 }], 3);
    expect(s[2]).toEqual({ dimension: 'knowledge', count: 3, avgRating: 4.33, sufficient: true });
  });
});

describe('ratingCounts', () => {
  it('counts 4-5 as positive, 1-2 as negative, all as reviewCount', () => {
    expect(ratingCounts({ 1: 1, 2: 2, 3: 3, 4: 4, 5: 5 })).toEqual({
      positive: 9,
      negative: 3,
      reviewCount: 15,
    });
    expect(ratingCounts({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 })).toEqual({
      positive: 0,
      negative: 0,
      reviewCount: 0,
    });
  });
});
