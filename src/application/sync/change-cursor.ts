import { createHash } from 'node:crypto';
import { InvalidParamError } from '../../domain/shared/domain-error';

/**
 * The change feed's cursor: a position in the change log, opaque to clients. A check of 8
 * characters over the position makes an edited or truncated cursor a clear 400 rather than a
 * silent jump to another position (forging one buys nothing: every position is readable).
 */
const check = (seq: string) =>
  createHash('sha256').update(`gtad-changes:${seq}`).digest('base64url').slice(0, 8);

export function encodeChangeCursor(seq: number): string {
  const body = String(seq);
  return Buffer.from(`${body}.${check(body)}`).toString('base64url');
}

const SHAPE = /^(0|[1-9][0-9]{0,15})\.([A-Za-z0-9_-]{8})$/;

/** The position a cursor names; InvalidParamError when it is malformed or altered. */
export function decodeChangeCursor(cursor: string): number {
  const bad = () =>
    new InvalidParamError(
      'since is not a cursor of this change feed: send the `next` of a previous answer, or no since to start at the current version.',
    );
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) throw bad();
  const m = SHAPE.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  if (!m || check(m[1]) !== m[2]) throw bad();
  const seq = Number(m[1]);
  if (!Number.isSafeInteger(seq)) throw bad();
  return seq;
}
