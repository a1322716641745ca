import { Injectable } from '@nestjs/common';
import { Clock } from '../shared/clock';
import { PaymentProvider, SessionPaymentStatus } from './payment-provider';

/** How long the provider's answer about one session is reused. */
export const SESSION_STATUS_TTL_MS = 5_000;
/**
 * Asked afresh, an answer is still shared when the question was sent this recently: the loads of
 * one moment (a burst of tabs, a double click) share one question, while a buyer who comes back
 * from paying (seconds at least after their previous load) gets a new one.
 */
export const AFRESH_SHARE_MS = 1_000;
/** Sessions remembered at once; past it the oldest answers are forgotten first. */
export const SESSION_STATUS_MAX_ENTRIES = 10_000;

interface Remembered {
  readonly status: Promise<SessionPaymentStatus>;
  /** When the answer stops being reused (Infinity while the question is still out). */
  until: number;
  /** When the question was sent (epoch ms). */
  readonly askedAt: number;
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
   * answer) and may throw to refuse the question (a rate limit). With `afresh`, a remembered
   * answer is not reused (a question still out is shared all the same): a buyer coming back from
   * the provider's page has just paid, or not, and must not be shown an answer from before.
   */
  async status(
    sessionId: string,
    beforeAsking?: () => Promise<void>,
    afresh = false,
  ): Promise<SessionPaymentStatus> {
    const known = this.usable(sessionId, afresh);
    if (known) return known.status;
    await beforeAsking?.();
    // Another load may have asked while this one was being counted.
    const meanwhile = this.usable(sessionId, afresh);
    if (meanwhile) return meanwhile.status;
    const entry: Remembered = {
      status: this.provider.sessionStatus(sessionId),
      until: Infinity,
      askedAt: this.clock.now().getTime(),
    };
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

  /** Drops what is remembered of `sessionId` (its order says more now: paid, say). */
  forget(sessionId: string): void {
    this.answers.delete(sessionId);
  }

  /** What may answer this load: a remembered answer, or (afresh) one asked a moment ago. */
  private usable(sessionId: string, afresh: boolean): Remembered | undefined {
    const e = this.fresh(sessionId);
    if (!e || !afresh) return e;
    const sharable =
      e.until === Infinity || this.clock.now().getTime() - e.askedAt < AFRESH_SHARE_MS;
    return sharable ? e : undefined;
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
