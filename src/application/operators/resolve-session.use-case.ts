import { Injectable } from '@nestjs/common';
import { Clock } from '../shared/clock';
import { AdminSession, AdminSessionRepository } from './admin-session.repository';
import { AdminSettings } from './admin-settings';
import { hashSessionId } from './session-id';

/** Sessions are touched at most this often (idle timeout precision). */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * The session behind a cookie, or null: unknown, past its absolute lifetime, idle too long, or
 * its operator disabled (each of those ends it). Seen sessions are touched for the idle timeout.
 */
@Injectable()
export class ResolveSessionUseCase {
  constructor(
    private readonly sessions: AdminSessionRepository,
    private readonly settings: AdminSettings,
    private readonly clock: Clock,
  ) {}

  async execute(sessionId: string | undefined): Promise<AdminSession | null> {
    if (!sessionId || !/^[A-Za-z0-9_-]{43}$/.test(sessionId)) return null;
    const hash = hashSessionId(sessionId);
    const s = await this.sessions.find(hash);
    if (!s) return null;
    const now = this.clock.now().getTime();
    const idle = now - s.lastSeenAt.getTime() > this.settings.idleMinutes * 60_000;
    if (s.operator.disabledAt || now >= s.expiresAt.getTime() || idle) {
      await this.sessions.delete(hash);
      return null;
    }
    if (now - s.lastSeenAt.getTime() > TOUCH_INTERVAL_MS)
      await this.sessions.touch(hash, new Date(now));
    return s;
  }
}
