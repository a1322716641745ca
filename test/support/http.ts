import { NestFastifyApplication } from '@nestjs/platform-fastify';

// Response bodies are whatever JSON the API answered; tests assert on their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface HttpResult<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Record<string, string | string[] | number | undefined>;
}

/** A request through the real Fastify stack (no socket), under /api/v1. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function call<T = any>(
  app: NestFastifyApplication,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS',
  path: string,
  headers: Record<string, string> = {},
  payload?: string,
): Promise<HttpResult<T>> {
  const r = await app.inject({ method, url: `/api/v1${path}`, headers, payload });
  let body: unknown = r.body;
  if (String(r.headers['content-type'] ?? '').includes('application/json') && r.body.length > 0)
    body = JSON.parse(r.body);
  return { status: r.statusCode, body: body as T, text: r.body, headers: r.headers };
}
