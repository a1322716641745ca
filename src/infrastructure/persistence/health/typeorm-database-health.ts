import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DatabaseHealth } from '../../../application/health/database-health.port';

const PROBE_TIMEOUT_MS = 2000;

@Injectable()
export class TypeOrmDatabaseHealth extends DatabaseHealth {
  constructor(private readonly ds: DataSource) {
    super();
  }

  async isUp(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
    });
    const probe = this.ds.query('SELECT 1').then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([probe, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
