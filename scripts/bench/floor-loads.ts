import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rmSync, writeFileSync } from 'node:fs';
import { FloorCases } from './direct-sql-run';
import { Endpoint } from './endpoints';
import { LoadOptions, LoadResult, loadEndpoint } from './load';
import { FLOOR_MAIN } from './paths';
import { freePort, RunningService, serviceEnv, startService } from './service';

/** The floor server running now, if any (for the bench's clean-up on a signal). */
export const runningFloor: { current?: RunningService } = {};

/** Drives each floor case's URLs at the floor server (floor-server.ts), as the service's were. */
export async function floorLoads(
  url: string,
  endpoints: readonly Endpoint[],
  statements: FloorCases,
  o: Omit<LoadOptions, 'origin' | 'servicePid'>,
  log: (m: string) => void,
): Promise<Map<string, LoadResult>> {
  const out = new Map<string, LoadResult>();
  for (const e of endpoints) {
    const sent = statements.get(e.name);
    if (!sent) continue;
    const file = join(tmpdir(), `gtad-bench-floor-${process.pid}.json`);
    writeFileSync(file, JSON.stringify(sent));
    const port = await freePort();
    try {
      runningFloor.current = await startService(
        serviceEnv(url, '', port),
        port,
        60_000,
        FLOOR_MAIN,
        [file],
      );
      const origin = `http://127.0.0.1:${port}`;
      const r = await loadEndpoint(e, { ...o, origin, servicePid: runningFloor.current.pid });
      out.set(e.name, r);
      log(
        `  floor ${e.name.padEnd(29)} ${String(r.rps).padStart(6)} req/s  p50 ${r.p50.toFixed(2)}  p99 ${r.p99.toFixed(2)} ms  CPU/req ${r.serviceCpuMsPerRequest ?? '-'} ms`,
      );
    } finally {
      await runningFloor.current?.stop();
      runningFloor.current = undefined;
      rmSync(file, { force: true });
    }
  }
  return out;
}
