/** Port: one round trip to the database, answering false (never throwing) when it fails. */
export abstract class DatabaseHealth {
  /** The primary answers (the instance can serve every request). */
  abstract isUp(): Promise<boolean>;

  /**
   * With a read replica: `up` while directory reads go to it, `down` while they go to the primary
   * instead (the replica stopped, unreachable, or still catching up after coming back).
   * Undefined without a replica.
   */
  replica(): Promise<'up' | 'down' | undefined> {
    return Promise.resolve(undefined);
  }
}
