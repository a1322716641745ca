import {
  CheckoutSessionRequest,
  CreatedCheckoutSession,
  InvalidPaymentEventError,
  PaymentEvent,
  PaymentProvider,
  SessionPaymentStatus,
} from '../../src/application/checkout/payment-provider';

/**
 * A hand-written payment provider for the order rules: sessions live in a map, the test says
 * what each session's status is, and events are plain JSON "signed" by a fixed word.
 */
export class FakePaymentProvider extends PaymentProvider {
  readonly name = 'demo';
  readonly sessions = new Map<
    string,
    { request: CheckoutSessionRequest; status: SessionPaymentStatus }
  >();
  statusCalls = 0;
  private next = 0;

  async createSession(request: CheckoutSessionRequest): Promise<CreatedCheckoutSession> {
    const sessionId = `fake_cs_${++this.next}_${Math.random().toString(36).slice(2, 10)}`;
    this.sessions.set(sessionId, { request, status: 'open' });
    return { sessionId, url: `https://pay.example/${sessionId}` };
  }

  async sessionStatus(sessionId: string): Promise<SessionPaymentStatus> {
    this.statusCalls++;
    return this.sessions.get(sessionId)?.status ?? 'unknown';
  }

  setStatus(sessionId: string, status: SessionPaymentStatus): void {
    this.sessions.get(sessionId)!.status = status;
  }

  async parseEvent(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent> {
    if (signature !== 'fake-signature') throw new InvalidPaymentEventError('bad signature');
    return JSON.parse(rawBody.toString('utf8')) as PaymentEvent;
  }
}
