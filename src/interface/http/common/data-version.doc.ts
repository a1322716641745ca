import { ApiPropertyOptions } from '@nestjs/swagger';

/**
 * `dataVersion` of the list envelopes (issue 34): the directory's data version the answer was
 * read at, added to every list answer by the sync module's interceptor.
 */
export const DATA_VERSION_DOC: ApiPropertyOptions = {
  description:
    "The directory's data version this page was read at (the page is at least that new): the same as the bulk manifest's `dataVersion` (GET /api/v1/bulk); it changes when an import or seed changes the directory.",
  example: '17',
};
