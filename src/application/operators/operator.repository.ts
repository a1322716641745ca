import { Operator } from '../../domain/operators/operator';

export interface OperatorWithHash {
  readonly operator: Operator;
  readonly passwordHash: string;
}

/** Port: the operators table. Disabling an operator ends their sessions in the same transaction. */
export abstract class OperatorRepository {
  abstract findByEmail(email: string): Promise<OperatorWithHash | null>;
  abstract findById(id: string): Promise<OperatorWithHash | null>;
  /** Null when the address is taken. */
  abstract insert(op: {
    id: string;
    email: string;
    passwordHash: string;
    createdAt: Date;
  }): Promise<Operator | null>;
  abstract list(): Promise<Operator[]>;
  /** Disables the operator and deletes their sessions; null when unknown. */
  abstract disable(email: string, at: Date): Promise<Operator | null>;
  /**
   * Sets the password and, in the same transaction, ends the operator's sessions except `keep`
   * (null: all of them); returns how many ended.
   */
  abstract setPassword(
    id: string,
    passwordHash: string,
    at: Date,
    keep: Buffer | null,
  ): Promise<number>;
}
