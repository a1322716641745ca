import { DEFAULT_DEMO_WEBHOOK_SECRET, ConfigError, loadConfig } from './app-config';

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
    ['PUBLIC_URL', 'ftp://directory.example'],
    ['PUBLIC_URL', 'https://directory.example/?a=1'],
    ['CHECKOUT_PRICE_CENTS', '0'],
    ['STRIPE_API_BASE', 'not a url'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  describe('checkout', () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_0123456789',
      STRIPE_WEBHOOK_SECRET: 'whsec_0123456789',
    };

    it('defaults to the demo provider, 500 cents, 10 a minute, addresses relative to the page, loopback only', () => {
      const c = loadConfig({ PORT: '8080' }).checkout;
      expect(c).toEqual({
        priceCents: 500,
        ratePerMin: 10,
        publicUrl: undefined,
        stripe: undefined,
        demoWebhookSecret: undefined,
        demoPublic: false,
      });
    });

    it('opens the demo with CHECKOUT_DEMO_PUBLIC and takes an explicit DEMO_WEBHOOK_SECRET, never the published one', () => {
      for (const v of ['true', 'TRUE', '1', 'yes', 'on'])
        expect(loadConfig({ CHECKOUT_DEMO_PUBLIC: v }).checkout.demoPublic).toBe(true);
      for (const v of ['false', '0', 'no', 'off', ''])
        expect(loadConfig({ CHECKOUT_DEMO_PUBLIC: v }).checkout.demoPublic).toBe(false);
      expect(() => loadConfig({ CHECKOUT_DEMO_PUBLIC: 'maybe' })).toThrow('CHECKOUT_DEMO_PUBLIC');
      const own = 'whsec_demo_secret_of_this_machine_0123456789';
      expect(loadConfig({ DEMO_WEBHOOK_SECRET: own }).checkout.demoWebhookSecret).toBe(own);
      expect(() => loadConfig({ DEMO_WEBHOOK_SECRET: DEFAULT_DEMO_WEBHOOK_SECRET })).toThrow(
        'DEMO_WEBHOOK_SECRET',
      );
      expect(() => loadConfig({ DEMO_WEBHOOK_SECRET: 'whsec_short' })).toThrow(/32 characters/);
    });

    it('uses Stripe with both secrets, and an API base for tests', () => {
      const c = loadConfig({
        ...stripe,
        PUBLIC_URL: 'https://d.example',
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
      }).checkout;
      expect(c.stripe).toEqual({
        secretKey: 'sk_test_0123456789',
        webhookSecret: 'whsec_0123456789',
        apiBase: 'http://127.0.0.1:12111',
      });
      expect(loadConfig({ PUBLIC_URL: 'https://d.example/' }).checkout.publicUrl).toBe(
        'https://d.example',
      );
    });

    it('refuses one Stripe secret without the other, or of the wrong kind', () => {
      expect(() => loadConfig({ STRIPE_SECRET_KEY: stripe.STRIPE_SECRET_KEY })).toThrow(
        'STRIPE_WEBHOOK_SECRET',
      );
      expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: stripe.STRIPE_WEBHOOK_SECRET })).toThrow(
        'STRIPE_SECRET_KEY',
      );
      expect(() => loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'pk_test_x' })).toThrow(ConfigError);
      expect(() => loadConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(ConfigError);
    });

    it('stops a production start without Stripe settings (the demo gives keys away)', () => {
      expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/NODE_ENV=production/);
      expect(() => loadConfig({ NODE_ENV: 'production', CHECKOUT_DEMO_PUBLIC: 'true' })).toThrow(
        /NODE_ENV=production/,
      );
      const withUrl = { ...stripe, PUBLIC_URL: 'https://d.example' };
      expect(loadConfig({ NODE_ENV: 'production', ...withUrl }).checkout.stripe).toBeDefined();
    });

    it('stops a start with Stripe settings but no PUBLIC_URL (paid buyers would be sent to localhost)', () => {
      for (const env of [
        stripe,
        { ...stripe, NODE_ENV: 'production' },
        { ...stripe, PUBLIC_URL: ' ' },
      ])
        expect(() => loadConfig(env)).toThrow(/PUBLIC_URL must be set with STRIPE_SECRET_KEY/);
    });
  });
});
