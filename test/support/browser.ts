import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';
import { seedDemoData } from '../../src/infrastructure/seed/demo-data.seeder';
import { createTestApp, TestApp } from './test-app';
import { createTestDatabase, TestDatabase } from './test-database';

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

/** Where the browser tests put their screenshots (git-ignored), to be looked at. */
export const SCREENSHOTS = join(__dirname, '..', '..', 'test-results', 'screenshots');

/** `describe` when Chromium is here, else `describe.skip` with a line saying so. */
export function browserSuite(): jest.Describe {
  if (chromiumPath()) return describe;
  console.warn(
    'SKIPPED browser tests: no chromium (apt-get install chromium, or set CHROMIUM_PATH)',
  );
  return describe.skip;
}

/** Collects console errors and page errors (a Content-Security-Policy violation is one). */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

export interface BrowserApp {
  db: TestDatabase;
  t: TestApp;
  browser: Browser;
  base: string;
}

/**
 * Registers the suite's beforeAll/afterAll: a database of its own with a small demo directory
 * (plus `prepare`), the real app listening on `host` (localhost is a secure context, so Secure
 * cookies work over plain HTTP), and Chromium.
 */
export function useBrowserApp(
  label: string,
  opts: {
    host?: string;
    env?: Record<string, string>;
    prepare?: (db: TestDatabase) => Promise<void>;
  } = {},
): BrowserApp {
  const ctx = {} as BrowserApp;
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ctx.db = await createTestDatabase(label);
    await seedDemoData(ctx.db.dataSource, { doctors: 30, seed: 3 });
    await opts.prepare?.(ctx.db);
    const port = await freePort();
    ctx.base = `http://${opts.host ?? '127.0.0.1'}:${port}`;
    ctx.t = await createTestApp(ctx.db, { PUBLIC_URL: ctx.base, ...opts.env });
    await ctx.t.app.listen(port, '127.0.0.1');
    ctx.browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.t?.close();
    await ctx.db?.drop();
  });
  return ctx;
}
