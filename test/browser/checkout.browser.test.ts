import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';
import { seedDemoData } from '../../src/infrastructure/seed/demo-data.seeder';
import { chromiumPath, freePort } from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * The purchase in a real browser (Debian's Chromium through playwright-core), on a phone-sized
 * window and a desktop one: the pages work, the policy blocks nothing they need, the key is shown
 * once, the copy button copies it. Screenshots go to test-results/ to be looked at.
 */
const executablePath = chromiumPath();
const SHOTS = join(__dirname, '..', '..', 'test-results', 'screenshots');
const suite = executablePath ? describe : describe.skip;
if (!executablePath) {
  console.warn(
    'SKIPPED browser tests: no chromium (apt-get install chromium, or set CHROMIUM_PATH)',
  );
}

suite('checkout in a real browser', () => {
  let db: TestDatabase;
  let t: TestApp;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    db = await createTestDatabase('checkout_browser');
    await seedDemoData(db.dataSource, { doctors: 30, seed: 3 });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp(db, { PUBLIC_URL: base });
    await t.app.listen(port, '127.0.0.1');
    browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await db?.drop();
  });

  /** Fails the test on any console error (a CSP violation is one). */
  function watchConsole(page: Page): string[] {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    return errors;
  }

  it.each([
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 900 }],
  ])('buys a live key on a %s-sized window and sees it once', async (label, viewport) => {
    const context = await browser.newContext({ viewport, baseURL: base });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const page = await context.newPage();
    const errors = watchConsole(page);

    await page.goto('/checkout');
    await page.screenshot({ path: join(SHOTS, `checkout-${label}.png`), fullPage: true });
    // Readable on a phone: nothing wider than the window.
    const overflow = await page.evaluate<number>(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: /Buy a live key/ }).click();

    await page.waitForURL(/\/checkout\/demo\//);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(
      /Demo payment: no money moves/,
    );
    await page.screenshot({ path: join(SHOTS, `demo-pay-${label}.png`), fullPage: true });
    await page.getByRole('button', { name: /^Pay/ }).click();

    await page.waitForURL(/\/checkout\/complete\?session_id=/);
    const key = (await page.locator('#live-key').inputValue()).trim();
    expect(key).toMatch(/^gtad_live_/);
    await page.screenshot({ path: join(SHOTS, `key-shown-${label}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Copy the key' }).click();
    await expect(page.getByRole('button', { name: 'Copied' }).isVisible()).resolves.toBe(true);
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(key);

    await page.reload();
    expect(await page.locator('#live-key').count()).toBe(0);
    await expect(page.locator('main').textContent()).resolves.toMatch(/already been shown/);
    await page.screenshot({ path: join(SHOTS, `already-shown-${label}.png`), fullPage: true });

    // The key works against the API.
    const r = await fetch(`${base}/api/v1/doctors?limit=20`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(r.status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('cancelling on the demo page returns to the checkout with a message', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      baseURL: base,
    });
    const page = await context.newPage();
    await page.goto('/checkout');
    await page.getByRole('button', { name: /Buy a live key/ }).click();
    await page.waitForURL(/\/checkout\/demo\//);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/checkout\?cancelled=1/);
    await expect(page.locator('main').textContent()).resolves.toMatch(/Checkout cancelled/);
    await context.close();
  });
});
