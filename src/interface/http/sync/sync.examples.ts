import { encodeChangeCursor } from '../../../application/sync/change-cursor';

/**
 * Example answers of the sync operations for the OpenAPI document, on the demo dataset (the
 * Scollard clinic and Dr. Leblanc of the other examples), shortened.
 */
const SOURCE = 'synthetic-demo:v1 (not real data)';
const SCOLLARD = '7eb8ff8c-5e3d-477e-bc00-4a0c1b9c89aa';

/** Without PUBLIC_URL the manifest's URLs are relative to its own address. */
const BULK = '/api/v1/bulk';

export const BULK_MANIFEST_EXAMPLE = {
  transactionTime: '2026-11-26T21:04:13.512Z',
  request: BULK,
  requiresAccessToken: true,
  dataVersion: '17',
  changesCursor: encodeChangeCursor(1842),
  output: [
    { type: 'clinic', url: `${BULK}/17/clinics.ndjson`, count: 600 },
    { type: 'doctor', url: `${BULK}/17/doctors.ndjson`, count: 2998 },
    { type: 'offering', url: `${BULK}/17/offerings.ndjson`, count: 412 },
    { type: 'review', url: `${BULK}/17/reviews.ndjson`, count: 22431 },
  ],
  deleted: [],
  error: [],
};

/** Two lines of doctors.ndjson. */
export const BULK_FILE_EXAMPLE =
  JSON.stringify({
    type: 'doctor',
    source: SOURCE,
    cpsoNumber: '920479',
    id: 'f1c21b40-4ecb-4b20-8f00-3e590b5520a4',
    name: 'François Leblanc',
    gender: 'male',
    practiceStartYear: 2007,
    specialties: ['Family Medicine'],
    languages: ['English', 'French'],
    clinics: [{ source: SOURCE, sourceId: SCOLLARD, primary: true }],
    referralRequired: false,
    referralOnly: false,
    bookingPhone: '(647) 555-0119',
    bookingOnline: null,
    syncedAt: '2026-09-23T14:56:58.359Z',
  }) + '\n';

export const CHANGES_EXAMPLE = {
  changes: [
    {
      type: 'doctor',
      op: 'upsert',
      key: { cpsoNumber: '920479' },
      record: {
        type: 'doctor',
        source: SOURCE,
        cpsoNumber: '920479',
        id: 'f1c21b40-4ecb-4b20-8f00-3e590b5520a4',
        name: 'François Leblanc',
        gender: 'male',
        practiceStartYear: 2007,
        specialties: ['Family Medicine'],
        languages: ['English', 'French'],
        clinics: [{ source: SOURCE, sourceId: SCOLLARD, primary: true }],
        referralRequired: false,
        referralOnly: false,
        bookingPhone: '(647) 555-0119',
        bookingOnline: null,
        syncedAt: '2026-09-23T14:56:58.359Z',
      },
    },
    {
      type: 'review',
      op: 'delete',
      key: { source: SOURCE, sourceId: 'rv-920479-7' },
    },
  ],
  count: 2,
  next: encodeChangeCursor(1844),
  hasMore: false,
  dataVersion: '18',
  transactionTime: '2026-11-27T06:00:41.207Z',
};
