import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/core.module';
import { ServiceMetrics } from './service-metrics';

/** The one path of the metrics port. */
export const METRICS_PATH = '/metrics';

function answerJson(
  res: ServerResponse,
  status: number,
  error: string,
  message: string,
  headers = {},
) {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(JSON.stringify({ error, message }));
}

/**
 * METRICS_PORT: a bare Node HTTP server on HOST:METRICS_PORT that serves GET /metrics and
 * nothing else (404 `not_found` elsewhere, 405 for another method), without credentials: the port
 * is for the scrapers' network, never published. It listens from the application's start (the
 * migrations and a first seed included) to its shutdown.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('Metrics');
  private server: Server | undefined;

  constructor(
    private readonly metrics: ServiceMetrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The address listened on (after the start). */
  get address(): AddressInfo | undefined {
    return (this.server?.address() as AddressInfo | null) ?? undefined;
  }

  async onApplicationBootstrap(): Promise<void> {
    const server = createServer((req, res) => void this.handle(req, res));
    server.keepAliveTimeout = this.config.http.keepAliveTimeoutMs;
    server.requestTimeout = this.config.http.requestTimeoutMs;
    server.headersTimeout = this.config.http.headersTimeoutMs;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.metricsPort ?? 0, this.config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    const a = this.address!;
    this.log.log(
      `metrics on http://${a.family === 'IPv6' ? `[${a.address}]` : a.address}:${a.port}${METRICS_PATH}`,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '').split('?')[0];
    if (path !== METRICS_PATH) {
      answerJson(res, 404, 'not_found', 'This port serves GET /metrics only.');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      answerJson(res, 405, 'method_not_allowed', `${req.method} is not allowed here; use GET.`, {
        Allow: 'GET, HEAD',
      });
      return;
    }
    try {
      const { contentType, text } = await this.metrics.scrape();
      res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : text);
    } catch (e) {
      this.log.error(`metrics scrape failed: ${(e as Error).message}`);
      answerJson(res, 500, 'internal_error', 'An unexpected error occurred.');
    }
  }
}
