import { join } from 'node:path';
import { Page } from 'playwright-core';
import { runKeysCommand } from '../../src/interface/cli/commands/keys.command';
import { runOperatorsCommand } from '../../src/interface/cli/commands/operators.command';
import {
  browserSuite,
  SCREENSHOTS as SHOTS,
  useBrowserApp,
  watchConsole,
} from '../support/browser';
import { TEST_KEY_HASH_SECRET } from '../support/test-app';

/**
 * The dashboard in a real browser (Debian's Chromium through playwright-core): sign in, issue an
 * admin key, use it against the API, revoke it, see the API refuse it, sign out; a screenshot of
 * every page under test-results/screenshots (desktop, and a phone-sized window).
 */
const EMAIL = 'oncall@example.com';
const PASSWORD = 'the 2 a.m. password';

browserSuite()('admin dashboard in a real browser', () => {
  // localhost: a secure context, so the Secure __Host- cookies work over plain HTTP in tests.
  const ctx = useBrowserApp('admin_browser', {
    host: 'localhost',
    env: { USAGE_FLUSH_SECONDS: '1' },
    prepare: (db) =>
      runOperatorsCommand(['add', EMAIL], db.dataSource, async () => PASSWORD).then(
        () => undefined,
      ),
  });

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: join(SHOTS, `admin-${name}.png`), fullPage: true });

  async function signIn(page: Page) {
    await page.goto('/admin');
    await page.waitForURL(/\/admin\/sign-in/);
    await page.getByLabel('E-mail address').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${ctx.base}/admin`);
  }

  it('signs in, issues an admin key, uses it, revokes it, sees the API refuse it, signs out', async () => {
    const context = await ctx.browser.newContext({
      viewport: { width: 1280, height: 900 },
      baseURL: ctx.base,
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ctx.base });
    const page = await context.newPage();
    const errors = watchConsole(page);

    await page.goto('/admin/sign-in');
    await shot(page, 'sign-in');
    await signIn(page);
    await shot(page, 'overview');

    await page.getByRole('link', { name: 'Issue a key' }).click();
    await shot(page, 'issue-key');
    await page.getByLabel('Tier').selectOption('admin');
    await page.getByLabel(/Label/).fill('browser test');
    await page.getByRole('button', { name: 'Issue the key' }).click();
    const key = (await page.locator('#new-key').inputValue()).trim();
    expect(key).toMatch(/^gtad_admin_/);
    await page.getByRole('button', { name: 'Copy the key' }).click();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(key);
    await shot(page, 'key-issued');

    const use = await fetch(`${ctx.base}/api/v1/doctors?limit=100`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(use.status).toBe(200);

    await page.getByRole('link', { name: 'See it in the list' }).click();
    await shot(page, 'keys');
    await page.getByRole('link', { name: 'Revoke' }).click();
    await shot(page, 'revoke-confirm');
    await page.getByRole('button', { name: /^Revoke gtad_admin_/ }).click();
    await page.waitForURL(/\/admin\/keys\/[0-9a-f-]{36}\/revoke$/);
    await expect(page.locator('main').textContent()).resolves.toMatch(
      new RegExp(`Revoked: ${key.slice(0, 17)}\\.`),
    );
    await shot(page, 'revoked');

    const refused = await fetch(`${ctx.base}/api/v1/doctors?limit=1`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(refused.status).toBe(401);

    await page.getByRole('link', { name: 'Orders' }).click();
    await expect(page.locator('main').textContent()).resolves.toMatch(/No orders yet/);
    await shot(page, 'orders');
    await page.getByRole('link', { name: 'Audit log' }).click();
    const audit = (await page.locator('main').textContent())!;
    expect(audit).toMatch(/key_issued/);
    expect(audit).toMatch(/key_revoked/);
    expect(audit).toMatch(/sign_in/);
    await shot(page, 'audit');
    await page.getByRole('link', { name: 'Account' }).click();
    await shot(page, 'account');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/admin\/sign-in\?signed_out=1/);
    await page.goto('/admin/keys');
    await page.waitForURL(/\/admin\/sign-in/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('revokes the key a customer rotated to while the revoke page was open, and says so (desktop and phone)', async () => {
    for (const viewport of [
      { width: 1280, height: 900, name: '' },
      { width: 390, height: 844, name: '-phone' },
    ]) {
      const issued = await runKeysCommand(['issue', 'live', '--label', 'rotating customer'], {
        dataSource: ctx.db.dataSource,
        keyHashSecret: TEST_KEY_HASH_SECRET,
        config: ctx.t.config,
      });
      const { key: k1, key_prefix: p1 } = issued as { key: string; key_prefix: string };
      const context = await ctx.browser.newContext({ viewport, baseURL: ctx.base });
      const page = await context.newPage();
      const errors = watchConsole(page);
      await signIn(page);
      await page.goto(`/admin/keys?prefix=${p1}`);
      await page.getByRole('link', { name: 'Revoke' }).click();
      await shot(page, `revoke-chain-confirm${viewport.name}`);
      // The customer rotates meanwhile.
      const rotated = await fetch(`${ctx.base}/api/v1/keys/rotate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${k1}` },
      });
      const { key: k2, key_prefix: p2 } = (await rotated.json()) as {
        key: string;
        key_prefix: string;
      };
      await page.getByRole('button', { name: `Revoke ${p1}` }).click();
      const text = (await page.locator('main').textContent())!;
      expect(text).toContain(`Revoked: ${p2}.`);
      expect(text).toMatch(/rotated it since/);
      await shot(page, `revoke-chain-done${viewport.name}`);
      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      );
      expect(overflow).toBe(0);
      const refused = await fetch(`${ctx.base}/api/v1/doctors?limit=1`, {
        headers: { authorization: `Bearer ${k2}` },
      });
      expect(refused.status).toBe(401);
      await page.goto(`/admin/keys?prefix=${p1.slice(0, 12)}`);
      await shot(page, `keys-chain${viewport.name}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('works on a phone-sized window, with the chart counting the requests made', async () => {
    const context = await ctx.browser.newContext({
      viewport: { width: 390, height: 844 },
      baseURL: ctx.base,
    });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await signIn(page);
    // The first test's requests were flushed (every second here): today has admin requests.
    await new Promise((r) => setTimeout(r, 1500));
    await page.reload();
    const today = new Date().toISOString().slice(0, 10);
    expect(
      await page.locator(`svg rect title:text-matches("^${today} admin: [1-9]")`).count(),
    ).toBe(1);
    await shot(page, 'overview-phone');
    await page.goto('/admin/keys');
    await shot(page, 'keys-phone');
    // Nothing wider than the window (tables scroll inside their figure); revoking is in reach.
    for (const path of [
      '/admin',
      '/admin/keys',
      '/admin/audit',
      '/admin/operators',
      '/admin/orders',
      '/admin/account',
    ]) {
      await page.goto(path);
      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      );
      expect({ path, overflow }).toEqual({ path, overflow: 0 });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
