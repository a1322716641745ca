import { join } from 'node:path';
import {
  browserSuite,
  SCREENSHOTS as SHOTS,
  useBrowserApp,
  watchConsole,
} from '../support/browser';

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
