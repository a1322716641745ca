import { HistogramSeries, LATENCY_BUCKETS } from './series-histogram';

/** The route label of a request no route matched (any path: the label never holds a URL). */
export const UNMATCHED_ROUTE = 'unmatched';

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;
/** The credential tiers, and `none` for a request without one (public routes, refusals). */
export const TIER_LABELS = ['sandbox', 'live', 'gateway', 'admin', 'none'] as const;

function tierIndex(tier: string | undefined): number {
  switch (tier) {
    case 'sandbox':
      return 0;
    case 'live':
      return 1;
    case 'gateway':
      return 2;
    case 'admin':
      return 3;
    default:
      return 4;
  }
}

/**
 * Requests by route template, method, status class and credential tier: each combination's
 * latency histogram (whose count is the number of requests) is created on its first request and
 * found again through two map lookups and an array index, so recording a request allocates
 * nothing and hashes no label string.
 */
export class RequestMetrics {
  /** route template → method → series by status class and tier. */
  private readonly routes = new Map<string, Map<string, (HistogramSeries | undefined)[]>>();
  /** Every series created, in order (what a scrape renders). */
  readonly series: HistogramSeries[] = [];

  /**
   * One answered request: `route` is the matched route's template (undefined when none matched),
   * `seconds` the time from its arrival to the end of its answer.
   */
  record(
    route: string | undefined,
    method: string,
    status: number,
    tier: string | undefined,
    seconds: number,
  ): void {
    const r = route ?? UNMATCHED_ROUTE;
    let byMethod = this.routes.get(r);
    if (byMethod === undefined) {
      byMethod = new Map();
      this.routes.set(r, byMethod);
    }
    let slots = byMethod.get(method);
    if (slots === undefined) {
      slots = new Array<HistogramSeries | undefined>(STATUS_CLASSES.length * TIER_LABELS.length);
      byMethod.set(method, slots);
    }
    let cls = (status / 100) | 0;
    if (cls < 1 || cls > 5) cls = 5;
    const t = tierIndex(tier);
    const i = (cls - 1) * TIER_LABELS.length + t;
    let s = slots[i];
    if (s === undefined) {
      s = new HistogramSeries(LATENCY_BUCKETS, {
        route: r,
        method,
        status_class: STATUS_CLASSES[cls - 1],
        tier: TIER_LABELS[t],
      });
      slots[i] = s;
      this.series.push(s);
    }
    s.observe(seconds);
  }
}
