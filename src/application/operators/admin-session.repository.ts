import { Operator } from '../../domain/operators/operator';

export interface AdminSession {
  readonly idHash: Buffer;
  readonly operator: Operator;
  readonly createdAt: Date;
  readonly lastSeenAt: Date;
  readonly expiresAt: Date;
  readonly ip: string;
}

/** Port: server-side dashboard sessions, keyed by the SHA-256 of the session id. */
export abstract class AdminSessionRepository {
  abstract create(s: {
    idHash: Buffer;
    operatorId: string;
    createdAt: Date;
    expiresAt: Date;
    ip: string;
    userAgent: string | null;
  }): Promise<void>;
  abstract find(idHash: Buffer): Promise<AdminSession | null>;
  abstract touch(idHash: Buffer, at: Date): Promise<void>;
  abstract delete(idHash: Buffer): Promise<void>;
  /** Deletes the operator's sessions except `keep` (null: all); returns how many ended. */
  abstract deleteFor(operatorId: string, keep: Buffer | null): Promise<number>;
  abstract countFor(operatorId: string): Promise<number>;
}
