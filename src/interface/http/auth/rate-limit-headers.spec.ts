import { rateLimitHeaders } from './rate-limit-headers';
import { ratePerMinute } from './rate-limit.options';

describe('rate-limit fields', () => {
  it('writes the trio and the IETF draft structured fields', () => {
    expect(
      rateLimitHeaders('live', { limit: 600, windowSeconds: 60, hits: 1, resetSeconds: 42 }),
    ).toEqual({
      'RateLimit-Limit': '600',
      'RateLimit-Remaining': '599',
      'RateLimit-Reset': '42',
      'RateLimit-Policy': '"live";q=600;w=60',
      RateLimit: '"live";r=599;t=42',
    });
  });

  it('never shows a negative remainder', () => {
    const h = rateLimitHeaders('sandbox', {
      limit: 60,
      windowSeconds: 60,
      hits: 75,
      resetSeconds: 3,
    });
    expect([h['RateLimit-Remaining'], h.RateLimit]).toEqual(['0', '"sandbox";r=0;t=3']);
  });

  it('limits each tier per decisions.md, admin never', () => {
    const limits = {
      sandboxMaxLimit: 10,
      sandboxMaxWindow: 50,
      sandboxRatePerMin: 60,
      liveRatePerMin: 600,
      gatewayRatePerMin: 6000,
    };
    expect(
      ['sandbox', 'live', 'gateway', 'admin'].map((t) => ratePerMinute(t as 'live', limits)),
    ).toEqual([60, 600, 6000, null]);
  });
});
