import createClient, {
  type Client,
  type ClientPathsWithMethod,
  type FetchResponse,
  type MaybeOptionalInit,
} from 'openapi-fetch';
import { DirectoryRequestError, toDirectoryError, type DirectoryError } from './errors';
import { readRateLimit, retryAfterSeconds, type RateLimitInfo } from './rate-limit';
import type { paths } from './generated/schema';

type Method = 'get' | 'post';
type Api = Client<paths>;

/** Every path with a GET (or POST) operation, relative to the base address (`/doctors`). */
export type GetPath = ClientPathsWithMethod<Api, 'get'>;
export type PostPath = ClientPathsWithMethod<Api, 'post'>;
type PathOf<M extends Method> = M extends 'get' ? GetPath : PostPath;

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** The init argument is optional when the operation needs no parameter. */
type InitArg<Init> = [RequiredKeys<Init>] extends [never] ? [Init?] : [Init];

type Operation<P extends keyof paths, M extends Method> = paths[P][M] & Record<string, unknown>;
/** The request options of an operation: `params.path`, `params.query`, headers, `parseAs`. */
export type InitOf<P extends keyof paths, M extends Method> = NonNullable<
  MaybeOptionalInit<paths[P], M>
>;
/** The success body of an operation (what `data` holds). */
export type DataOf<P extends keyof paths, M extends Method = 'get'> = NonNullable<
  FetchResponse<Operation<P, M>, object, `${string}/${string}`>['data']
>;

interface Outcome {
  status: number;
  rateLimit: RateLimitInfo;
  /** 429 answers retried before this one (retryOn429). */
  retries: number;
  /** The HTTP answer; absent on `network_error`. */
  response?: Response;
}

/** What every call resolves to: never a thrown error for an HTTP or network failure. */
export type DirectoryResult<T> =
  | (Outcome & { ok: true; data: T; error?: undefined; response: Response })
  | (Outcome & { ok: false; data?: undefined; error: DirectoryError });

export interface RetryPolicy {
  /** Retries after the first 429 (default 3). */
  maxRetries?: number;
  /** A `Retry-After` longer than this (seconds) is not waited for: the 429 is returned (default 60). */
  maxWaitSeconds?: number;
}

export interface GatewayCredential {
  /** The gateway key (`X-<name>-Key`). */
  key: string;
  /** The gateway host (`X-<name>-Host`). */
  host: string;
  /** The gateway vendor's name in the header names (the service's GATEWAY_NAME; default RapidAPI). */
  name?: string;
}

export interface DirectoryClientOptions {
  /** The base address, ending in the version segment: `https://host/api/v1` (or the gateway's). */
  baseUrl: string;
  /** A direct key, sent as `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  /** The marketplace gateway's credential; `apiKey` wins when both are given (as the service does). */
  gateway?: GatewayCredential;
  /** Wait and retry on 429 as `Retry-After` says. Off by default. */
  retryOn429?: boolean | RetryPolicy;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
  /** A fetch of your own (default: the global fetch). */
  fetch?: (request: Request) => Promise<Response>;
  /** How to wait between retries (default: setTimeout); tests pass a fake clock's. */
  sleep?: (ms: number) => Promise<void>;
  /** Called before each wait on a 429. */
  onRetry?: (retry: { attempt: number; waitSeconds: number; url: string }) => void;
}

export interface PageOptions {
  /** Rows per request (default: the query's `limit`, else 100, the service's cap). */
  pageSize?: number;
  /** The array to iterate; by default the answer's only top-level array (`doctors`, `clinics`, ...). */
  itemsKey?: string;
}

/** The required array properties of an answer: the list's items (`doctors`, `clinics`, ...). */
type ItemKeys<T> = {
  [K in keyof T]-?: object extends Pick<T, K>
    ? never
    : NonNullable<T[K]> extends readonly unknown[]
      ? K
      : never;
}[keyof T];
type IsList<T> = [ItemKeys<T>] extends [never]
  ? false
  : T extends { total: number }
    ? true
    : T extends { nextCursor: string | null }
      ? true
      : false;

/** Paths whose GET answers a list: an array of items with `total` or a `nextCursor`. */
export type ListPath = {
  [P in GetPath]: IsList<DataOf<P>> extends true ? P : never;
}[GetPath];

/** The item type of a list path: a `Doctor` for `/doctors`. */
export type ItemOf<P extends ListPath> =
  NonNullable<DataOf<P>[ItemKeys<DataOf<P>>]> extends readonly (infer U)[] ? U : never;

export interface Page<P extends ListPath> {
  items: ItemOf<P>[];
  data: DataOf<P>;
  total: number | null;
  /** The keyset cursor of the next page, when the service pages by cursor. */
  nextCursor: string | null;
  rateLimit: RateLimitInfo;
}

type ListArgs<P extends ListPath> = InitArg<InitOf<P, 'get'> & PageOptions>;

export interface DirectoryClient {
  /** A GET of any operation: `GET('/doctors/{cpso}', { params: { path: { cpso } } })`. */
  GET<P extends GetPath>(
    path: P,
    ...init: InitArg<InitOf<P, 'get'>>
  ): Promise<DirectoryResult<DataOf<P, 'get'>>>;
  /** A POST (key rotation). */
  POST<P extends PostPath>(
    path: P,
    ...init: InitArg<InitOf<P, 'post'>>
  ): Promise<DirectoryResult<DataOf<P, 'post'>>>;
  /** Each page of a list: the answer's `nextCursor` when it has one, else the next offset, up to `total`. */
  pages<P extends ListPath>(path: P, ...args: ListArgs<P>): AsyncGenerator<Page<P>>;
  /** Each item of a list, page after page; throws DirectoryRequestError when a page fails. */
  paginate<P extends ListPath>(path: P, ...args: ListArgs<P>): AsyncGenerator<ItemOf<P>>;
  /** The underlying openapi-fetch client (same credentials and retry; answers are not wrapped). */
  raw: Client<paths>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function retryPolicy(option: DirectoryClientOptions['retryOn429']): Required<RetryPolicy> | null {
  if (!option) return null;
  const given = option === true ? {} : option;
  return { maxRetries: given.maxRetries ?? 3, maxWaitSeconds: given.maxWaitSeconds ?? 60 };
}

function credentialHeaders(options: DirectoryClientOptions): Record<string, string> {
  if (options.apiKey !== undefined) return { Authorization: `Bearer ${options.apiKey}` };
  if (options.gateway) {
    const name = options.gateway.name ?? 'RapidAPI';
    return { [`X-${name}-Key`]: options.gateway.key, [`X-${name}-Host`]: options.gateway.host };
  }
  return {};
}

/**
 * A typed client of the directory API: `GET`/`POST` take the contract's paths with typed
 * parameters and answer a `DirectoryResult` (typed data or a typed error, the rate-limit fields,
 * and the retries made); `pages` and `paginate` walk a list to its end.
 *
 * ```ts
 * const api = createDirectoryClient({ baseUrl: 'http://localhost:3000/api/v1', apiKey });
 * for await (const doctor of api.paginate('/doctors', { params: { query: { accepting: true } } }))
 *   console.log(doctor.cpsoNumber, doctor.name);
 * ```
 */
export function createDirectoryClient(options: DirectoryClientOptions): DirectoryClient {
  const policy = retryPolicy(options.retryOn429);
  const sleep = options.sleep ?? realSleep;
  const baseFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const retriesOf = new WeakMap<Response, number>();

  const fetchWithRetry = async (request: Request): Promise<Response> => {
    for (let attempt = 0; ; attempt++) {
      const response = await baseFetch(request.clone());
      const wait =
        response.status === 429 && policy && attempt < policy.maxRetries
          ? (retryAfterSeconds(response.headers) ?? readRateLimit(response.headers).reset ?? 1)
          : null;
      if (wait === null || wait > policy!.maxWaitSeconds) {
        retriesOf.set(response, attempt);
        return response;
      }
      await response.body?.cancel().catch(() => undefined);
      options.onRetry?.({ attempt: attempt + 1, waitSeconds: wait, url: request.url });
      await sleep(wait * 1000);
    }
  };

  const api: Api = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { ...options.headers, ...credentialHeaders(options) },
    fetch: fetchWithRetry,
  });

  async function call(
    method: Method,
    path: string,
    init: unknown,
  ): Promise<DirectoryResult<unknown>> {
    let out: { data?: unknown; error?: unknown; response: Response };
    try {
      // The typed signatures are on GET/POST below; here the path and init are already checked.
      out = await (api.request as (m: string, p: string, i: unknown) => Promise<typeof out>)(
        method,
        path,
        init,
      );
    } catch (cause) {
      return {
        ok: false,
        status: 0,
        rateLimit: readRateLimit(undefined),
        retries: 0,
        error: {
          error: 'network_error',
          status: 0,
          message: cause instanceof Error ? cause.message : String(cause),
          cause,
        },
      };
    }
    const { response } = out;
    const rateLimit = readRateLimit(response.headers);
    const base = {
      status: response.status,
      rateLimit,
      retries: retriesOf.get(response) ?? 0,
      response,
    };
    if (response.ok) return { ...base, ok: true, data: out.data };
    return {
      ...base,
      ok: false,
      error: toDirectoryError(response.status, out.error, response.headers, rateLimit),
    };
  }

  function method<M extends Method>(m: M) {
    return <P extends PathOf<M>>(
      path: P,
      ...init: InitArg<InitOf<P, M>>
    ): Promise<DirectoryResult<DataOf<P, M>>> =>
      call(m, path, init[0]) as Promise<DirectoryResult<DataOf<P, M>>>;
  }

  async function* pages<P extends ListPath>(
    path: P,
    ...args: ListArgs<P>
  ): AsyncGenerator<Page<P>> {
    const { pageSize, itemsKey, ...init } = (args[0] ?? {}) as PageOptions & {
      params?: { query?: Record<string, unknown>; path?: Record<string, unknown> };
    };
    const query: Record<string, unknown> = { ...init.params?.query };
    const limit = pageSize ?? (typeof query.limit === 'number' ? query.limit : 100);
    let offset = typeof query.offset === 'number' ? query.offset : 0;
    // A cursor in the query starts there (the service refuses a cursor with an offset).
    let cursor: string | null = typeof query.cursor === 'string' ? query.cursor : null;
    delete query.cursor;
    let first = true;
    const page = (
      items: ItemOf<P>[],
      data: unknown,
      total: number | null,
      nextCursor: string | null,
      rateLimit: RateLimitInfo,
    ): Page<P> => ({ items, data: data as DataOf<P>, total, nextCursor, rateLimit });
    for (;;) {
      const q: Record<string, unknown> = { ...query, limit };
      if (cursor === null) q.offset = offset;
      else {
        delete q.offset;
        q.cursor = cursor;
      }
      const r = await call('get', path, { ...init, params: { ...init.params, query: q } });
      if (!r.ok) throw new DirectoryRequestError(r.error);
      const data = r.data as Record<string, unknown>;
      const items = itemsOf(data, itemsKey) as ItemOf<P>[];
      const total = typeof data.total === 'number' ? data.total : null;
      const nextCursor = typeof data.nextCursor === 'string' ? data.nextCursor : null;
      // An empty page ends the list; only a first one is shown (an empty list).
      if (items.length === 0) {
        if (first) yield page(items, r.data, total, nextCursor, r.rateLimit);
        return;
      }
      yield page(items, r.data, total, nextCursor, r.rateLimit);
      first = false;
      offset += items.length;
      // Done once `total` rows are read; else the answer's cursor (keyset paging) when it has
      // one, or the next offset.
      if (total !== null && offset >= total) return;
      cursor = nextCursor;
      if (cursor === null && total === null) return;
    }
  }

  async function* paginate<P extends ListPath>(
    path: P,
    ...args: ListArgs<P>
  ): AsyncGenerator<ItemOf<P>> {
    for await (const page of pages(path, ...args)) yield* page.items;
  }

  return { GET: method('get'), POST: method('post'), pages, paginate, raw: api };
}

/**
 * The items of a page: `itemsKey`, else the answer's only top-level array, else the array of
 * records that `count` counts (a batch lookup also carries `notFound`, an array of strings).
 */
function itemsOf(data: Record<string, unknown>, key: string | undefined): unknown[] {
  if (key !== undefined) {
    const v = data[key];
    if (!Array.isArray(v)) throw new Error(`The answer has no array "${key}"`);
    return v;
  }
  const arrays = Object.values(data).filter((v): v is unknown[] => Array.isArray(v));
  if (arrays.length === 0) throw new Error('The answer has no array of items');
  const counted = arrays.filter((a) => a.length === data.count);
  const records = (a: unknown[]) => a.every((x) => typeof x === 'object' && x !== null);
  return counted.find(records) ?? counted[0] ?? arrays[0];
}
