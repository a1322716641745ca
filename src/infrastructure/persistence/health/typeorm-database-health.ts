import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DIRECTORY_READ_SOURCE } from '../../database/directory-read-source';
import { DatabaseHealth } from '../../../application/health/database-health.port';

const PROBE_TIMEOUT_MS = 2000;

@Injectable()
export class TypeOrmDatabaseHealth extends DatabaseHealth {
  constructor(
    private readonly ds: DataSource,
    @Inject(DIRECTORY_READ_SOURCE) private readonly read: DataSource,
  ) {
    super();
  }

  /** Up when the primary answers and, with a replica, the replica too (it serves every list). */
  async isUp(): Promise<boolean> {
    if (this.read === this.ds) return this.probe(this.ds);
    const [primary, replica] = await Promise.all([this.probe(this.ds), this.probe(this.read)]);
    return primary && replica;
  }

  private async probe(ds: DataSource): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
    });
    const probe = ds.query('SELECT 1').then(
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
