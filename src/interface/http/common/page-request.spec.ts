import { effectivePage } from './page-request';

const caps = { sandboxMaxLimit: 10, sandboxMaxWindow: 50 };
const sandbox = { tier: 'sandbox' as const, keyId: 'k', rateKey: 'ip' };
const live = { tier: 'live' as const, keyId: 'k', rateKey: 'k' };

describe('effectivePage', () => {
  it('defaults to 25 from 0 and caps at 100', () => {
    expect(effectivePage(undefined, undefined, live, caps)).toEqual({ limit: 25, offset: 0 });
    expect(effectivePage(1000, 5, live, caps)).toEqual({ limit: 100, offset: 5 });
    expect(effectivePage(0, 0, live, caps)).toEqual({ limit: 0, offset: 0 });
  });

  it('caps the sandbox page size and its window', () => {
    expect(effectivePage(100, 0, sandbox, caps)).toEqual({ limit: 10, offset: 0 });
    expect(effectivePage(100, 45, sandbox, caps)).toEqual({ limit: 5, offset: 45 });
    expect(effectivePage(10, 50, sandbox, caps)).toEqual({ limit: 0, offset: 50 });
    expect(effectivePage(10, 500, sandbox, caps)).toEqual({ limit: 0, offset: 500 });
  });
});
