/**
 * Port: a cache of directory reads. Directory data changes only when it is replaced as a whole,
 * so an adapter may keep answers until it learns of a change, bounded by `ttlMs`.
 */
export abstract class ReadCache {
  abstract getOrLoad<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T>;
  /** Forgets one answer (found stale by its reader). */
  abstract forget(key: string): void;
}

/** No caching: every read goes to the repository. */
export class NoReadCache extends ReadCache {
  getOrLoad<T>(_key: string, _ttlMs: number, load: () => Promise<T>): Promise<T> {
    return load();
  }

  forget(): void {}
}

/**
 * Keeps every answer until told to forget it, with no bound and no expiry: for tools and tests
 * that play a warm instance (the benchmark's direct SQL, the plans of short walks).
 */
export class KeepingReadCache extends ReadCache {
  private readonly kept = new Map<string, Promise<unknown>>();

  getOrLoad<T>(key: string, _ttlMs: number, load: () => Promise<T>): Promise<T> {
    if (!this.kept.has(key)) this.kept.set(key, load());
    return this.kept.get(key) as Promise<T>;
  }

  forget(key: string): void {
    this.kept.delete(key);
  }
}
