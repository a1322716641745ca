import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';

/** Debian's chromium (CI installs it), or CHROMIUM_PATH; undefined when absent. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const c of candidates) {
    if (!c) continue;
    try {
      execFileSync(c, ['--version'], { stdio: 'ignore', timeout: 20_000 });
      return c;
    } catch {
      // try the next one
    }
  }
  return undefined;
}

/** A free TCP port on 127.0.0.1 (the app must know its public address before it listens). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}
