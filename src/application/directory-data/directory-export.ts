import { DirectoryRecord } from '../../domain/directory/interchange';

/** Port: the directory as interchange records, clinics first, then doctors, offerings, reviews. */
export abstract class DirectoryExporter {
  /** Streams the records (memory stays flat); only `source`'s when given; no expired doctor. */
  abstract records(source?: string): AsyncIterable<DirectoryRecord>;
}
