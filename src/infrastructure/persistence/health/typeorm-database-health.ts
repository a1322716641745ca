import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ReadRouting } from '../../database/directory-read-source';
import { DatabaseHealth } from '../../../application/health/database-health.port';

const PROBE_TIMEOUT_MS = 2000;

@Injectable()
export class TypeOrmDatabaseHealth extends DatabaseHealth {
  constructor(
    private readonly ds: DataSource,
    private readonly routing: ReadRouting,
  ) {
    super();
  }

  /** Up when the primary answers: it takes every read while the replica is out (issue 36). */
  async isUp(): Promise<boolean> {
    return (await this.probe(this.ds)) === true;
  }

  /**
   * Asks the replica while it serves (an answer that fails to arrive takes it out of service at
   * once, not at the next read), and whether it can come back while it does not.
   */
  override async replica(): Promise<'up' | 'down' | undefined> {
    const replica = this.routing.replica;
    if (!replica) return undefined;
    if (!this.routing.replicaServing) return (await this.routing.tryReturn()) ? 'up' : 'down';
    const answer = await this.probe(replica);
    if (answer !== true) this.routing.markDown(answer === false ? 'no answer in time' : answer);
    return this.routing.replicaServing ? 'up' : 'down';
  }

  /** True, false on a timeout, or the error (the replica's tells whether it is unreachable). */
  private async probe(ds: DataSource): Promise<true | false | Error> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
    });
    const probe = ds.query('SELECT 1').then(
      () => true as const,
      (e: Error) => e,
    );
    try {
      return await Promise.race([probe, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
