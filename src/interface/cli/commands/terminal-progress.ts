import { Writable } from 'node:stream';
import { SingleBar } from 'cli-progress';

/**
 * A cli-progress bar on `stream` when it is a terminal, or null: nothing is drawn when standard
 * error is piped or redirected, so logs and scripts get no escape codes.
 */
export function terminalBar(
  stream: NodeJS.WriteStream | Writable,
  format: string,
): SingleBar | null {
  if ((stream as NodeJS.WriteStream).isTTY !== true) return null;
  return new SingleBar({ stream, format });
}
