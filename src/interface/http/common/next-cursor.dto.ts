/** OpenAPI of a list envelope's `nextCursor` (issue 34, item 3). */
export const NEXT_CURSOR_DOC = {
  type: String,
  nullable: true,
  description:
    'Send it as `cursor` (with the same parameters; `limit` may change) for the next page, ' +
    "which follows the last row of this one in the list's order, whatever an import added or " +
    'removed meanwhile. Null on the last page (a page shorter than `limit`), at the end of the ' +
    "sandbox's window and for a page of `limit=0`.",
  example:
    'WzEsImRvY3RvcnMiLCJxOGtDbV9LMnRQWGhHb3dMIiwyNSxbImFsaWNlIHpoYW5nIiwiOTAwMDAxIl1d.3n0xWb1mYQ8pK2Zr7cT4hA',
};

/**
 * The query parameters a batch lookup cannot be combined with: filters, a location and paging
 * (a lookup answers every number asked, in the order asked). `include` and unknown parameters
 * are not among them.
 */
export const LIST_ONLY_PARAMS = [
  'specialties',
  'specialty',
  'accepting',
  'gender',
  'languages',
  'minYears',
  'maxYears',
  'evening',
  'weekend',
  'wheelchair',
  'virtualVisits',
  'nearTTC',
  'openNow',
  'openAt',
  'acceptingStatus',
  'hasWebsite',
  'lat',
  'lng',
  'near',
  'radiusKm',
  'limit',
  'offset',
  'cursor',
] as const;

/** The list parameters sent beside a batch lookup's (none, or 400 invalid_param). */
export function listParamsBeside(q: object): string[] {
  const sent = q as Record<string, unknown>;
  return LIST_ONLY_PARAMS.filter((k) => sent[k] !== undefined);
}
