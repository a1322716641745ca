/**
 * A histogram's counts for one set of label values: a plain object of numbers, so recording an
 * observation allocates nothing and hashes nothing (prom-client's labelled `observe` builds and
 * hashes a label string on every call). The metrics registry renders these at scrape time.
 */
export class HistogramSeries {
  count = 0;
  sum = 0;
  /** Observations per bucket (not cumulative); the last slot is above the highest bound. */
  readonly counts: Float64Array;

  constructor(
    readonly bounds: readonly number[],
    readonly labels: Readonly<Record<string, string>>,
  ) {
    this.counts = new Float64Array(bounds.length + 1);
  }

  observe(value: number): void {
    const bounds = this.bounds;
    let i = 0;
    while (i < bounds.length && value > bounds[i]) i++;
    this.counts[i]++;
    this.count++;
    this.sum += value;
  }
}

/** Request latency buckets (seconds): the service answers most reads in 1-5 ms. */
export const LATENCY_BUCKETS: readonly number[] = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];

/** Connection checkout buckets (seconds): an idle connection is handed over in microseconds. */
export const ACQUIRE_BUCKETS: readonly number[] = [
  0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 2.5, 5,
];
