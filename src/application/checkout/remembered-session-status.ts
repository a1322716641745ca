import { Injectable } from '@nestjs/common';
import { Clock } from '../shared/clock';
import { PaymentProvider, SessionPaymentStatus } from './payment-provider';

/** How long the provider's answer about one session is reused. */
export const SESSION_STATUS_TTL_MS = 5_000;
/** Sessions remembered at once; past it the oldest answers are forgotten first. */
export const SESSION_STATUS_MAX_ENTRIES = 10_000;

interface Remembered {
  readonly status: Promise<SessionPaymentStatus>;
  /** When the answer stops being reused (Infinity while the question is still out). */
  until: number;
}

/**
 * The provider's answers about sessions, remembered a few seconds per session on this instance:
 * the completion page of a pending order is public and refreshes itself, so without this every
 * load would be a call to Stripe (the merchant's rate limit, spent by anyone). Concurrent loads
 * of one session share one question. Failures are not remembered.
 */
@Injectable()
export class RememberedSessionStatus {
  private readonly answers = new Map<string, Remembered>();

  constructor(
    private readonly provider: PaymentProvider,
    private readonly clock: Clock,
  ) {}

  /**
   * The provider's status of `sessionId`, asked at most once per SESSION_STATUS_TTL_MS.
   * `beforeAsking` runs only when the provider is about to be asked (not for a remembered
   * answer) and may throw to refuse the question (a rate limit).
   */
  async status(
    sessionId: string,
    beforeAsking?: () => Promise<void>,
  ): Promise<SessionPaymentStatus> {
    const known = this.fresh(sessionId);
    if (known) return known.status;
    await beforeAsking?.();
    // Another load may have asked while this one was being counted.
    const meanwhile = this.fresh(sessionId);
    if (meanwhile) return meanwhile.status;
    const entry: Remembered = { status: this.provider.sessionStatus(sessionId), until: Infinity };
    this.answers.delete(sessionId);
    this.answers.set(sessionId, entry);
    this.trim();
    try {
      await entry.status;
      entry.until = this.clock.now().getTime() + SESSION_STATUS_TTL_MS;
    } catch {
      if (this.answers.get(sessionId) === entry) this.answers.delete(sessionId);
    }
    return entry.status;
  }

  private fresh(sessionId: string): Remembered | undefined {
    const e = this.answers.get(sessionId);
    if (!e) return undefined;
    if (e.until > this.clock.now().getTime()) return e;
    this.answers.delete(sessionId);
    return undefined;
  }

  private trim(): void {
    for (const key of this.answers.keys()) {
      if (this.answers.size <= SESSION_STATUS_MAX_ENTRIES) return;
      this.answers.delete(key);
    }
  }
}
