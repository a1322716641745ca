import { StringDecoder } from 'node:string_decoder';
import { InputLine, LINE_TOO_LONG } from '../../application/directory-data/directory-import.ports';

const NEWLINE = 0x0a;
const BOM = '\ufeff';

/**
 * The lines of an NDJSON stream, read chunk by chunk: a line longer than `maxChars` characters
 * (UTF-16 units, not counting a closing `\r`) is never held whole. Once a line passes the limit
 * its text is dropped and the rest of it is only scanned for the newline (a byte search, no
 * decoding), and the line is given as LINE_TOO_LONG; memory stays at the limit plus one chunk
 * whatever the line's length. A leading UTF-8 byte-order mark (spreadsheets write one) is not part
 * of the first line. `\n` ends a line and a `\r` before it is dropped; a last line without a
 * newline is given when it is not empty.
 */
export async function* ndjsonLines(
  input: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
  maxChars: number,
): AsyncGenerator<InputLine> {
  const decoder = new StringDecoder('utf8');
  let parts: string[] = [];
  let chars = 0;
  let skipping = false;
  let first = true;
  const line = (): InputLine => {
    if (skipping) {
      skipping = false;
      return LINE_TOO_LONG;
    }
    let text = parts.join('') + decoder.end();
    parts = [];
    chars = 0;
    if (first && text.startsWith(BOM)) text = text.slice(1);
    first = false;
    if (text.endsWith('\r')) text = text.slice(0, -1);
    return text.length > maxChars ? LINE_TOO_LONG : text;
  };
  for await (const chunk of input) {
    let buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    while (buf.length > 0) {
      const nl = buf.indexOf(NEWLINE);
      const head = nl < 0 ? buf : buf.subarray(0, nl);
      if (!skipping) {
        const text = decoder.write(head);
        chars += text.length;
        // One more than the limit: room for a `\r` before the newline.
        if (chars > maxChars + 1) {
          skipping = true;
          parts = [];
          chars = 0;
          decoder.end();
          first = false;
        } else parts.push(text);
      }
      if (nl < 0) break;
      yield line();
      buf = buf.subarray(nl + 1);
    }
  }
  if (skipping || parts.length > 0) {
    yield line();
    return;
  }
  const rest = decoder.end();
  if (rest.length > 0) {
    parts.push(rest);
    yield line();
  }
}
