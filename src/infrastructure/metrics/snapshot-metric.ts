import { collectDefaultMetrics, Registry } from 'prom-client';
import { HistogramSeries } from './series-histogram';

export type LabelValues = Record<string, string | number>;
export interface MetricValue {
  value: number;
  labels: LabelValues;
  metricName?: string;
}

/**
 * A metric whose values are computed at scrape time from plain counters kept elsewhere (the
 * request histograms, the pools' watches): prom-client's registry renders anything with a name,
 * a type and `get()`.
 */
export class SnapshotMetric {
  readonly aggregator = 'sum';
  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: 'counter' | 'gauge' | 'histogram',
    private readonly values: () => MetricValue[],
  ) {}

  get() {
    return Promise.resolve({
      name: this.name,
      help: this.help,
      type: this.type,
      values: this.values(),
      aggregator: this.aggregator,
    });
  }
}

let processMetrics: Registry | undefined;

/**
 * Node's default metrics (CPU, memory, heap, event-loop lag, GC) belong to the process, and
 * collecting them starts process-wide monitors that are never stopped: one registry per process,
 * shared by every application in it, rendered before each application's own.
 */
export function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

/** A histogram series as Prometheus's text wants it: cumulative buckets, +Inf, sum and count. */
export function histogramValues(
  name: string,
  s: HistogramSeries,
  extra: LabelValues = {},
): MetricValue[] {
  const labels = { ...s.labels, ...extra };
  const out: MetricValue[] = [];
  let cumulative = 0;
  for (let i = 0; i < s.bounds.length; i++) {
    cumulative += s.counts[i];
    out.push({
      metricName: `${name}_bucket`,
      labels: { ...labels, le: s.bounds[i] },
      value: cumulative,
    });
  }
  out.push({ metricName: `${name}_bucket`, labels: { ...labels, le: '+Inf' }, value: s.count });
  out.push({ metricName: `${name}_sum`, labels, value: s.sum });
  out.push({ metricName: `${name}_count`, labels, value: s.count });
  return out;
}
