import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  AddressFailures,
  SignInAttemptKey,
  SignInReservation,
  SignInThrottle,
} from '../../../application/operators/sign-in-throttle';
import { SignInDecision, SignInHistory } from '../../../domain/operators/sign-in-throttle';

/** How often an instance deletes attempts and refusal marks too old to matter. */
const SWEEP_EVERY_MS = 60_000;

/**
 * sign_in_attempts (one row per attempt whose password is or was being checked, deleted when it
 * signs in) and sign_in_refusals (one row per refused burst and minute). A reservation holds
 * transaction-scoped advisory locks on the address, then on the IP (always in that order, so two
 * reservations never wait on each other in a cycle) while it counts and inserts.
 */
@Injectable()
export class TypeOrmSignInThrottle extends SignInThrottle {
  private lastSweep = 0;

  constructor(private readonly ds: DataSource) {
    super();
  }

  async reserve(
    key: SignInAttemptKey,
    now: Date,
    since: { readonly locks: Date; readonly delay: Date },
    decide: (h: SignInHistory) => SignInDecision,
  ): Promise<SignInReservation> {
    await this.sweep(now, since.locks);
    return this.ds.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
        `sign-in:address:${key.email}`,
      ]);
      await m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
        `sign-in:ip:${key.ipKey}`,
      ]);
      // One after another: the transaction has one connection.
      const pair = await times(
        m,
        `email = $1 AND ip_key = $2`,
        [key.email, key.ipKey],
        since.locks,
      );
      const ip = await times(m, `ip_key = $1`, [key.ipKey], since.locks);
      const address = await m.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM sign_in_attempts WHERE email = $1 AND at >= $2`,
        [key.email, since.delay],
      );
      const decision = decide({ pair, ip, address: address[0].n });
      if (decision.kind === 'locked') return decision;
      const [row] = await m.query<{ id: string }[]>(
        `INSERT INTO sign_in_attempts (email, ip_key, at) VALUES ($1, $2, $3) RETURNING id::text`,
        [key.email, key.ipKey, now],
      );
      return { kind: 'allowed', attemptId: row.id, delayMs: decision.delayMs };
    });
  }

  async succeeded(attemptId: string, key: SignInAttemptKey): Promise<void> {
    await this.ds.query(
      `DELETE FROM sign_in_attempts WHERE id = $1 OR (email = $2 AND ip_key = $3)`,
      [attemptId, key.email, key.ipKey],
    );
  }

  async release(attemptId: string): Promise<void> {
    await this.ds.query(`DELETE FROM sign_in_attempts WHERE id = $1`, [attemptId]);
  }

  async clear(email: string): Promise<number> {
    const result = await this.ds.query<[unknown[], number]>(
      `DELETE FROM sign_in_attempts WHERE email = $1 RETURNING 1`,
      [email],
    );
    return result[1];
  }

  async firstRefusalOfMinute(burst: string, now: Date): Promise<boolean> {
    const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    const rows = await this.ds.query<unknown[]>(
      `INSERT INTO sign_in_refusals (burst, minute) VALUES ($1, $2)
       ON CONFLICT DO NOTHING RETURNING 1`,
      [burst, minute],
    );
    return rows.length > 0;
  }

  async failuresOf(
    emails: readonly string[],
    since: Date,
    pairLimit: number,
  ): Promise<Map<string, AddressFailures>> {
    const rows = await this.ds.query<{ email: string; failures: number; locked_ips: number }[]>(
      `SELECT email, sum(n)::int AS failures, (count(*) FILTER (WHERE n >= $3))::int AS locked_ips
         FROM (SELECT email, ip_key, count(*) AS n FROM sign_in_attempts
                WHERE email = ANY($1::text[]) AND at >= $2 GROUP BY email, ip_key) g
        GROUP BY email`,
      [emails, since, pairLimit],
    );
    return new Map(rows.map((r) => [r.email, { failures: r.failures, lockedIps: r.locked_ips }]));
  }

  /** Attempts older than `before` never count again; refusal marks matter for their minute. */
  private async sweep(now: Date, before: Date): Promise<void> {
    if (now.getTime() - this.lastSweep < SWEEP_EVERY_MS && now.getTime() >= this.lastSweep) return;
    this.lastSweep = now.getTime();
    await this.ds.query(`DELETE FROM sign_in_attempts WHERE at < $1`, [before]);
    await this.ds.query(`DELETE FROM sign_in_refusals WHERE minute < $1`, [
      new Date(now.getTime() - 3_600_000),
    ]);
  }
}

/** The attempts matching `where` since `since`, newest first (enough for any lock decision). */
async function times(
  m: EntityManager,
  where: string,
  params: unknown[],
  since: Date,
): Promise<Date[]> {
  const rows = await m.query<{ at: Date }[]>(
    `SELECT at FROM sign_in_attempts WHERE ${where} AND at >= $${params.length + 1}
      ORDER BY at DESC LIMIT 100`,
    [...params, since],
  );
  return rows.map((r) => r.at);
}
