/** One statement of a captured request, as the old build sent it. */
export interface ReferenceStatement {
  /** Its text, as an index into the file's `sql`. */
  readonly sql: number;
  /** Its parameters; a Buffer is written as { $bytes: hex }. */
  readonly params: readonly unknown[];
  /** The prepared statement's name, when the old build named it. */
  readonly name?: string;
  /** Which of the request's connections ran it (0, 1, ...): a replay keeps them apart. */
  readonly connection: number;
  /** Statements of a wave were in flight together; a wave starts when the one before has ended. */
  readonly wave: number;
}

/** A list URL under /api/v1 with the statements its warm request sent. */
export interface ReferenceRequest {
  readonly path: string;
  readonly statements: readonly ReferenceStatement[];
}

/** The fixed reference (scripts/bench/reference/*.json): per benchmark case, its URLs' statements. */
export interface ReferenceFile {
  readonly commit: string;
  /** Doctors in the directory it was captured on (the bench seeds the same rows for a size). */
  readonly doctors: number;
  /** Doctors the bench seeded (expired ones included): the reference serves runs of this size. */
  readonly seeded: number;
  /** Every statement text, once. */
  readonly sql: string[];
  readonly cases: Record<string, ReferenceRequest[]>;
  /** URLs the old build did not answer 200 (a parameter it did not have), per case. */
  readonly refused: Record<string, string[]>;
}

/** A parameter as pg takes it: { $bytes: hex } back to a Buffer. */
export function paramOf(p: unknown): unknown {
  if (p && typeof p === 'object' && typeof (p as { $bytes?: unknown }).$bytes === 'string')
    return Buffer.from((p as { $bytes: string }).$bytes, 'hex');
  return p;
}

/** A parameter as JSON keeps it: a Buffer (or its JSON form) as { $bytes: hex }. */
export function storedParam(p: unknown): unknown {
  if (Buffer.isBuffer(p)) return { $bytes: p.toString('hex') };
  const b = p as { type?: unknown; data?: unknown } | null;
  if (b && typeof b === 'object' && b.type === 'Buffer' && Array.isArray(b.data))
    return { $bytes: Buffer.from(b.data as number[]).toString('hex') };
  return p;
}
