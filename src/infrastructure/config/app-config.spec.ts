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
      TRUST_PROXY: '2',
      DATABASE_URL: 'postgres://u@h:5432/d',
    });
    expect([c.port, c.freshnessDays, c.trustProxy, c.databaseUrl]).toEqual([
      8080,
      7,
      2,
      'postgres://u@h:5432/d',
    ]);
  });

  it('reads TRUST_PROXY as Fastify does: off, a hop count, or proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
    ]);
  });

  it('keeps secrets exactly as written', () => {
    const s = 'a-gateway-proxy-secret-of-40-characters!!';
    expect(loadConfig({ GATEWAY_PROXY_SECRET: s }).gateway.proxySecret).toBe(s);
  });

  it('has explicit HTTP limits and timeouts', () => {
    expect(loadConfig({}).http).toEqual({
      maxUrlLength: 4096,
      maxHeaderBytes: 16384,
      bodyLimitBytes: 1024,
      requestTimeoutMs: 30000,
      headersTimeoutMs: 10000,
      keepAliveTimeoutMs: 5000,
    });
    expect(loadConfig({}).authFailuresPerMin).toBe(30);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['FRESHNESS_DAYS', '-1'],
    ['TRUST_PROXY', 'maybe'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '10.0.0.1,not-an-ip'],
    ['GATEWAY_PROXY_SECRET', 'x'],
    ['GATEWAY_PROXY_SECRET', ' padded-secret-0123456789abcdef0123456789 '],
    ['KEY_HASH_SECRET', ' padded-secret-0123456789abcdef0123456789 '],
    ['MAX_URL_LENGTH', '10'],
    ['REQUEST_TIMEOUT_MS', 'soon'],
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
