/**
 * A small reader of Prometheus's text format (what /metrics answers): every sample line as its
 * name, labels and value, checked line by line so a malformed line fails the test.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/y;

export function parsePrometheusText(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    if (m[2] !== undefined && m[2] !== '') {
      LABEL.lastIndex = 0;
      while (LABEL.lastIndex < m[2].length) {
        const l = LABEL.exec(m[2]);
        if (!l) throw new Error(`bad labels: ${line}`);
        labels[l[1]] = l[2].replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
      }
    }
    // Prometheus reads NaN in any case (prom-client writes `Nan`).
    const nan = m[3].toLowerCase() === 'nan';
    const value = m[3] === '+Inf' ? Infinity : m[3] === '-Inf' ? -Infinity : Number(m[3]);
    if (Number.isNaN(value) && !nan) throw new Error(`bad value: ${line}`);
    samples.push({ name: m[1], labels, value });
  }
  return samples;
}

/** The samples of `name` whose labels include `labels`. */
export function samplesOf(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): Sample[] {
  return samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
}

/** The value of the one sample of `name` with exactly these labels, or 0 when there is none. */
export function valueOf(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number {
  const found = samples.filter(
    (s) =>
      s.name === name &&
      Object.keys(s.labels).length === Object.keys(labels).length &&
      Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name}`);
  return found[0]?.value ?? 0;
}
