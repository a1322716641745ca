import { SnapshotMetric } from './snapshot-metric';

const IMPORT_TYPES = ['clinic', 'doctor', 'offering', 'review'] as const;

/**
 * The imports this instance heard of through `directory_changed` (docs/metrics.md): their runs,
 * records by type, seconds, the last one's seconds and time, from the notification's payload.
 */
export class ImportMetrics {
  private readonly imports = {
    runs: 0,
    seconds: 0,
    lastSeconds: 0,
    lastAt: 0,
    records: { clinic: 0, doctor: 0, offering: 0, review: 0 } as Record<string, number>,
  };

  metrics(): SnapshotMetric[] {
    const out: SnapshotMetric[] = [];
    this.register((m) => out.push(m));
    return out;
  }

  private register(add: (m: SnapshotMetric) => void): void {
    const i = this.imports;
    const help = ' (imports this instance heard of through directory_changed; see docs/metrics.md)';
    add(
      new SnapshotMetric(
        'gtad_import_runs_total',
        `Imports that changed the directory${help}`,
        'counter',
        () => [{ labels: {}, value: i.runs }],
      ),
    );
    add(
      new SnapshotMetric(
        'gtad_import_records_total',
        `Records those imports applied (accepted by their checks), by type${help}`,
        'counter',
        () => IMPORT_TYPES.map((type) => ({ labels: { type }, value: i.records[type] })),
      ),
    );
    add(
      new SnapshotMetric(
        'gtad_import_seconds_total',
        `Seconds those imports ran, from their start to the change's notification${help}`,
        'counter',
        () => [{ labels: {}, value: i.seconds }],
      ),
    );
    add(
      new SnapshotMetric(
        'gtad_import_last_seconds',
        `Seconds the last import ran${help}`,
        'gauge',
        () => [{ labels: {}, value: i.lastSeconds }],
      ),
    );
    add(
      new SnapshotMetric(
        'gtad_import_last_timestamp_seconds',
        `When the last import was heard of (Unix time; 0: none since this instance started)${help}`,
        'gauge',
        () => [{ labels: {}, value: i.lastAt }],
      ),
    );
  }

  /** A `directory_changed` notification: an import's counts and seconds, when it sent them. */
  heard(payload: string): void {
    let body: { reason?: unknown; records?: Record<string, unknown>; seconds?: unknown };
    try {
      body = JSON.parse(payload) as typeof body;
    } catch {
      return;
    }
    if (body?.reason !== 'import') return;
    const i = this.imports;
    i.runs++;
    i.lastAt = Date.now() / 1000;
    const seconds = typeof body.seconds === 'number' && body.seconds >= 0 ? body.seconds : 0;
    i.seconds += seconds;
    i.lastSeconds = seconds;
    for (const type of IMPORT_TYPES) {
      const n = body.records?.[type];
      if (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0) i.records[type] += n;
    }
  }
}
