import autocannon from 'autocannon';
import { machineBusyMs, processCpuMs } from './cpu';
import { Endpoint } from './endpoints';
import { quantile, round } from './stats';

export interface LoadOptions {
  readonly origin: string;
  readonly apiKey: string;
  readonly connections: number;
  readonly durationSec: number;
  readonly warmupSec: number;
  readonly serialRequests: number;
  /** The service's pid, to measure its CPU time per request. */
  readonly servicePid?: number;
}

export interface LoadResult {
  readonly requests: number;
  readonly rps: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
  readonly non2xx: number;
  readonly statusCodes: Record<string, number>;
  readonly errors: number;
  readonly timeouts: number;
  /** Median latency of requests sent one at a time on one connection (no queueing). */
  readonly serialP50: number | null;
  /** CPU time of the service process per request under load (ms): the framework's and the driver's share. */
  readonly serviceCpuMsPerRequest: number | null;
  /** Busy CPU time of the whole machine per request under load (ms): service, PostgreSQL, the load generator, anything else. */
  readonly machineCpuMsPerRequest: number | null;
}

interface Run {
  latencies: number[];
  statusCodes: Record<string, number>;
  result: autocannon.Result;
}

const API_PREFIX = '/api/v1';

function run(opts: autocannon.Options): Promise<Run> {
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, result) =>
      err ? reject(err) : resolve({ latencies, statusCodes, result }),
    );
    // autocannon's own histogram has 1 ms resolution: keep every response time (ms, fractional).
    instance.on(
      'response',
      (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
        latencies.push(responseTime);
        statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
      },
    );
  });
}

/**
 * Drives one endpoint: a warm-up, then `durationSec` at `connections` connections, each
 * connection cycling through the endpoint's URLs from its own starting point; then a few
 * requests one at a time for the unloaded latency.
 */
export async function loadEndpoint(endpoint: Endpoint, o: LoadOptions): Promise<LoadResult> {
  const requests = endpoint.targets.map((t) => ({ method: 'GET', path: `${API_PREFIX}${t.path}` }));
  let nextClient = 0;
  const setupClient = (client: autocannon.Client) => {
    // Spread the starting points so that the connections do not ask the same URL in step.
    const k = Math.floor((nextClient++ * requests.length) / o.connections) % requests.length;
    client.setRequests([...requests.slice(k), ...requests.slice(0, k)]);
  };
  const base = {
    url: o.origin,
    headers: { authorization: `Bearer ${o.apiKey}`, accept: 'application/json' },
    requests,
    timeout: 10,
  };
  if (o.warmupSec > 0)
    await run({ ...base, connections: o.connections, duration: o.warmupSec, setupClient });
  nextClient = 0;
  const cpu0 = o.servicePid ? processCpuMs(o.servicePid) : null;
  const busy0 = machineBusyMs();
  const loaded = await run({
    ...base,
    connections: o.connections,
    duration: o.durationSec,
    setupClient,
  });
  const cpu1 = o.servicePid ? processCpuMs(o.servicePid) : null;
  const busy1 = machineBusyMs();
  let serialP50: number | null = null;
  if (o.serialRequests > 0) {
    const serial = await run({
      ...base,
      connections: 1,
      amount: Math.max(o.serialRequests, requests.length),
    });
    serialP50 = round(quantile(serial.latencies, 0.5));
  }
  const n = loaded.latencies.length;
  const perRequest = (a: number | null, b: number | null) =>
    a === null || b === null || n === 0 ? null : round((b - a) / n, 3);
  const non2xx = Object.entries(loaded.statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .reduce((a, [, c]) => a + c, 0);
  return {
    requests: n,
    rps: round(n / loaded.result.duration, 0),
    p50: round(quantile(loaded.latencies, 0.5)),
    p90: round(quantile(loaded.latencies, 0.9)),
    p99: round(quantile(loaded.latencies, 0.99)),
    max: round(quantile(loaded.latencies, 1)),
    non2xx,
    statusCodes: loaded.statusCodes,
    errors: loaded.result.errors,
    timeouts: loaded.result.timeouts,
    serialP50,
    serviceCpuMsPerRequest: perRequest(cpu0, cpu1),
    machineCpuMsPerRequest: perRequest(busy0, busy1),
  };
}

/** One request, to check that an endpoint answers 200 before it is measured. */
export async function probe(
  origin: string,
  apiKey: string,
  path: string,
): Promise<{ status: number; body: string }> {
  const res = await fetch(`${origin}${API_PREFIX}${path}`, {
    headers: { authorization: `Bearer ${apiKey}` },
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, body: (await res.text()).slice(0, 300) };
}
