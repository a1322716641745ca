import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Eta } from 'eta';

/**
 * Paths served as HTML pages outside `/api/v1` (checkout, admin dashboard, their stylesheet).
 * The HTTP factory keeps them out of the API's global prefix.
 */
export const WEB_PATH_PATTERNS = ['checkout', 'checkout/*path', 'admin', 'admin/*path'];

/** The one stylesheet of every page: simple.css (classless), served from the npm package. */
export const STYLESHEET_PATH = '/assets/simple.css';
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
export async function setupWeb(app: NestFastifyApplication): Promise<void> {
  await app.register(fastifyCookie);
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
