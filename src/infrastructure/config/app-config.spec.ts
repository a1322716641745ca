import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toBe('.data');
    expect(c.freshnessDays).toBe(30);
    expect(c.signalsMinSample).toBe(5);
    expect(c.gateway.name).toBe('RapidAPI');
    expect(c.limits).toEqual({
      sandboxMaxLimit: 10,
      sandboxMaxWindow: 50,
      sandboxRatePerMin: 60,
      liveRatePerMin: 600,
      gatewayRatePerMin: 6000,
    });
    expect(c.trustProxy).toBe(false);
  });

  it('reads the values it is given', () => {
    const c = loadConfig({
      PORT: '8080',
      FRESHNESS_DAYS: '7',
      TRUST_PROXY: 'true',
      DATABASE_URL: 'postgres://u@h:5432/d',
    });
    expect([c.port, c.freshnessDays, c.trustProxy, c.databaseUrl]).toEqual([
      8080,
      7,
      true,
      'postgres://u@h:5432/d',
    ]);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['FRESHNESS_DAYS', '-1'],
    ['TRUST_PROXY', 'maybe'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'not a url'],
    ['REDIS_URL', 'http://x'],
    ['KEY_HASH_SECRET', 'short'],
    ['LOG_LEVEL', 'loud'],
    ['GATEWAY_NAME', 'Rapid-API'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
