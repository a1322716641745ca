import { Injectable } from '@nestjs/common';
import { DatabaseHealth } from './database-health.port';

export interface Readiness {
  status: 'ok' | 'unavailable';
  database: 'up' | 'down';
  /** Only with a read replica: whether directory reads are served by it (else by the primary). */
  replica?: 'up' | 'down';
  version: string;
}

export const API_VERSION = '1.0.0';

@Injectable()
export class CheckReadinessUseCase {
  constructor(private readonly db: DatabaseHealth) {}

  /**
   * Ready while the primary answers: without the replica the instance still serves every read
   * from the primary, so a stopped replica shows as `replica: 'down'`, not as unavailable.
   */
  async execute(): Promise<Readiness> {
    const [up, replica] = await Promise.all([this.db.isUp(), this.db.replica()]);
    return {
      status: up ? 'ok' : 'unavailable',
      database: up ? 'up' : 'down',
      ...(replica ? { replica } : {}),
      version: API_VERSION,
    };
  }
}
