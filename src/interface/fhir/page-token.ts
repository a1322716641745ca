import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { InvalidParamError } from '../../domain/shared/domain-error';

/**
 * The opaque `_page` of a `next` link: base64url JSON `{o: offset, q: the search's digest}` and
 * an HMAC of it (the key derived from KEY_HASH_SECRET, so every instance reads another's links).
 * A token changed by hand, or sent with other search parameters than it was made for, is a 400.
 */
export class PageTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('gtad fhir page token').digest();
  }

  static digest(query: string): string {
    return createHash('sha256').update(query).digest('base64url').slice(0, 16);
  }

  make(offset: number, query: string): string {
    const body = Buffer.from(JSON.stringify({ o: offset, q: PageTokens.digest(query) })).toString(
      'base64url',
    );
    return `${body}.${this.sign(body)}`;
  }

  /** The offset a token stands for, checked against the search it comes with. */
  read(token: string, query: string): number {
    const bad = () =>
      new InvalidParamError(
        "_page is not a page link of this search (follow the Bundle's next link as given).",
      );
    const [body, mac, ...rest] = token.split('.');
    if (!body || !mac || rest.length) throw bad();
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw bad();
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      throw bad();
    }
    const { o, q } = (parsed ?? {}) as { o?: unknown; q?: unknown };
    if (!Number.isSafeInteger(o) || (o as number) < 0 || q !== PageTokens.digest(query))
      throw bad();
    return o as number;
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url').slice(0, 22);
  }
}

/** The search's own parameters, in their order, without `_page`: what a token is bound to. */
export function canonicalQuery(rawUrl: string): string {
  const q = rawUrl.indexOf('?');
  const params = new URLSearchParams(q < 0 ? '' : rawUrl.slice(q + 1));
  params.delete('_page');
  return params.toString();
}
