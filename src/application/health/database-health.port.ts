/** Port: one round trip to the database, answering false (never throwing) when it fails. */
export abstract class DatabaseHealth {
  abstract isUp(): Promise<boolean>;
}
