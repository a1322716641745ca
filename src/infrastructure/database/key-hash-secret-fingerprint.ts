import { createHmac } from 'node:crypto';
import { DataSource } from 'typeorm';

/**
 * The key-hash secret's fingerprint in the database (table key_hash_secret, one row): the
 * service records the secret it hashes keys with at each start, and the command line compares
 * its own before it issues, shows or revokes a key. Without a shared KEY_HASH_SECRET each data
 * folder generates a secret of its own, and a key hashed with another folder's secret is one the
 * service answers "The API key is not recognised." (issue 52, item 6).
 */

/** An HMAC of a fixed text under the secret: equal for equal secrets, and reveals nothing else. */
export function keyHashSecretFingerprint(secret: string): string {
  return createHmac('sha256', secret).update('gtad key-hash secret fingerprint v1').digest('hex');
}

export interface RecordedSecret {
  readonly fingerprint: string;
  /** Where the recorded secret came from: `KEY_HASH_SECRET`, or a data folder. */
  readonly source: string;
  readonly recordedAt: Date;
}

export async function readRecordedSecret(ds: DataSource): Promise<RecordedSecret | undefined> {
  const rows = await ds.query<{ fingerprint: string; source: string; recorded_at: Date }[]>(
    `SELECT fingerprint, source, recorded_at FROM key_hash_secret WHERE one`,
  );
  const r = rows[0];
  return r && { fingerprint: r.fingerprint, source: r.source, recordedAt: r.recorded_at };
}

/**
 * The service's start: records its secret, and answers the one it replaced when that was another
 * (its keys are no longer recognised), or undefined.
 */
export async function recordServiceSecret(
  ds: DataSource,
  secret: string,
  source: string,
): Promise<RecordedSecret | undefined> {
  const fingerprint = keyHashSecretFingerprint(secret);
  const rows = await ds.query<{ fingerprint: string | null; source: string; recorded_at: Date }[]>(
    `WITH before AS (SELECT fingerprint, source, recorded_at FROM key_hash_secret WHERE one)
     INSERT INTO key_hash_secret (one, fingerprint, source) VALUES (true, $1, $2)
     ON CONFLICT (one) DO UPDATE SET fingerprint = $1, source = $2, recorded_at = now()
       WHERE key_hash_secret.fingerprint <> $1 OR key_hash_secret.source <> $2
     RETURNING (SELECT fingerprint FROM before) AS fingerprint, (SELECT source FROM before) AS source,
               (SELECT recorded_at FROM before) AS recorded_at`,
    [fingerprint, source],
  );
  const before = rows[0];
  if (!before?.fingerprint || before.fingerprint === fingerprint) return undefined;
  return { fingerprint: before.fingerprint, source: before.source, recordedAt: before.recorded_at };
}

/** Thrown by the command line when its secret is not the one the service records. */
export class KeyHashSecretMismatch extends Error {}

/**
 * The command line, before it touches a key: the same secret as the service's passes; another is
 * refused with where each came from; none recorded yet (no service has started on this
 * database) records this one and says so through `note`.
 */
export async function checkCommandLineSecret(
  ds: DataSource,
  secret: string,
  source: string,
  note: (m: string) => void,
): Promise<void> {
  const fingerprint = keyHashSecretFingerprint(secret);
  const recorded = await readRecordedSecret(ds);
  if (!recorded) {
    await ds.query(
      `INSERT INTO key_hash_secret (one, fingerprint, source) VALUES (true, $1, $2)
       ON CONFLICT (one) DO NOTHING`,
      [fingerprint, source],
    );
    const now = await readRecordedSecret(ds);
    if (now && now.fingerprint !== fingerprint) throw mismatch(now, source);
    note(
      `note: no service has started on this database yet; it must hash keys with this ` +
        `command's secret (${source}) to recognise them`,
    );
    return;
  }
  if (recorded.fingerprint !== fingerprint) throw mismatch(recorded, source);
}

function mismatch(recorded: RecordedSecret, own: string): KeyHashSecretMismatch {
  return new KeyHashSecretMismatch(
    `this command's key-hash secret is not the one the service uses with this database, so a ` +
      `key it issued would be answered "The API key is not recognised.".\n` +
      `  the service's: ${recorded.source} (recorded ${recorded.recordedAt.toISOString()})\n` +
      `  this command's: ${own}\n` +
      `Run the command with the service's DATA_DIR, or give the service and the command the ` +
      `same KEY_HASH_SECRET (32+ characters).`,
  );
}
