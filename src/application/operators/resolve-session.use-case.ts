import { Injectable } from '@nestjs/common';
import { Clock } from '../shared/clock';
import { AdminSession, AdminSessionRepository } from './admin-session.repository';
import { AdminSettings } from './admin-settings';
import { hashSessionId } from './session-id';

/**
 * A session is touched (last seen written) at most this often: a quarter of the idle timeout, at
 * most a minute. A fixed minute signed out an operator active every 20 s under a 1-minute
 * timeout; a quarter keeps anyone seen within three quarters of the timeout signed in.
 */
export function touchIntervalMs(idleMinutes: number): number {
  return Math.min(60_000, (idleMinutes * 60_000) / 4);
}

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
    if (now - s.lastSeenAt.getTime() >= touchIntervalMs(this.settings.idleMinutes))
      await this.sessions.touch(hash, new Date(now));
    return s;
  }
}
