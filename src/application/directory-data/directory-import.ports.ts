import { DirectoryRecord, RecordProblem } from '../../domain/directory/interchange';

export interface ImportOptions {
  /** The source this file is from: every record must carry it; `snapshot` expires within it. */
  readonly source: string;
  readonly dryRun: boolean;
  /**
   * The file is the whole source: its doctors absent from the file get `expiredAt`; its reviews,
   * offerings and clinics absent from the file are removed (see snapshot-expiry.ts for what stays).
   */
  readonly snapshot: boolean;
  /** Apply nothing when anything is rejected. */
  readonly strict: boolean;
  /**
   * Add unknown specialty and language names instead of rejecting their records (names declared
   * by the file's own `specialty` and `language` records are added without it).
   */
  readonly addNames: boolean;
}

/** A line of the input longer than the limit: the reader stopped holding it there. */
export const LINE_TOO_LONG: unique symbol = Symbol('line too long');
/** A line of the input as the import reads it: its text, or LINE_TOO_LONG. */
export type InputLine = string | typeof LINE_TOO_LONG;

/** One line of the rejection report. */
export interface Rejection {
  readonly line: number;
  readonly key: string | null;
  readonly field: string;
  readonly reason: string;
}

export interface ApplyCounts {
  readonly inserted: number;
  readonly updated: number;
  readonly unchanged: number;
  readonly expired: number;
  /** Reviews, offerings and clinics of the source absent from a --snapshot file, removed. */
  readonly removed: number;
  /** Records refused by the checks that need the whole file or the directory (references). */
  readonly rejected: number;
}

/** Port: the published JSON Schema of one record. */
export abstract class RecordSchema {
  /** What is wrong with the record's shape; empty when it conforms. */
  abstract problems(record: unknown): RecordProblem[];
}

/**
 * Port: one import, in one database transaction. Records are staged as they stream in (memory
 * stays flat); `finish` checks what needs the whole file and the directory (duplicates, names,
 * references), then applies everything as upserts, or nothing (dry run, strict with rejections).
 * Readers see the old directory until the commit.
 */
export abstract class DirectoryImportSession {
  abstract stage(line: number, record: DirectoryRecord): Promise<void>;
  abstract finish(
    opts: ImportOptions & { readonly apply: (referenceRejections: number) => boolean },
    reject: (r: Rejection) => void,
  ): Promise<ApplyCounts & { readonly applied: boolean }>;
  /** Abandons the import (an error, or the input failed). */
  abstract abort(): Promise<void>;
}

/** Port: starts import sessions. */
export abstract class DirectoryImportStore {
  abstract begin(opts: ImportOptions): Promise<DirectoryImportSession>;
}
