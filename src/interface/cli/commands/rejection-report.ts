import { once } from 'node:events';
import { FileHandle, open, rm } from 'node:fs/promises';
import { WriteStream } from 'node:fs';
import { Rejection } from '../../../application/directory-data/directory-import.ports';

/** Fresh names tried for the default report when earlier ones exist (`.rejected-2.ndjson`, ...). */
const MAX_FRESH_NAMES = 1000;

/**
 * The rejection report of one import. It only ever writes a file it created itself: the file is
 * created exclusively (`wx`) before the import begins, so an existing file is never truncated,
 * and at the end it is deleted only when nothing was refused (it is still the empty file this
 * import created). A path given with `--report` that exists is refused up front; the default
 * path (`<file>.rejected.ndjson`) moves to the first free `<file>.rejected-N.ndjson` instead, so
 * an earlier run's report is kept.
 */
export class RejectionReport {
  private count = 0;

  private constructor(
    readonly path: string,
    private readonly stream: WriteStream,
  ) {}

  static async create(given: string | undefined, input: string): Promise<RejectionReport> {
    if (given !== undefined) {
      const handle = await open(given, 'wx').catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'EEXIST')
          throw new Error(
            `--report ${given}: the file exists, and an import never overwrites a file; remove it or name a new one`,
          );
        throw e;
      });
      return new RejectionReport(given, handle.createWriteStream());
    }
    const base = input === '-' ? `import-${Date.now()}` : input;
    for (let n = 1; n <= MAX_FRESH_NAMES; n++) {
      const path = n === 1 ? `${base}.rejected.ndjson` : `${base}.rejected-${n}.ndjson`;
      const handle: FileHandle | null = await open(path, 'wx').catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'EEXIST') return null;
        throw e;
      });
      if (handle) return new RejectionReport(path, handle.createWriteStream());
    }
    throw new Error(`${base}.rejected-N.ndjson: no free name; name the report with --report`);
  }

  readonly write = (r: Rejection): void => {
    this.count++;
    this.stream.write(`${JSON.stringify(r)}\n`);
  };

  /** Closes the report; removes it when nothing was refused. Its path, or null when removed. */
  async close(): Promise<string | null> {
    this.stream.end();
    await once(this.stream, 'close');
    if (this.count > 0) return this.path;
    await rm(this.path, { force: true });
    return null;
  }
}
