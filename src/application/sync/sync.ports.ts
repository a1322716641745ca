import { Readable } from 'node:stream';
import {
  ClinicRecord,
  DoctorRecord,
  OfferingRecord,
  ReviewRecord,
} from '../../domain/directory/interchange';

/** The record types a copy of the directory holds, in the order a copy loads them. */
export const SYNCED_TYPES = ['clinic', 'doctor', 'offering', 'review'] as const;
export type SyncedType = (typeof SYNCED_TYPES)[number];
export type SyncedRecord = ClinicRecord | DoctorRecord | OfferingRecord | ReviewRecord;

/** The file name of a type's bulk file (`doctors.ndjson`). */
export const bulkFileName = (type: SyncedType): string => `${type}s.ndjson`;

/** A data version: the directory as one import or seed left it. */
export interface DataVersion {
  /** Opaque to clients (a decimal number today). */
  readonly version: string;
  /** When the import or seed that made it ended (the bulk manifest's transactionTime). */
  readonly transactionTime: Date;
  /** The change log's position at this version: the feed's cursor of a copy taken at it. */
  readonly lastSeq: number;
  /** The oldest position a cursor may name (raised by the retention and by a seed). */
  readonly floorSeq: number;
}

/** The bulk snapshot of a version: the number of records of each type. */
export interface BulkSnapshot {
  readonly version: DataVersion;
  readonly counts: Readonly<Record<SyncedType, number>>;
}

/** A tombstone's key: the record's interchange key (cpsoNumber, source + sourceId, clinic + specialty). */
export type ChangeKey = Readonly<Record<string, unknown>>;

/** One entry of the change feed. */
export type Change =
  | {
      readonly type: SyncedType;
      readonly op: 'upsert';
      readonly key: ChangeKey;
      readonly record: SyncedRecord;
    }
  | { readonly type: SyncedType; readonly op: 'delete'; readonly key: ChangeKey };

export interface ChangePage {
  readonly changes: readonly Change[];
  /** The position to read on from. */
  readonly next: number;
  readonly hasMore: boolean;
  /** The version the page was read at. */
  readonly version: DataVersion;
}

/** A bulk file being read: its records (in key order), and `close` (always called, once or more). */
export interface BulkFile {
  readonly records: AsyncIterable<SyncedRecord>;
  close(): Promise<void>;
}

/**
 * A bulk file written once for its version and type (gzip-compressed NDJSON, the same bytes on
 * every instance), opened for one download. No database connection is held while it is read.
 */
export interface StoredBulkFile {
  /** The gzip bytes from the first, following the write while it goes on; ends with the file. */
  readonly gzip: Readable;
  /** The file's sizes (gzip and NDJSON) when it was already whole at opening, else undefined. */
  readonly gzipBytes: number | undefined;
  readonly bytes: number | undefined;
  /** Settles when the file has been written whole, or failed (at once when it was already). */
  readonly written: Promise<void>;
  /** Stops reading (the download ended or was cut); may be called more than once. */
  close(): void;
}

/** Port: the bulk files of the current version, each written once and then read from storage. */
export abstract class BulkFileSnapshots {
  /** The file of `type` at `version`, or null when `version` is no longer the current one. */
  abstract open(version: string, type: SyncedType): Promise<StoredBulkFile | null>;
}

/**
 * Port: the directory's versions, its bulk snapshot and its change log. Each answer is read from
 * one snapshot of the database, so its parts agree with each other.
 */
export abstract class SyncStore {
  abstract currentVersion(): Promise<DataVersion>;
  /** The current version and its record counts. */
  abstract snapshot(): Promise<BulkSnapshot>;
  /** The records of `type` at `version`, or null when `version` is no longer the current one. */
  abstract openFile(version: string, type: SyncedType): Promise<BulkFile | null>;
  /** The changes after position `after`, at most `limit`; 'gone' when `after` is not retained. */
  abstract changes(after: number, limit: number): Promise<ChangePage | 'gone'>;
}

/**
 * Port: the data version of the copy of the directory the lists and the search answer from
 * (issue 49: the copy in service keeps answering while the next one loads, so it can be older
 * than the database). Its content is at least that new. Undefined when there is no copy.
 */
export abstract class ServedDataVersion {
  abstract current(): DataVersion | undefined;
}
