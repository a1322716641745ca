import { TestApp } from './test-app';

export interface WebPage {
  status: number;
  text: string;
  location?: string;
  headers: Record<string, string | string[] | number | undefined>;
}

/**
 * A browser-like client over app.inject: keeps cookies (Secure ones too: tests stand in for
 * https), sends Sec-Fetch-Site same-origin on posts as browsers do, and reads forms' CSRF tokens.
 */
export class WebClient {
  readonly cookies = new Map<string, string>();
  lastCsrf: string | undefined;

  constructor(
    private readonly app: TestApp,
    readonly ip = '203.0.113.10',
  ) {}

  async get(url: string, headers: Record<string, string> = {}): Promise<WebPage> {
    return this.send('GET', url, undefined, headers);
  }

  /** A form post; `_csrf` defaults to the token of the last page read. */
  async post(
    url: string,
    form: Record<string, string> = {},
    headers: Record<string, string> = {},
  ): Promise<WebPage> {
    const body = new URLSearchParams({ _csrf: this.lastCsrf ?? '', ...form }).toString();
    return this.send('POST', url, body, {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      ...headers,
    });
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private async send(
    method: 'GET' | 'POST',
    url: string,
    payload: string | undefined,
    headers: Record<string, string>,
  ): Promise<WebPage> {
    const r = await this.app.app.inject({
      method,
      url,
      payload,
      remoteAddress: this.ip,
      headers: { ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}), ...headers },
    });
    const set = r.headers['set-cookie'];
    for (const c of Array.isArray(set) ? set : set ? [String(set)] : []) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      if (value === '' || /Expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const csrf = /name="_csrf" value="([^"]+)"/.exec(r.body)?.[1];
    if (csrf) this.lastCsrf = csrf;
    return {
      status: r.statusCode,
      text: r.body,
      location: r.headers.location,
      headers: r.headers,
    };
  }
}
