import { connect, Socket } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One HTTP/1.1 exchange written byte for byte on a socket of its own (or a given one, to check
 * that a keep-alive connection is still usable), for requests no HTTP client would send: NUL
 * bytes, invalid percent-encodings, bodies on GET. Resolves with the parsed answer, or rejects
 * when the server closes the connection without one.
 */
export function rawRequest(
  port: number,
  request: Buffer | string,
  socket?: Socket,
  /** The answer to HEAD has a Content-Length but no body. */
  noBody = false,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const s = socket ?? connect(port, '127.0.0.1');
    let buf = Buffer.alloc(0);
    const done = (err?: Error, answer?: RawAnswer) => {
      s.off('data', onData);
      s.off('close', onClose);
      s.off('error', onError);
      if (err) reject(err);
      else resolve(answer!);
    };
    const onData = (c: Buffer) => {
      buf = Buffer.concat([buf, c]);
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buf.subarray(0, end).toString('latin1').split('\r\n');
      const status = Number(head[0].split(' ')[1]);
      const headers: Record<string, string> = {};
      for (const line of head.slice(1)) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      const length = noBody ? 0 : Number(headers['content-length'] ?? 0);
      if (buf.length - end - 4 < length) return;
      done(undefined, {
        status,
        headers,
        body: buf.subarray(end + 4, end + 4 + length).toString('utf8'),
      });
    };
    const onClose = () => done(new Error('connection closed without an answer'));
    const onError = (e: Error) => done(e);
    s.on('data', onData);
    s.on('close', onClose);
    s.on('error', onError);
    s.write(request);
  });
}

export function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1', () => resolve(s));
    s.on('error', reject);
  });
}
