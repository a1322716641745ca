/**
 * The paragraphs the operations' descriptions share (operations.ts): paging, the sandbox caps,
 * the location, freshness, errors, and the hours and graded status of issue 33.
 */

export const PAGING =
  '**Paging:** `limit` (default 25; above 100 is read as 100) and `offset` (zero-based), or ' +
  '`cursor`: the `nextCursor` of the previous page (not with `offset`; null on the last page), ' +
  'which never skips or repeats a row while the directory changes. `total` counts every match ' +
  'and `count` the rows of this page; an `offset` past the end gives an empty page with the ' +
  'true `total`.';

export const SANDBOX =
  '**Sandbox key:** pages of at most 10 rows, and only the first 50 rows of the list can be ' +
  'reached (`total` stays true); 60 requests a minute per client address. Live keys: no caps, ' +
  '600 a minute; gateway keys 6,000 a minute.';

export const LOCATION =
  '**Near me:** `lat` and `lng` together, or `near` (a postal code such as `M5G 1X5`, its area ' +
  '`M5G`, or a TTC subway station such as `Finch`), order nearest first and add `distanceKm`; ' +
  '`radiusKm` keeps rows within that distance.';

export const FRESHNESS =
  'Availability (accepting new patients, hours, accessibility) is best-effort: show ' +
  '`dataFreshness` and ask users to phone the clinic to confirm.';

export const AUTH_ERRORS =
  '401 `missing_key` or `invalid_key` (unknown, malformed or revoked key); 403 `forbidden` (a ' +
  'gateway request with a non-gateway key or the wrong host); 429 `rate_limited` with ' +
  '`Retry-After`; 503 `unavailable` when the directory cannot answer (retry shortly).';

export const LIST_ERRORS =
  '**Errors:** 400 `invalid_param` for a malformed value (the message names the parameter: a ' +
  'non-number, an unknown `gender`, `lat` without `lng`, `near` with `lat`/`lng`, `minYears` above ' +
  '`maxYears`, a parameter sent twice); ' +
  AUTH_ERRORS;

export const ID_ERRORS = (what: string) =>
  `**Errors:** 404 \`not_found\` for an unknown ${what}; 400 \`invalid_param\` for a malformed ` +
  `request; ${AUTH_ERRORS}`;

export const lines = (...parts: string[]) => parts.join('\n\n');

/** The doctor lists' hours and graded status (issue 33). */
export const DOCTOR_HOURS =
  '**Open and accepting** (issue 33): `openNow=true` keeps doctors whose primary clinic is open ' +
  'at the time of the request, `openAt=2026-12-26T10:00` those whose clinic is open then ' +
  '(Toronto time without an offset; from today to 60 days ahead), counting its week, ' +
  "Ontario's nine public holidays (closed unless the clinic says otherwise; Easter Monday is " +
  'not one) and its dated exceptions; a clinic of unknown hours is never kept. ' +
  '`acceptingStatus=accepting,existing-patients-family` keeps the graded statuses listed, ' +
  "which are Plan-Net's AcceptingPatientsCS codes: `accepting` = newpt, " +
  '`existing-patients-only` = existptonly, `existing-patients-family` = existptfam, ' +
  '`not-accepting` = nopt, `unknown` = no code. Both combine with every other filter, the ' +
  'location, the radius and the paging, and `total` stays exact. Each `clinic` answers ' +
  '`openNow` (null: hours unknown), `acceptingStatus`, `acceptingCheckedAt` (when it was ' +
  "last confirmed) and `hours` (the detail's `weekday`, `evening`, `weekend` and `week`; no `week` when the hours are unknown); " +
  '`acceptingNewPatients` is true exactly when the status is `accepting`. ' +
  'Example: `/doctors?openAt=2026-12-26T10:00&near=Finch&radiusKm=5&acceptingStatus=accepting,existing-patients-family`.';

/** The clinic lists' hours and graded status (issue 33). */
export const CLINIC_HOURS =
  '**Open and accepting** (issue 33): `openNow=true` keeps clinics open at the time of the ' +
  'request, `openAt=2026-12-26T10:00` those open then (Toronto time without an offset; from ' +
  "today to 60 days ahead), counting the clinic's week, Ontario's nine public holidays (closed " +
  'unless the clinic says otherwise; Easter Monday is not one) and its dated exceptions; a ' +
  'clinic of unknown hours is never kept. `acceptingStatus=accepting,existing-patients-family` ' +
  "keeps the graded statuses listed, which are Plan-Net's AcceptingPatientsCS codes: " +
  '`accepting` = newpt, `existing-patients-only` = existptonly, `existing-patients-family` = ' +
  'existptfam, `not-accepting` = nopt, `unknown` = no code. Both combine with every other ' +
  'filter, the location, the radius and the paging, and `total` stays exact. Each item answers ' +
  '`openNow` (null: hours unknown), `acceptingStatus`, `acceptingCheckedAt` (when it was last ' +
  "confirmed) and `hours` (the detail's `weekday`, `evening`, `weekend` and `week`; no `week` when the hours are unknown); " +
  '`accepting` is true exactly when the status is `accepting`.';
