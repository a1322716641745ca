import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { call, HttpResult } from './http';

/**
 * A client's copy of the directory (issue 34): taken from the bulk snapshot (GET /api/v1/bulk and
 * its NDJSON files), then kept current by following GET /api/v1/changes. Shared by the sync
 * tests; the record by record comparison is left to each test (it asserts on what it wants).
 */

/** An interchange record, as served by the bulk files and the change feed. */
export type SyncRecord = Record<string, unknown> & { type: string };
/** The copy: each record under its interchange key (keyOf). */
export type Copy = Map<string, SyncRecord>;

/** A change of the feed: an upsert with its record, or a delete tombstone with its key. */
export interface FeedChange {
  type: string;
  op: 'upsert' | 'delete';
  key: Record<string, unknown>;
  record?: SyncRecord;
}

/** A page of the feed as answered. */
export interface FeedPage {
  changes: FeedChange[];
  count: number;
  next: string;
  hasMore: boolean;
  dataVersion: string;
  transactionTime: string;
}

/** The interchange key of a record or of a change's key, as one string. */
export function keyOf(type: string, r: Record<string, unknown>): string {
  if (type === 'doctor') return `doctor:${r.cpsoNumber as string}`;
  if (type === 'offering') {
    const c = r.clinic as { source: string; sourceId: string };
    return `offering:${c.source}/${c.sourceId}/${(r.specialty as string).toLowerCase()}`;
  }
  return `${type}:${r.source as string}/${r.sourceId as string}`;
}

/** The keys whose records differ between two copies (present in one only, or not equal). */
export function differingKeys(a: Copy, b: Copy): Set<string> {
  const out = new Set<string>();
  for (const [k, rec] of a) if (!b.has(k) || !sameRecord(rec, b.get(k)!)) out.add(k);
  for (const k of b.keys()) if (!a.has(k)) out.add(k);
  return out;
}

/** Deep equality of two JSON records (object keys in any order). */
export function sameRecord(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
    );
  return v;
}

/** The position a change cursor names (base64url of `<position>.<check>`). */
export function cursorPosition(cursor: string): number {
  return Number(Buffer.from(cursor, 'base64url').toString().split('.')[0]);
}

/** How a follow went: the cursor to send next, the pages read and every change in order. */
export interface FollowResult {
  cursor: string;
  pages: FeedPage[];
  changes: FeedChange[];
}

/**
 * A sync client over the real HTTP stack (app.inject), with a key that may take the snapshot
 * (live, gateway or admin). Every request it sends is counted in `requests`.
 */
export class SyncClient {
  requests = 0;

  constructor(
    private readonly app: NestFastifyApplication,
    private readonly headers: Record<string, string>,
  ) {}

  async get(path: string): Promise<HttpResult> {
    this.requests++;
    return call(this.app, 'GET', path.replace(/^(https?:\/\/[^/]+)?\/api\/v1/, ''), this.headers);
  }

  /**
   * The bulk snapshot: the manifest, then every file it lists, into a new copy. Each file's lines
   * are counted against the manifest and each record is checked to be of the file's type. Throws
   * when a file is 410 (the manifest was older than the directory).
   */
  async takeSnapshot(): Promise<{ manifest: Record<string, unknown>; copy: Copy }> {
    const m = await this.get('/bulk');
    if (m.status !== 200) throw new Error(`GET /bulk: ${m.status} ${m.text}`);
    const copy: Copy = new Map();
    for (const out of m.body.output as { type: string; url: string; count: number }[]) {
      const r = await this.get(out.url);
      if (r.status !== 200) throw new Error(`GET ${out.url}: ${r.status} ${r.text}`);
      const lines = r.text === '' ? [] : r.text.trimEnd().split('\n');
      if (lines.length !== out.count)
        throw new Error(`${out.url}: ${lines.length} lines, the manifest says ${out.count}`);
      for (const line of lines) {
        const rec = JSON.parse(line) as SyncRecord;
        if (rec.type !== out.type) throw new Error(`${out.url}: a ${rec.type} record`);
        const k = keyOf(rec.type, rec);
        if (copy.has(k)) throw new Error(`${out.url}: ${k} twice`);
        copy.set(k, rec);
      }
    }
    return { manifest: m.body as Record<string, unknown>, copy };
  }

  /** The current version as the feed reads it (uncached): its cursor and data version. */
  async current(): Promise<{ next: string; dataVersion: string }> {
    const r = await this.get('/changes');
    if (r.status !== 200) throw new Error(`GET /changes: ${r.status} ${r.text}`);
    return { next: r.body.next as string, dataVersion: r.body.dataVersion as string };
  }

  /**
   * A snapshot of the current version: the manifest is cached until the service hears
   * `directory_changed` (an asynchronous notification), so right after an import it may still
   * name the previous version for a moment; this waits (up to `waitMs`) until the manifest names
   * the version the feed reads, then takes the snapshot.
   */
  async freshSnapshot(waitMs = 5000): Promise<{ manifest: Record<string, unknown>; copy: Copy }> {
    const until = Date.now() + waitMs;
    for (;;) {
      const { dataVersion } = await this.current();
      const m = await this.get('/bulk');
      if (m.body.dataVersion === dataVersion) {
        try {
          const s = await this.takeSnapshot();
          if (s.manifest.dataVersion === dataVersion) return s;
        } catch (e) {
          if (Date.now() > until) throw e;
        }
      }
      if (Date.now() > until)
        throw new Error(`the manifest still names ${m.body.dataVersion}, not ${dataVersion}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /**
   * Follows the feed from `since`, `limit` changes a page, until hasMore is false, applying
   * each change to `copy` in order (upsert: the record under its key; delete: the key removed).
   * `onPage` runs as soon as a page is answered, before it is applied.
   */
  async follow(
    copy: Copy,
    since: string,
    limit: number,
    onPage: (page: FeedPage, copyBefore: Copy) => Promise<void> = async () => undefined,
    apply: (copy: Copy, c: FeedChange) => void = applyChange,
  ): Promise<FollowResult> {
    let cursor = since;
    const pages: FeedPage[] = [];
    const changes: FeedChange[] = [];
    for (let n = 0; n < 10_000; n++) {
      const r = await this.get(`/changes?since=${cursor}&limit=${limit}`);
      if (r.status !== 200) throw new Error(`GET /changes?since=${cursor}: ${r.status} ${r.text}`);
      const page = r.body as FeedPage;
      pages.push(page);
      await onPage(page, copy);
      for (const c of page.changes) {
        changes.push(c);
        apply(copy, c);
      }
      cursor = page.next;
      if (!page.hasMore) return { cursor, pages, changes };
    }
    throw new Error('the feed never ended');
  }
}

/** A client's application of one change (the documented sync loop). */
export function applyChange(copy: Copy, c: FeedChange): void {
  const k = keyOf(c.type, c.key);
  if (c.op === 'upsert') {
    if (!c.record || keyOf(c.type, c.record) !== k)
      throw new Error(`an upsert of ${k} with the record of another key`);
    copy.set(k, c.record);
  } else {
    if (c.record !== undefined) throw new Error(`a delete of ${k} with a record`);
    copy.delete(k);
  }
}
