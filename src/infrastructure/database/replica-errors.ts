/** The driver's error, or TypeORM's wrapping of it (`driverError`). */
function codeAndMessage(e: unknown): { code: string | undefined; message: string } {
  const err = e as { code?: unknown; message?: unknown; driverError?: { code?: unknown } };
  const code = err?.driverError?.code ?? err?.code;
  return {
    code: typeof code === 'string' ? code : undefined,
    message: typeof err?.message === 'string' ? err.message : '',
  };
}

/**
 * A hot standby cancelled the statement (or ended the session) to replay a change that conflicts
 * with it: a VACUUM removing rows its snapshot could still see, an ACCESS EXCLUSIVE lock
 * (TRUNCATE, a REFRESH without CONCURRENTLY, DROP), a buffer pin or a deadlock with the startup
 * process, past `max_standby_streaming_delay`. SQLSTATE 40001 (or 40P01 for the deadlock) with
 * "conflict with recovery" in the message; the same read sent again normally succeeds.
 */
export function isRecoveryConflict(e: unknown): boolean {
  const { code, message } = codeAndMessage(e);
  return (code === '40001' || code === '40P01') && /conflict with recovery/i.test(message);
}

/** Connection-level failures: the server is stopped, restarting, unreachable or cut us off. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EPIPE',
  // admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down)
  '57P01',
  '57P02',
  '57P03',
  // connection_failure, sqlclient_unable_to_establish_sqlconnection, connection_does_not_exist
  '08006',
  '08001',
  '08003',
]);

/**
 * The replica cannot be reached: stopped, restarting, its host gone, or the connection cut. A
 * statement timeout, a full server (53300) or a bad statement is not this: those are answered
 * as they are, not by moving reads elsewhere.
 */
export function isReplicaUnreachable(e: unknown): boolean {
  const { code, message } = codeAndMessage(e);
  if (code !== undefined && UNREACHABLE_CODES.has(code)) return true;
  return /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED|Client has encountered a connection error/i.test(
    message,
  );
}
