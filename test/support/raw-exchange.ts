import { connect } from 'node:net';

export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** The body of a chunked answer. */
function dechunk(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = raw.indexOf('\r\n', at);
    if (eol < 0) break;
    const size = parseInt(raw.subarray(at, eol).toString('latin1'), 16);
    if (!(size > 0)) break;
    parts.push(raw.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** One request with `Connection: close`, read to the end (bulk files are streamed, chunked). */
export function exchange(port: number, bytes: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    s.setTimeout(20_000, () => s.destroy(new Error('no answer within 20 s')));
    s.on('data', (c: Buffer) => chunks.push(c));
    s.on('error', reject);
    s.on('close', () => {
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      if (end < 0) return reject(new Error('connection closed without an answer'));
      const head = all.subarray(0, end).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of head.slice(1)) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      const rest = all.subarray(end + 4);
      const body = headers['transfer-encoding'] === 'chunked' ? dechunk(rest) : rest;
      resolve({ status: Number(head[0].split(' ')[1]), headers, body: body.toString('utf8') });
    });
    s.write(bytes);
  });
}
