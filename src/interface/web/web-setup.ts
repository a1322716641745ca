import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import type { FastifyRequest } from 'fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Eta } from 'eta';

/**
 * Paths served as HTML pages outside `/api/v1` (checkout, admin dashboard, their stylesheet).
 * The HTTP factory keeps them out of the API's global prefix.
 */
export const WEB_PATH_PATTERNS = ['checkout', 'checkout/*path', 'admin', 'admin/*path'];

/** The one stylesheet of every page: simple.css (classless), served from the npm package. */
export const STYLESHEET_PATH = '/assets/simple.css';
/** The cookie holding the dashboard's CSRF secret. */
export const CSRF_COOKIE = '__Host-gtad_csrf';
/** What CSRF tokens are bound to before sign-in (the sign-in form). */
export const SIGNED_OUT_BINDING = 'signed-out';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session a CSRF token must be bound to (set by the dashboard's guard). */
    csrfBinding?: string;
  }
}

/** The one script: copy buttons (pages work without it; no inline script anywhere). */
export const COPY_SCRIPT_PATH = '/assets/copy.js';

/** Templates live beside this file in src/ (tsc does not copy them into dist/). */
function viewsDir(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('web views: package.json not found above ' + __dirname);
    dir = up;
  }
  return join(dir, 'src', 'interface', 'web', 'views');
}

export const VIEWS_DIR = viewsDir();

/**
 * Registers what the server-rendered pages share: cookies, the Eta template engine
 * (auto-escaping `<%= %>`) and the stylesheet. Form bodies (`application/x-www-form-urlencoded`)
 * are parsed by the Nest Fastify adapter's own parser (it registers one at init, so
 * @fastify/formbody would clash with it). Call before `app.init()`.
 */
export async function setupWeb(app: NestFastifyApplication, csrfHmacKey: Buffer): Promise<void> {
  await app.register(fastifyCookie);
  // CSRF tokens of the dashboard's forms: the secret in a __Host- cookie, each token bound by HMAC
  // to the session it was made for (a tossed cookie cannot forge one); checked by AdminPageGuard.
  await app.register(fastifyCsrf, {
    cookieKey: CSRF_COOKIE,
    cookieOpts: { path: '/', secure: true, httpOnly: true, sameSite: 'strict' },
    getUserInfo: (req: FastifyRequest) => req.csrfBinding ?? SIGNED_OUT_BINDING,
    getToken: (req: FastifyRequest) =>
      (req.body as { _csrf?: unknown } | undefined)?._csrf as string,
    csrfOpts: { hmacKey: csrfHmacKey },
  });
  app.setViewEngine({
    engine: { eta: new Eta({ views: VIEWS_DIR, autoEscape: true, cache: true }) },
    templates: VIEWS_DIR,
  });
  const css = readFileSync(resolve(require.resolve('simpledotcss/simple.min.css')));
  const copyJs = readFileSync(join(VIEWS_DIR, '..', 'assets', 'copy.js'));
  const fastify = app.getHttpAdapter().getInstance();
  const asset = (path: string, type: string, body: Buffer) =>
    fastify.get(path, (_req, reply) => {
      void reply
        .header('Content-Type', type)
        .header('Cache-Control', 'public, max-age=86400')
        .send(body);
    });
  asset(STYLESHEET_PATH, 'text/css; charset=utf-8', css);
  asset(COPY_SCRIPT_PATH, 'text/javascript; charset=utf-8', copyJs);
}
