import { DirectoryRecord } from '../../domain/directory/interchange';

/** Port: the directory as interchange records, clinics first, then doctors, offerings, reviews. */
export abstract class DirectoryExporter {
  /**
   * Streams the records (memory stays flat); only `source`'s when given. A backup: expired
   * doctors too (with `expiredAt`), with their clinic links and their reviews.
   */
  abstract records(source?: string): AsyncIterable<DirectoryRecord>;
  /** How many records `records(source)` gives (for a progress bar). */
  abstract count(source?: string): Promise<number>;
}
