import '@fastify/csrf-protection';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Tier, TIERS } from '../../../domain/keys/tier';
import { SIGNED_OUT_BINDING } from '../web-setup';

/** The dashboard's navigation, with the current page marked. */
export function adminNav(current: string) {
  return [
    { href: '/admin', label: 'Overview' },
    { href: '/admin/keys', label: 'Keys' },
    { href: '/admin/keys/new', label: 'Issue a key' },
    { href: '/admin/orders', label: 'Orders' },
    { href: '/admin/audit', label: 'Audit log' },
    { href: '/admin/operators', label: 'Operators' },
    { href: '/admin/account', label: 'Account' },
  ].map((l) => ({ ...l, current: l.href === current }));
}

/** A CSRF token for this request's forms, bound to its session (or to "signed out"). */
export function csrfToken(req: FastifyRequest, reply: FastifyReply): string {
  return reply.generateCsrf({ userInfo: req.csrfBinding ?? SIGNED_OUT_BINDING });
}

/** What every signed-in page needs: navigation, the operator, the sign-out form's token. */
export function pageBase(req: FastifyRequest, reply: FastifyReply, title: string, current: string) {
  const csrf = csrfToken(req, reply);
  return {
    title,
    nav: adminNav(current),
    operator: req.adminSession?.operator.email,
    signOutCsrf: csrf,
    csrf,
  };
}

export const PAGE_SIZE = 50;

/** `page` from a query string: 1 when absent or not a small positive whole number. */
export function pageNumber(raw: unknown): number {
  return typeof raw === 'string' && /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : 1;
}

export function tierParam(raw: unknown): Tier | undefined {
  return typeof raw === 'string' && (TIERS as readonly string[]).includes(raw)
    ? (raw as Tier)
    : undefined;
}

export const TIER_COLOURS: Record<Tier, string> = {
  live: '#0d47a1',
  gateway: '#2e7d32',
  admin: '#ef6c00',
  sandbox: '#9e9e9e',
};

/** Stacked bars of requests per day by tier, as numbers an SVG template draws. */
export function chartBars(
  usage: readonly { day: string; byTier: Record<Tier, number> }[],
  height = 160,
) {
  const totals = usage.map((u) => TIERS.reduce((s, t) => s + u.byTier[t], 0));
  const max = Math.max(1, ...totals);
  const order: Tier[] = ['sandbox', 'live', 'gateway', 'admin'];
  return {
    max,
    height,
    bars: usage.map((u, i) => {
      let y = height;
      const segments = order
        .filter((t) => u.byTier[t] > 0)
        .map((t) => {
          const h = Math.max(1, Math.round((u.byTier[t] / max) * height));
          y -= h;
          return { tier: t, y, h, colour: TIER_COLOURS[t], n: u.byTier[t] };
        });
      return { day: u.day, x: i * 20, total: totals[i], segments };
    }),
  };
}
