import { Injectable } from '@nestjs/common';
import { DatabaseHealth } from './database-health.port';

export interface Readiness {
  status: 'ok' | 'unavailable';
  database: 'up' | 'down';
  version: string;
}

export const API_VERSION = '1.0.0';

@Injectable()
export class CheckReadinessUseCase {
  constructor(private readonly db: DatabaseHealth) {}

  async execute(): Promise<Readiness> {
    const up = await this.db.isUp();
    return {
      status: up ? 'ok' : 'unavailable',
      database: up ? 'up' : 'down',
      version: API_VERSION,
    };
  }
}
