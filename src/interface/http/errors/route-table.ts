import FindMyWay, { HTTPVersion } from 'find-my-way';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * The routes the server knows, fed by Fastify's onRoute hook, so that a known path asked with
 * another method answers 405 with `Allow` instead of Fastify's 404.
 */
export class RouteTable {
  private readonly router = FindMyWay<HTTPVersion.V1>({
    ignoreTrailingSlash: true,
    ignoreDuplicateSlashes: true,
  });

  add(methods: string | string[], path: string): void {
    // The CORS plugin's catch-all preflight route (OPTIONS *) says nothing about a path.
    if (path === '*' || path === '/*') return;
    for (const m of Array.isArray(methods) ? methods : [methods]) {
      if ((METHODS as readonly string[]).includes(m) && !this.router.hasRoute(m as 'GET', path)) {
        this.router.on(m as 'GET', path, () => undefined);
      }
    }
  }

  allowedMethods(url: string): string[] {
    const path = url.split('?')[0];
    return METHODS.filter((m) => this.router.find(m, path) !== null);
  }
}
