import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { mkdtempSync, rmSync, unlink } from 'node:fs';
import { FileHandle, open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import {
  BulkFileSnapshots,
  StoredBulkFile,
  SyncedType,
  SyncStore,
} from '../../../application/sync/sync.ports';
import { writeNdjson } from '../../directory-data/ndjson-writer';

/**
 * Files written from the database at once, each on a pooled connection in one REPEATABLE READ
 * transaction: the others wait for a turn (at most this many connections for bulk files).
 */
const WRITERS = 2;
/** Bytes a download reads from its file at a time. */
const READ_CHUNK = 64 * 1024;

/** One (version, type) file: being written, whole, or failed. */
class SnapshotFile {
  /** gzip bytes written to the file so far (readers never read past them). */
  size = 0;
  /** NDJSON bytes, known once the file is whole. */
  bytes: number | undefined;
  done = false;
  error: Error | undefined;
  private waiters: (() => void)[] = [];
  private ended!: () => void;
  /** Resolves when the file is whole or failed. */
  readonly written = new Promise<void>((resolve) => (this.ended = resolve));

  constructor(
    readonly version: string,
    readonly path: string,
    /** true once the writer's snapshot has the version (the file will follow), false when it is gone. */
    readonly opened: Promise<boolean>,
  ) {}

  /** Resolves at the next change: more bytes, the end, or a failure. */
  changed(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  grew(n: number): void {
    this.size += n;
    this.wake();
  }

  finish(bytes: number): void {
    this.bytes = bytes;
    this.done = true;
    this.ended();
    this.wake();
  }

  fail(e: Error): void {
    this.error = e;
    this.ended();
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}

/** A download's read of a file, from its first byte, waiting for the writer when it catches up. */
class SnapshotReader extends Readable {
  private pos = 0;

  constructor(
    private readonly file: SnapshotFile,
    private readonly fh: FileHandle,
  ) {
    super({ highWaterMark: READ_CHUNK });
  }

  override _read(): void {
    this.pump().catch((e: Error) => this.destroy(e));
  }

  private async pump(): Promise<void> {
    for (;;) {
      if (this.destroyed) return;
      const available = this.file.size - this.pos;
      if (available > 0) {
        const buf = Buffer.allocUnsafe(Math.min(available, READ_CHUNK));
        const { bytesRead } = await this.fh.read(buf, 0, buf.length, this.pos);
        if (bytesRead === 0) throw new Error('the bulk file is shorter than written');
        this.pos += bytesRead;
        this.push(buf.subarray(0, bytesRead));
        return;
      }
      if (this.file.error) throw this.file.error;
      if (this.file.done) {
        this.push(null);
        return;
      }
      await this.file.changed();
    }
  }

  override _destroy(err: Error | null, cb: (error?: Error | null) => void): void {
    this.fh.close().then(
      () => cb(err),
      () => cb(err),
    );
  }
}

/**
 * The bulk files, each written once per (data version, type) to a file of this process (gzip
 * NDJSON, under os.tmpdir(), in a folder of the process removed at shutdown) from one read of
 * the database, then served from it to every download: a slow client holds a file descriptor,
 * never a database connection or a transaction. Downloads that come while a file is written read
 * it as it grows. When a newer version is seen, the older versions' files are deleted (downloads
 * already reading one keep it open to their end).
 *
 * Same bytes on every instance: the records come in key order from one snapshot of the version,
 * written by the NDJSON writer through zlib's gzip with its defaults, whose output does not depend
 * on how the input was split.
 */
@Injectable()
export class FileBulkSnapshots extends BulkFileSnapshots implements OnModuleDestroy {
  private dir: string | undefined;
  private readonly files = new Map<string, SnapshotFile>();
  private writing = 0;
  private readonly turns: (() => void)[] = [];
  private closed = false;

  constructor(private readonly store: SyncStore) {
    super();
  }

  async open(version: string, type: SyncedType): Promise<StoredBulkFile | null> {
    const current = await this.store.currentVersion();
    this.forgetOtherVersions(current.version);
    if (current.version !== version) return null;
    const key = `${version}/${type}`;
    let file = this.files.get(key);
    if (!file) {
      file = this.start(version, type);
      this.files.set(key, file);
    }
    if (!(await file.opened)) {
      if (this.files.get(key) === file) this.files.delete(key);
      return null;
    }
    let fh: FileHandle;
    try {
      fh = await open(file.path, 'r');
    } catch (e) {
      // Deleted meanwhile: a newer version was seen (or the write failed).
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
    const whole = file.done && !file.error;
    const gzip = new SnapshotReader(file, fh);
    return {
      gzip,
      gzipBytes: whole ? file.size : undefined,
      bytes: whole ? file.bytes : undefined,
      written: file.written,
      close: () => gzip.destroy(),
    };
  }

  onModuleDestroy(): void {
    this.closed = true;
    for (const file of this.files.values()) if (!file.done) file.fail(new Error('shutting down'));
    this.files.clear();
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }

  /** Starts writing a file; its `opened` settles once the version is checked in the snapshot. */
  private start(version: string, type: SyncedType): SnapshotFile {
    this.dir ??= mkdtempSync(join(tmpdir(), 'gtad-bulk-'));
    const path = join(this.dir, `${version}-${type}.ndjson.gz`);
    let settle!: (ok: boolean) => void;
    let refuse!: (e: Error) => void;
    const opened = new Promise<boolean>((resolve, reject) => {
      settle = resolve;
      refuse = reject;
    });
    // A download that saw the version refused must not leave an unhandled rejection behind.
    opened.catch(() => undefined);
    const file = new SnapshotFile(version, path, opened);
    this.write(file, type, settle).catch((e: Error) => {
      refuse(e);
      file.fail(e);
      const key = `${version}/${type}`;
      if (this.files.get(key) === file) this.files.delete(key);
      unlink(path, () => undefined);
    });
    return file;
  }

  private async write(
    file: SnapshotFile,
    type: SyncedType,
    settle: (ok: boolean) => void,
  ): Promise<void> {
    await this.turn();
    try {
      if (this.closed) throw new Error('shutting down');
      const records = await this.store.openFile(file.version, type);
      if (!records) {
        settle(false);
        return;
      }
      let fh: FileHandle | undefined;
      try {
        fh = await open(file.path, 'wx', 0o600);
        settle(true);
        const out = fh;
        const gzip = createGzip();
        const sink = new Writable({
          write(chunk: Buffer, _encoding, done) {
            out.write(chunk).then(() => {
              file.grew(chunk.length);
              done();
            }, done);
          },
        });
        const written = pipeline(gzip, sink);
        written.catch(() => undefined);
        try {
          await writeNdjson(records.records, gzip, () => {
            if (this.closed) throw new Error('shutting down');
          });
        } catch (e) {
          gzip.destroy();
          throw e;
        }
        gzip.end();
        await written;
        file.finish(gzip.bytesWritten);
      } finally {
        await records.close();
        await fh?.close();
      }
    } finally {
      this.nextTurn();
      // Forgotten while it was written (a newer version was seen): nobody will open it again.
      if (this.files.get(`${file.version}/${type}`) !== file) unlink(file.path, () => undefined);
    }
  }

  /** Drops (and deletes) the files of every version but `current`. */
  private forgetOtherVersions(current: string): void {
    for (const [key, file] of this.files) {
      if (file.version === current) continue;
      this.files.delete(key);
      unlink(file.path, () => undefined);
    }
  }

  private turn(): Promise<void> {
    if (this.writing < WRITERS) {
      this.writing++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.turns.push(resolve));
  }

  private nextTurn(): void {
    const next = this.turns.shift();
    if (next) next();
    else this.writing--;
  }
}
