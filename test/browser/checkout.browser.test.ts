import { mkdirSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';
import { seedDemoData } from '../../src/infrastructure/seed/demo-data.seeder';
import {
  browserSuite,
  chromiumPath,
  freePort,
  SCREENSHOTS as SHOTS,
  useBrowserApp,
  watchConsole,
} from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * The purchase in a real browser (Debian's Chromium through playwright-core), on a phone-sized
 * window and a desktop one: the pages work, the policy blocks nothing they need, the key is shown
 * once, the copy button copies it. Screenshots go to test-results/ to be looked at.
 */
browserSuite()('checkout in a real browser', () => {
  const ctx = useBrowserApp('checkout_browser');

  it.each([
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 900 }],
  ])('buys a live key on a %s-sized window and sees it once', async (label, viewport) => {
    const context = await ctx.browser.newContext({ viewport, baseURL: ctx.base });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ctx.base });
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
    // The label changes once the clipboard write has resolved (asynchronously): wait for it.
    await page.getByRole('button', { name: 'Copied' }).waitFor({ timeout: 5000 });
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(key);

    await page.reload();
    expect(await page.locator('#live-key').count()).toBe(0);
    await expect(page.locator('main').textContent()).resolves.toMatch(/already been shown/);
    await page.screenshot({ path: join(SHOTS, `already-shown-${label}.png`), fullPage: true });

    // The key works against the API.
    const r = await fetch(`${ctx.base}/api/v1/doctors?limit=20`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(r.status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('cancelling on the demo page returns to the checkout with a message', async () => {
    const context = await ctx.browser.newContext({
      viewport: { width: 390, height: 844 },
      baseURL: ctx.base,
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

  it('answers a bad address with a readable error page, not JSON', async () => {
    const context = await ctx.browser.newContext({
      viewport: { width: 390, height: 844 },
      baseURL: ctx.base,
    });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const r = await page.goto('/checkout/complete');
    expect(r?.status()).toBe(400);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'That did not work',
    );
    await expect(page.locator('main').textContent()).resolves.toMatch(/needs the session_id/);
    await page.screenshot({ path: join(SHOTS, 'error-400-phone.png'), fullPage: true });
    const missing = await page.goto('/checkout/demo/nothing-here');
    expect(missing?.status()).toBe(404);
    await page.screenshot({ path: join(SHOTS, 'error-404-phone.png'), fullPage: true });
    // The 4xx answers themselves are the only console lines (Chromium logs failed loads).
    expect(errors.every((e) => /status of 40[04]/.test(e))).toBe(true);
    await context.close();
  });
});

/**
 * Issue 30, 4(a) and 4(b): no PUBLIC_URL, PORT as `npm start` has it, the service opened at
 * 127.0.0.1 (or a LAN address) rather than localhost. The demo's addresses follow the page's
 * origin, so the purchase completes; two checkouts in one browser each keep their own claim.
 */
browserSuite()('the demo checkout without PUBLIC_URL, at 127.0.0.1 and a LAN address', () => {
  let db: TestDatabase;
  let local: TestApp;
  let open: TestApp;
  let browser: Browser;
  let port: number;
  let openPort: number;
  /** A non-loopback address of this machine (the LAN case), when it has one. */
  const lan = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    db = await createTestDatabase('checkout_browser_origin');
    await seedDemoData(db.dataSource, { doctors: 30, seed: 4 });
    [port, openPort] = [await freePort(), await freePort()];
    // PUBLIC_URL unset (empty counts as unset) and PORT known, as after `npm start`.
    local = await createTestApp(db, { PUBLIC_URL: '', PORT: String(port) });
    await local.app.listen(port, '0.0.0.0');
    open = await createTestApp(db, {
      PUBLIC_URL: '',
      PORT: String(openPort),
      CHECKOUT_DEMO_PUBLIC: 'true',
    });
    await open.app.listen(openPort, '0.0.0.0');
    browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    await browser?.close();
    await local?.close();
    await open?.close();
    await db?.drop();
  });

  /** Buy at `base` in `page`: Buy, then Pay on the demo page; returns the key shown. */
  async function buyAndPay(page: Page, base: string, shot?: string): Promise<string> {
    await page.goto(`${base}/checkout`);
    if (shot) await page.screenshot({ path: join(SHOTS, `origin-checkout-${shot}.png`) });
    await page.getByRole('button', { name: /Buy a live key/ }).click();
    await page.waitForURL(`${base}/checkout/demo/**`);
    if (shot) await page.screenshot({ path: join(SHOTS, `origin-demo-pay-${shot}.png`) });
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL(`${base}/checkout/complete?session_id=*`);
    const key = (await page.locator('#live-key').inputValue()).trim();
    if (shot)
      await page.screenshot({ path: join(SHOTS, `origin-key-${shot}.png`), fullPage: true });
    return key;
  }
  const works = async (base: string, key: string) =>
    (
      await fetch(`${base}/api/v1/doctors?limit=20`, {
        headers: { authorization: `Bearer ${key}` },
      })
    ).status;

  it.each([
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 900 }],
  ])(
    'buys a key at http://127.0.0.1:PORT/checkout on a %s-sized window and sees it',
    async (label, viewport) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const errors = watchConsole(page);
      const base = `http://127.0.0.1:${port}`;
      const key = await buyAndPay(page, base, label);
      expect(key).toMatch(/^gtad_live_/);
      // The usage example names the address the page was opened at.
      await expect(page.locator('main pre').textContent()).resolves.toContain(
        `${base}/api/v1/doctors`,
      );
      expect(await works(base, key)).toBe(200);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('a second checkout in the same browser leaves the first one its key', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const base = `http://127.0.0.1:${port}`;
    const first = await context.newPage();
    await first.goto(`${base}/checkout`);
    await first.getByRole('button', { name: /Buy a live key/ }).click();
    await first.waitForURL(`${base}/checkout/demo/**`);
    // Another tab buys (and pays) before the first tab pays.
    const secondKey = await buyAndPay(await context.newPage(), base);
    await first.getByRole('button', { name: /^Pay/ }).click();
    await first.waitForURL(`${base}/checkout/complete?session_id=*`);
    const firstKey = (await first.locator('#live-key').inputValue()).trim();
    expect(firstKey).toMatch(/^gtad_live_/);
    expect(firstKey).not.toBe(secondKey);
    expect(await works(base, firstKey)).toBe(200);
    expect(await works(base, secondKey)).toBe(200);
    await context.close();
  });

  (lan ? it : it.skip)(
    'at a LAN address: refused unless CHECKOUT_DEMO_PUBLIC=true, then it completes',
    async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`http://${lan}:${port}/checkout`);
      await expect(page.locator('main').textContent()).resolves.toMatch(/CHECKOUT_DEMO_PUBLIC/);
      expect(await page.getByRole('button', { name: /Buy a live key/ }).count()).toBe(0);
      await page.screenshot({ path: join(SHOTS, 'origin-lan-refused-phone.png'), fullPage: true });
      const base = `http://${lan}:${openPort}`;
      const key = await buyAndPay(page, base);
      expect(await works(base, key)).toBe(200);
      await context.close();
    },
  );
});
