import { ConfigError, Env, flag, int, secret, str, trustProxy, url } from './config-env';

/**
 * Configuration, read from the environment once at start and validated: a bad value stops the
 * process with a message naming the variable. Everything else reads this object, never process.env.
 */
export interface AppConfig {
  readonly port: number;
  readonly host: string;
  /**
   * METRICS_PORT: Prometheus's /metrics on its own port (same HOST), and nowhere on the public
   * port; unset: /metrics on the public port, to admin keys only (docs/metrics.md).
   */
  readonly metricsPort: number | undefined;
  /** External PostgreSQL; undefined means "start the embedded one under dataDir". */
  readonly databaseUrl: string | undefined;
  /** A read replica of DATABASE_URL that directory reads go to (keys and writes stay on the primary). */
  readonly databaseReadUrl: string | undefined;
  readonly dataDir: string;
  readonly redisUrl: string | undefined;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  readonly db: {
    readonly poolSize: number;
    readonly connectTimeoutMs: number;
    readonly statementTimeoutMs: number;
  };
  readonly demoDoctors: number;
  readonly freshnessDays: number;
  readonly signalsMinSample: number;
  /** Days the change feed keeps what an import changed (CHANGES_RETENTION_DAYS, default 90). */
  readonly changesRetentionDays: number;
  /** Bulk file downloads (docs/sync.md, The bulk snapshot). */
  readonly bulk: {
    /** BULK_DOWNLOADS_PER_KEY (2): downloads at once per key chain or gateway user, per instance. */
    readonly downloadsPerKey: number;
    /** BULK_DOWNLOADS_PER_INSTANCE (32): downloads at once on one instance. */
    readonly downloadsPerInstance: number;
    /** BULK_DOWNLOAD_MAX_SECONDS (1800): a download still going after this long is cut. */
    readonly downloadMaxSeconds: number;
  };
  /**
   * LISTS_FROM_SQL (default false): true reads the doctor lists from SQL alone, without the
   * columns each instance otherwise keeps in memory (docs/list-reads.md).
   */
  readonly listsFromSql: boolean;
  /**
   * LOAD_AFTER_EVERY_CHANGE (default false): true loads the columns in memory whole after every
   * change instead of applying the change log to them in place (docs/list-reads.md, "Kept
   * current"): the way out should the change log be suspect, and the tests' reference.
   */
  readonly loadAfterEveryChange: boolean;
  readonly keyHashSecret: string | undefined;
  readonly sandboxKey: string | undefined;
  readonly gateway: {
    readonly name: string;
    readonly host: string | undefined;
    readonly proxySecret: string | undefined;
  };
  readonly limits: {
    readonly sandboxMaxLimit: number;
    readonly sandboxMaxWindow: number;
    readonly sandboxRatePerMin: number;
    readonly liveRatePerMin: number;
    readonly gatewayRatePerMin: number;
  };
  /**
   * Which proxies' X-Forwarded-For entries are believed, as Fastify understands it: false (none),
   * a number of hops in front of the service, or a list of proxy addresses/CIDR ranges.
   */
  readonly trustProxy: false | number | string[];
  /** Limits a hostile client cannot stretch (README, Configuration). */
  readonly http: {
    readonly maxUrlLength: number;
    readonly maxHeaderBytes: number;
    readonly bodyLimitBytes: number;
    readonly requestTimeoutMs: number;
    readonly headersTimeoutMs: number;
    readonly keepAliveTimeoutMs: number;
  };
  /** Failed authentications per client IP per minute before 429 (checked before the database). */
  readonly authFailuresPerMin: number;
  /** Live keys at checkout (decisions.md, Live keys at checkout). */
  readonly checkout: {
    readonly priceCents: number;
    /**
     * POST /checkout per client IP per minute; the completion page's questions to the provider
     * count against the same limit.
     */
    readonly ratePerMin: number;
    /**
     * Public base address (return addresses), without a trailing slash. Unset: the demo's
     * addresses are relative to the page's origin (Stripe needs it: refused at start without).
     */
    readonly publicUrl: string | undefined;
    /** Stripe when both secrets are set; otherwise the demo provider (refused in production). */
    readonly stripe:
      | { readonly secretKey: string; readonly webhookSecret: string; readonly apiBase?: string }
      | undefined;
    /**
     * Signs events played to the demo provider's webhook (a refund, say). Unset: the published
     * DEFAULT_DEMO_WEBHOOK_SECRET, accepted from loopback clients only.
     */
    readonly demoWebhookSecret: string | undefined;
    /** CHECKOUT_DEMO_PUBLIC: the demo provider serves every client, not only loopback ones. */
    readonly demoPublic: boolean;
  };
  /** The admin dashboard (decisions.md, Admin dashboard). */
  readonly admin: {
    readonly idleMinutes: number;
    readonly sessionHours: number;
    /** argon2 password checks running at once (more wait briefly, then are told to retry). */
    readonly passwordChecks: number;
    /** Usage counts are written this often (a crash loses at most this much); 0 counts nothing. */
    readonly usageFlushSeconds: number;
  };
}

/**
 * The demo provider's webhook secret when DEMO_WEBHOOK_SECRET is not set: published, so events
 * signed with it are taken from loopback clients only.
 */
export { ConfigError } from './config-env';

export const DEFAULT_DEMO_WEBHOOK_SECRET = 'whsec_demo_no_money_moves';

/** DATABASE_READ_URL names a replica of DATABASE_URL, so it needs DATABASE_URL. */
function readUrl(env: Env): string | undefined {
  const read = url(env, 'DATABASE_READ_URL', ['postgres:', 'postgresql:']);
  if (read && !str(env, 'DATABASE_URL')) {
    throw new ConfigError(
      'DATABASE_READ_URL',
      'needs DATABASE_URL (the primary it replicates); the embedded database has no replica',
    );
  }
  return read;
}

/** STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together, or neither (then the demo provider). */
function stripeSettings(env: Env): AppConfig['checkout']['stripe'] {
  const secretKey = str(env, 'STRIPE_SECRET_KEY');
  const webhookSecret = str(env, 'STRIPE_WEBHOOK_SECRET');
  const apiBase = url(env, 'STRIPE_API_BASE', ['https:', 'http:']);
  if (!secretKey && !webhookSecret) {
    if (str(env, 'NODE_ENV') === 'production') {
      throw new ConfigError(
        'STRIPE_SECRET_KEY',
        'and STRIPE_WEBHOOK_SECRET must be set when NODE_ENV=production: without them the ' +
          'checkout runs the demo provider, which gives live keys away (no money moves)',
      );
    }
    return undefined;
  }
  if (!secretKey)
    throw new ConfigError('STRIPE_SECRET_KEY', 'must be set with STRIPE_WEBHOOK_SECRET');
  if (!webhookSecret)
    throw new ConfigError('STRIPE_WEBHOOK_SECRET', 'must be set with STRIPE_SECRET_KEY');
  if (!/^(sk|rk)_(test|live)_/.test(secretKey))
    throw new ConfigError(
      'STRIPE_SECRET_KEY',
      'must be a Stripe secret key (sk_test_…, sk_live_…)',
    );
  if (!webhookSecret.startsWith('whsec_'))
    throw new ConfigError('STRIPE_WEBHOOK_SECRET', 'must be a webhook signing secret (whsec_…)');
  if (!str(env, 'PUBLIC_URL'))
    throw new ConfigError(
      'PUBLIC_URL',
      'must be set with STRIPE_SECRET_KEY: Stripe sends paid buyers back to it (e.g. ' +
        "https://api.example.com); without it they would be sent to this machine's localhost",
    );
  return { secretKey, webhookSecret, ...(apiBase ? { apiBase } : {}) };
}

/** Unset: the checkout's addresses are relative to the page's origin (the demo provider only). */
function publicUrl(env: Env): string | undefined {
  const raw = url(env, 'PUBLIC_URL', ['https:', 'http:']);
  if (raw === undefined) return undefined;
  const u = new URL(raw);
  if (u.search || u.hash) throw new ConfigError('PUBLIC_URL', 'must not have a query or fragment');
  return raw.replace(/\/+$/, '');
}

/** An explicit DEMO_WEBHOOK_SECRET (32+ characters, taken as written), never the published one. */
function demoWebhookSecret(env: Env): string | undefined {
  const v = secret(env, 'DEMO_WEBHOOK_SECRET');
  if (v === DEFAULT_DEMO_WEBHOOK_SECRET)
    throw new ConfigError('DEMO_WEBHOOK_SECRET', 'must not be the published default');
  return v;
}

/** METRICS_PORT: unset, or a port other than PORT (0: any free port, as for PORT). */
function metricsPortOf(env: Env, port: number): number | undefined {
  if (str(env, 'METRICS_PORT') === undefined) return undefined;
  const n = int(env, 'METRICS_PORT', 0, 0, 65535);
  if (n !== 0 && n === port) {
    throw new ConfigError(
      'METRICS_PORT',
      `must differ from PORT (${port}): it is the scrapers' own`,
    );
  }
  return n;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * CHANGES_RETENTION_DAYS (default 90): read on its own too, by the import on the command line,
 * which prunes the change log without loading the service's whole configuration.
 */
export function changesRetentionDaysFrom(env: Env): number {
  return int(env, 'CHANGES_RETENTION_DAYS', 90, 1, 36500);
}

export function loadConfig(env: Env = process.env): AppConfig {
  const logLevel = (str(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  }
  const gatewayName = str(env, 'GATEWAY_NAME') ?? 'RapidAPI';
  if (!/^[A-Za-z0-9]+$/.test(gatewayName)) {
    throw new ConfigError('GATEWAY_NAME', 'must be letters and digits only');
  }
  const keyHashSecret = secret(env, 'KEY_HASH_SECRET');
  const port = int(env, 'PORT', 3000, 0, 65535);
  const metricsPort = metricsPortOf(env, port);
  return {
    port,
    host: str(env, 'HOST') ?? '0.0.0.0',
    metricsPort,
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    databaseReadUrl: readUrl(env),
    dataDir: str(env, 'DATA_DIR') ?? '.data',
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    logLevel: logLevel as AppConfig['logLevel'],
    db: {
      poolSize: int(env, 'DB_POOL_SIZE', 10, 1, 200),
      connectTimeoutMs: int(env, 'DB_CONNECT_TIMEOUT_MS', 3000, 100, 600000),
      statementTimeoutMs: int(env, 'DB_STATEMENT_TIMEOUT_MS', 5000, 100, 600000),
    },
    demoDoctors: int(env, 'DEMO_DOCTORS', 3000, 0, 1000000),
    freshnessDays: int(env, 'FRESHNESS_DAYS', 30, 1, 3650),
    signalsMinSample: int(env, 'SIGNALS_MIN_SAMPLE', 5, 1, 1000),
    changesRetentionDays: changesRetentionDaysFrom(env),
    bulk: {
      downloadsPerKey: int(env, 'BULK_DOWNLOADS_PER_KEY', 2, 1, 1000),
      downloadsPerInstance: int(env, 'BULK_DOWNLOADS_PER_INSTANCE', 32, 1, 100000),
      downloadMaxSeconds: int(env, 'BULK_DOWNLOAD_MAX_SECONDS', 1800, 1, 604800),
    },
    listsFromSql: flag(env, 'LISTS_FROM_SQL'),
    loadAfterEveryChange: flag(env, 'LOAD_AFTER_EVERY_CHANGE'),
    keyHashSecret,
    sandboxKey: str(env, 'SANDBOX_KEY'),
    gateway: {
      name: gatewayName,
      host: str(env, 'GATEWAY_HOST'),
      proxySecret: secret(env, 'GATEWAY_PROXY_SECRET'),
    },
    limits: {
      sandboxMaxLimit: int(env, 'SANDBOX_MAX_LIMIT', 10, 1, 100),
      sandboxMaxWindow: int(env, 'SANDBOX_MAX_WINDOW', 50, 1, 1000000),
      sandboxRatePerMin: int(env, 'SANDBOX_RATE_PER_MIN', 60, 1, 1000000),
      liveRatePerMin: int(env, 'LIVE_RATE_PER_MIN', 600, 1, 1000000),
      gatewayRatePerMin: int(env, 'GATEWAY_RATE_PER_MIN', 6000, 1, 1000000),
    },
    trustProxy: trustProxy(env),
    http: {
      maxUrlLength: int(env, 'MAX_URL_LENGTH', 4096, 256, 65536),
      maxHeaderBytes: int(env, 'MAX_HEADER_BYTES', 16384, 4096, 65536),
      bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 1024, 256, 1048576),
      requestTimeoutMs: int(env, 'REQUEST_TIMEOUT_MS', 30000, 1000, 600000),
      headersTimeoutMs: int(env, 'HEADERS_TIMEOUT_MS', 10000, 1000, 600000),
      keepAliveTimeoutMs: int(env, 'KEEP_ALIVE_TIMEOUT_MS', 5000, 1000, 600000),
    },
    authFailuresPerMin: int(env, 'AUTH_FAILURES_PER_MIN', 30, 1, 1000000),
    checkout: {
      priceCents: int(env, 'CHECKOUT_PRICE_CENTS', 500, 50, 100000000),
      ratePerMin: int(env, 'CHECKOUT_RATE_PER_MIN', 10, 1, 1000000),
      publicUrl: publicUrl(env),
      stripe: stripeSettings(env),
      demoWebhookSecret: demoWebhookSecret(env),
      demoPublic: flag(env, 'CHECKOUT_DEMO_PUBLIC'),
    },
    admin: {
      idleMinutes: int(env, 'ADMIN_IDLE_MINUTES', 30, 1, 1440),
      sessionHours: int(env, 'ADMIN_SESSION_HOURS', 12, 1, 720),
      passwordChecks: int(env, 'ADMIN_PASSWORD_CHECKS', 2, 1, 64),
      usageFlushSeconds: int(env, 'USAGE_FLUSH_SECONDS', 10, 0, 3600),
    },
  };
}
