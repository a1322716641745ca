import type { FastifyReply } from 'fastify';
import type {} from '@fastify/view';

/** Pages never stay in a cache: they may show a key once, or an order's state. */
export async function renderPage(
  reply: FastifyReply,
  template: string,
  data: Record<string, unknown>,
  status = 200,
): Promise<void> {
  const html = await reply.viewAsync(template, data);
  await reply
    .status(status)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** Paths answered with HTML pages (errors on them too), except the webhook, which speaks JSON. */
export function isHtmlPage(url: string): boolean {
  const path = url.split('?')[0];
  if (path === '/checkout/webhook') return false;
  return /^\/(checkout|admin)(\/|$)/.test(path);
}

/** An error as a page: the status, a heading and the message (never a stack or SQL). */
export async function renderErrorPage(
  reply: FastifyReply,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): Promise<void> {
  void reply.headers(headers);
  const title =
    status === 404
      ? 'Not found'
      : status === 429
        ? 'Too many requests'
        : status >= 500
          ? 'Something went wrong'
          : 'That did not work';
  await renderPage(reply, 'error.eta', { title, message, status }, status);
}

/** Thrown by a page that needs a signed-in operator: the error filter answers 303 to sign-in. */
export class SignInRequired extends Error {
  readonly location = '/admin/sign-in';
  constructor() {
    super('sign-in required');
    this.name = 'SignInRequired';
  }
}
