import { Injectable, Optional } from '@nestjs/common';
import { DatabaseHealth } from './database-health.port';
import { DirectoryIndexState } from './directory-index-state.port';

export interface Readiness {
  status: 'ok' | 'unavailable';
  database: 'up' | 'down';
  /** Only with a read replica: whether directory reads are served by it (else by the primary). */
  replica?: 'up' | 'down';
  /** Only while the instance's index of the directory loads (before its first load). */
  directory?: 'loading';
  /** Why the instance is not ready, when that is not the database. */
  reason?: string;
  version: string;
}

export const API_VERSION = '1.0.0';

@Injectable()
export class CheckReadinessUseCase {
  constructor(
    private readonly db: DatabaseHealth,
    @Optional() private readonly index?: DirectoryIndexState,
  ) {}

  /**
   * Not ready before the directory's index is first loaded (issue 49: a balancer holds traffic
   * off the instance meanwhile; liveness stays `pong`). Then ready while the primary answers: without the replica the instance still serves every read
   * from the primary, so a stopped replica shows as `replica: 'down'`, not as unavailable.
   */
  async execute(): Promise<Readiness> {
    const [up, replica] = await Promise.all([this.db.isUp(), this.db.replica()]);
    const index = this.index?.state();
    if (up && index && !index.loaded) {
      const far =
        index.total !== undefined ? ` (${index.read ?? 0} of ${index.total} doctors read)` : '';
      return {
        status: 'unavailable',
        database: 'up',
        ...(replica ? { replica } : {}),
        directory: 'loading',
        reason: `The directory's index is loading${far}; lists and searches are answered once it is loaded.`,
        version: API_VERSION,
      };
    }
    return {
      status: up ? 'ok' : 'unavailable',
      database: up ? 'up' : 'down',
      ...(replica ? { replica } : {}),
      version: API_VERSION,
    };
  }
}
