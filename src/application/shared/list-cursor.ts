import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Tier } from '../../domain/keys/tier';
import { InvalidParamError } from '../../domain/shared/domain-error';
import { Page, PageRequest, SortKey } from '../../domain/shared/page';
import { effectivePage, PageBounds, TierCaps } from './page-caps';

/**
 * The lists a cursor can continue, each with the shape of its sort key (`s` text, `n` number):
 * the list's own order, ending with its unique key (decisions.md, Ordering).
 */
const KEY_SHAPES = {
  /** name_key, cpso_number */
  doctors: 'ss',
  /** distance (the cube chord of doctor_geo), name_key, cpso_number */
  'doctors-near': 'nss',
  /** rank, distance (0 without a location), name_key, cpso_number */
  search: 'nnss',
  /** name_key, clinic id */
  clinics: 'ss',
  /** distance, clinic id */
  'clinics-near': 'ns',
  /** wait_weeks, name_key, clinic id, specialty id */
  specialists: 'nssn',
  /** distance, clinic id, specialty id */
  'specialists-near': 'nsn',
  /** review_date (YYYY-MM-DD), review id: newest first */
  'doctor-reviews': 'ss',
  'clinic-reviews': 'ss',
} as const;

export type ListKind = keyof typeof KEY_SHAPES;

/** Which list a cursor belongs to and what it was asked with (filters, q, location, subject). */
export interface ListScope {
  readonly kind: ListKind;
  readonly query: unknown;
}

/** What a client sent to page a list. */
export interface PageInput {
  readonly limit?: number;
  readonly offset?: number;
  readonly cursor?: string;
}

/** The page to read and where it starts in the list (rows before it, as the client paged). */
export interface PagePlan {
  readonly request: PageRequest;
  /** Rows before this page: the offset, or the rows the cursor's pages had served. */
  readonly start: number;
  /** The last row the caller may reach plus one (the sandbox window), if capped. */
  readonly window?: number;
}

/** A cursor longer than this is not one of ours (ours are about 100-250 characters). */
const MAX_CURSOR_LENGTH = 1024;
/** Each text of a sort key: names and ids are far shorter. */
const MAX_KEY_TEXT = 512;
const TOKEN = /^[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{22}$/;
const VERSION = 1;

const MALFORMED =
  'cursor is malformed: send the nextCursor of a previous page exactly as it was received.';
const TAMPERED =
  'cursor was altered or was not issued by this API: send the nextCursor of a previous page exactly as it was received.';

/** Plain values with object keys sorted and undefined dropped; strings lower-cased (matching is). */
function canonical(v: unknown): unknown {
  if (typeof v === 'string') return v.trim().toLowerCase();
  if (Array.isArray(v)) return v.map(canonical);
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) {
      const x = (v as Record<string, unknown>)[k];
      if (x !== undefined) out[k] = canonical(x);
    }
    return out;
  }
  return v;
}

function scopeHash(scope: ListScope): string {
  return createHash('sha256')
    .update(`${scope.kind}\n${JSON.stringify(canonical(scope.query))}`)
    .digest('base64url')
    .slice(0, 16);
}

function validKey(kind: ListKind, key: unknown): key is SortKey {
  const shape = KEY_SHAPES[kind];
  if (!Array.isArray(key) || key.length !== shape.length) return false;
  return key.every((v, i) =>
    shape[i] === 'n'
      ? typeof v === 'number' && Number.isFinite(v)
      : typeof v === 'string' && v.length <= MAX_KEY_TEXT,
  );
}

/**
 * Cursors of the lists (issue 34, item 3): keyset paging on each list's own order, so a crawl
 * that spans an import sees every row that existed throughout exactly once. A cursor is
 * base64url of a compact JSON `[version, kind, scope, start, key]` (the list, a hash of the
 * query it was issued for, the rows served before the next page, the last row's sort key), then
 * `.` and a 128-bit HMAC-SHA256 of that text under a key derived from the service's key-hashing
 * secret (KEY_HASH_SECRET, which every instance already shares): any change to a cursor is
 * refused as 400 invalid_param, and the start it carries keeps the sandbox within its window.
 */
export class ListCursors {
  private readonly mac: Buffer;

  constructor(secret: string) {
    this.mac = createHmac('sha256', secret).update('gtad list cursor v1').digest();
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.mac)
      .update(payload)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }

  encode(scope: ListScope, start: number, key: SortKey): string {
    const payload = Buffer.from(
      JSON.stringify([VERSION, scope.kind, scopeHash(scope), start, key]),
    ).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The start and last key a cursor carries; 400 invalid_param unless it is one of ours, for this list and query. */
  decode(cursor: string, scope: ListScope): { start: number; key: SortKey } {
    if (cursor.length > MAX_CURSOR_LENGTH || !TOKEN.test(cursor))
      throw new InvalidParamError(MALFORMED);
    const [payload, mac] = cursor.split('.');
    const expected = Buffer.from(this.sign(payload));
    if (!timingSafeEqual(Buffer.from(mac), expected)) throw new InvalidParamError(TAMPERED);
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw new InvalidParamError(MALFORMED);
    }
    if (!Array.isArray(parsed) || parsed.length !== 5 || parsed[0] !== VERSION)
      throw new InvalidParamError(MALFORMED);
    const [, kind, hash, start, key] = parsed as unknown[];
    if (kind !== scope.kind)
      throw new InvalidParamError(
        'cursor belongs to another list: a cursor only continues the list whose page gave it.',
      );
    if (hash !== scopeHash(scope))
      throw new InvalidParamError(
        'cursor was issued for other parameters: send the same filters, q and location as the page that gave it, or start again without cursor.',
      );
    if (typeof start !== 'number' || !Number.isSafeInteger(start) || start < 0)
      throw new InvalidParamError(MALFORMED);
    if (!validKey(scope.kind, key)) throw new InvalidParamError(MALFORMED);
    return { start, key };
  }

  /**
   * The page to read: by offset, or after a cursor's key (not both: 400 invalid_param), within
   * the interface's bounds and the tier's caps. The sandbox's window counts the rows the
   * cursor's pages served, so a cursor reaches no further than offsets do.
   */
  plan(
    input: PageInput,
    tier: Tier | undefined,
    caps: TierCaps,
    bounds: PageBounds,
    scope: ListScope,
  ): PagePlan {
    const window = tier === 'sandbox' ? caps.sandboxMaxWindow : undefined;
    if (input.cursor === undefined) {
      const request = effectivePage(input.limit, input.offset, tier, caps, bounds);
      return { request, start: request.offset, window };
    }
    if (input.offset !== undefined)
      throw new InvalidParamError(
        'cursor and offset cannot be sent together: page with one or the other.',
      );
    const { start, key } = this.decode(input.cursor, scope);
    const { limit } = effectivePage(input.limit, start, tier, caps, bounds);
    return { request: { limit, offset: 0, after: key }, start, window };
  }

  /**
   * The cursor of the page after `page`, or null: on a short page (the list ended), a page of no
   * rows asked for, or at the end of the sandbox's window.
   */
  next(plan: PagePlan, scope: ListScope, page: Page<unknown>): string | null {
    const count = page.items.length;
    const end = plan.start + count;
    const full = page.full ?? count >= plan.request.limit;
    if (plan.request.limit === 0 || !full || count === 0 || !page.lastKey) return null;
    if (plan.window !== undefined && end >= plan.window) return null;
    return this.encode(scope, end, page.lastKey);
  }
}
