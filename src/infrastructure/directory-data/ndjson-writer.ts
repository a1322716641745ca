import { once } from 'node:events';
import { Writable } from 'node:stream';

/** One record as a line of NDJSON: the one serialisation of the export and the bulk files. */
export const ndjsonLine = (record: object): string => `${JSON.stringify(record)}\n`;

/**
 * Writes records as NDJSON to `out`, honouring back-pressure (memory stays flat whatever the
 * count), and returns how many it wrote. `data export` writes to standard output with it, and the
 * bulk snapshot's files to the HTTP answer (through gzip when asked), so both give the same
 * bytes for the same records.
 */
export async function writeNdjson(
  records: AsyncIterable<object>,
  out: Writable,
  onRecord?: (n: number) => void,
): Promise<number> {
  let n = 0;
  for await (const record of records) {
    if (!out.write(ndjsonLine(record))) await drainOrClose(out);
    onRecord?.(++n);
  }
  return n;
}

/** Waits for `drain`; a destination closed meanwhile (the client went away) ends the wait with an error. */
async function drainOrClose(out: Writable): Promise<void> {
  if (out.destroyed) throw new Error('the destination was closed');
  // The listener of the event that did not come is removed (none piles up over a long file).
  const done = new AbortController();
  try {
    await Promise.race([
      once(out, 'drain', { signal: done.signal }),
      once(out, 'close', { signal: done.signal }).then(() => {
        throw new Error('the destination was closed');
      }),
    ]);
  } finally {
    done.abort();
  }
}
