import { curl } from './examples';
import {
  PAGING,
  SANDBOX,
  LOCATION,
  FRESHNESS,
  AUTH_ERRORS,
  LIST_ERRORS,
  ID_ERRORS,
  lines,
  DOCTOR_HOURS,
  CLINIC_HOURS,
} from './operation-texts';

/**
 * Summary and description of each operation of the OpenAPI document (Markdown, shown by
 * Swagger UI): what it answers, in which order, paging and the sandbox caps, its errors, and an
 * example request. test/e2e/openapi-reference.test.ts fails for an operation without them.
 */

export const OPERATIONS = {
  getApiReadiness: {
    operationId: 'getApiReadiness',
    summary: 'Readiness: one database round trip',
    description: lines(
      'Whether this instance can answer directory requests: 200 `{"status": "ok", "database": ' +
        '"up"}` after one database round trip, else 503 with `"status": "unavailable"` and ' +
        '`"database": "down"`. No credential needed; for load balancers and orchestrators. ' +
        '`Cache-Control: no-store`.',
      curl('/', { key: false }),
    ),
  },
  getApiLiveness: {
    operationId: 'getApiLiveness',
    summary: 'Liveness: never touches the database',
    description: lines(
      'Answers the word `pong` as `text/plain` while the process serves HTTP, whether or not the ' +
        'database is up (use `GET /api/v1/` for readiness). No credential needed.',
      curl('/ping', { key: false }),
    ),
  },
  rotateKey: {
    operationId: 'rotateKey',
    summary: 'Rotate the paid key that authenticates this request',
    description: lines(
      'No request body. The presenting live key is revoked at once (401 afterwards, no grace ' +
        'period) and a new key of the same tier is returned exactly once: store it before ' +
        'anything else. Free and unlimited; no second key is created, and the rate limit carries ' +
        'over to the new key.',
      '**Errors:** 403 `not_rotatable` for a sandbox, gateway or admin key; 401 `missing_key` or ' +
        '`invalid_key`; 429 `rate_limited`; 400 `invalid_param` for a malformed request; 503 ' +
        '`unavailable`.',
      curl('/keys/rotate', { method: 'POST' }),
    ),
  },
  listDoctors: {
    operationId: 'listDoctors',
    summary:
      'Practising doctors, by name; nearest primary clinic first when lat/lng or near are sent',
    description: lines(
      'Practising doctors matching every filter sent (filters combine with AND; a comma list ' +
        'such as `languages=French,Tamil` matches any of its names, case-insensitively). Each ' +
        'doctor carries the primary clinic; the clinic filters (`accepting`, `evening`, ' +
        '`weekend`, `wheelchair`, `virtualVisits`, `nearTTC`) apply to it. ' +
        FRESHNESS,
      DOCTOR_HOURS,
      '**Order:** by name, then CPSO number; with a location, nearest primary clinic first.',
      '**Batch lookup:** `cpso=920479,920720` (up to 100 numbers, alone) answers those doctors ' +
        'in the order asked, and `notFound` the numbers of no practising doctor.',
      LOCATION,
      PAGING,
      SANDBOX,
      LIST_ERRORS,
      curl('/doctors?languages=French&accepting=true&near=M5G%201X5&limit=2'),
    ),
  },
  searchDoctors: {
    operationId: 'searchDoctors',
    summary:
      'Doctors by name or CPSO number; by rank, then distance when a location is sent, else name',
    description: lines(
      '`q` (at least 2 characters once trimmed, at most 100) is matched case-insensitively ' +
        'against the name, or exactly against a CPSO number; the filters of `GET /doctors` also ' +
        'apply (`openNow`, `openAt` and `acceptingStatus` included: see `GET /doctors`). ' +
        FRESHNESS,
      '**Order:** the exact CPSO match first, then names starting with `q`, then other name ' +
        'matches; ties by name, then CPSO number (with a location: nearest first within each rank).',
      PAGING,
      SANDBOX,
      '**Errors:** 400 `missing_param` when `q` is absent or shorter than 2 characters, ' +
        '`invalid_param` for a malformed filter or a `q` over 100 characters; ' +
        AUTH_ERRORS,
      curl('/doctors/search?q=Leblanc&limit=2'),
    ),
  },
  getDoctorSummary: {
    operationId: 'getDoctorSummary',
    summary: 'Directory totals',
    description: lines(
      'Counts over practising doctors: how many, how many at a clinic accepting new patients, ' +
        'per specialty (most doctors first, then by name), and how fresh their availability data ' +
        'is (`coveragePct` = (fresh + stale) / totalDoctors x 100, one decimal). Takes no ' +
        'parameters.',
      `**Errors:** ${AUTH_ERRORS}`,
      curl('/doctors/summary'),
    ),
  },
  getDoctor: {
    operationId: 'getDoctor',
    summary: 'One doctor, with rating and recent reviews',
    description: lines(
      'The doctor with this CPSO number: the list fields plus referral and booking details, the ' +
        'rating counts, the 5 most recent reviews (newest first) and `expiredAt`. A doctor who ' +
        'no longer practises at the listed clinic still answers, with `expiredAt` set. ' +
        FRESHNESS,
      "**The clinic's hours** (added for issue 33): `clinic.hours` keeps `weekday`, `evening` " +
        'and `weekend` and adds `week` (mon … sun, each a list of `{open, close}`, Toronto ' +
        'wall clock, `24:00` as a close; null when unknown) and `exceptions` (dated closures and ' +
        "special hours from today through 60 days ahead: the clinic's own and Ontario's public " +
        'holidays that change its hours, with a `reason`); beside it `openNow`, `nextOpen` and ' +
        '`nextClose` (within 7 days, with the Toronto offset), `acceptingStatus` and ' +
        '`acceptingCheckedAt`, as `GET /clinics/{id}` answers them.',
      ID_ERRORS('CPSO number'),
      curl('/doctors/920479'),
    ),
  },
  listDoctorReviews: {
    operationId: 'listDoctorReviews',
    summary: "A doctor's reviews, newest first",
    description: lines(
      'Every review of the doctor, newest first, each with the `sourceUrl` where it was ' +
        'published.',
      PAGING,
      SANDBOX,
      ID_ERRORS('CPSO number'),
      curl('/doctors/920479/reviews?limit=2'),
    ),
  },
  getDoctorSignals: {
    operationId: 'getDoctorSignals',
    summary: 'Per-dimension review signals with a minimum sample',
    description: lines(
      'One entry per review dimension (punctuality, helpfulness, knowledge, staff, in that ' +
        'order): how many reviews rated it and their average, rounded to 2 decimals, only when ' +
        'at least `minSample` (5 by default) did; below that `avgRating` is null and ' +
        '`sufficient` false.',
      ID_ERRORS('CPSO number'),
      curl('/doctors/920479/signals'),
    ),
  },
  listClinics: {
    operationId: 'listClinics',
    summary: 'Clinics, nearest first when lat/lng or near are sent, else by name',
    description: lines(
      'Clinics matching every filter sent. The doctor filters (`gender`, `languages`, ' +
        '`minYears`, `maxYears`, `specialties`) keep a clinic when one of its doctors meets them ' +
        "all; a clinic's `languages` and `specialties` are the union over its doctors. " +
        '`include=notes,links` adds those fields.',
      '**Order:** by name, then id; with a location, nearest first.',
      '**Batch lookup:** `id=<uuid>,<uuid>` (up to 100 ids, alone or with `include`) answers ' +
        'those clinics in the order asked, and `notFound` the ids of no clinic.',
      CLINIC_HOURS,
      LOCATION,
      PAGING,
      SANDBOX,
      LIST_ERRORS.replace('an unknown `gender`', 'an unknown `gender` or `include` token'),
      curl('/clinics?languages=French&accepting=true&near=M5G%201X5&include=notes,links&limit=2'),
    ),
  },
  getClinic: {
    operationId: 'getClinic',
    summary: 'One clinic with hours, accessibility and doctors',
    description: lines(
      'The clinic with this id: contact details, website, type, hours, accessibility, where and ' +
        'when its availability was checked, and its practising doctors by name. ' +
        '`include=notes,links` adds those fields. ' +
        FRESHNESS,
      '**Hours** (issue 33): `hours.week` gives the regular week (Toronto wall clock, `24:00` as ' +
        'a close; null when unknown) and `hours.exceptions` the dated closures and special hours ' +
        "from today through 60 days ahead: the clinic's own, and each of Ontario's nine public " +
        'holidays that changes its hours, with the reason. `openNow` (null when the hours are ' +
        'unknown), `nextOpen` and `nextClose` (within 7 days, with the Toronto offset, across the ' +
        'daylight-saving changes) are computed at the time of the request. `acceptingStatus` is ' +
        'the graded status (Plan-Net: accepting = newpt, existing-patients-only = existptonly, ' +
        'existing-patients-family = existptfam, not-accepting = nopt, unknown = no code) and ' +
        '`acceptingCheckedAt` when it was last confirmed; `acceptingNewPatients` is true exactly ' +
        'when the status is `accepting`.',
      ID_ERRORS('clinic id'),
      curl('/clinics/0a593817-4a00-4aa3-9cd6-80317c184e54?include=notes,links'),
    ),
  },
  listClinicReviews: {
    operationId: 'listClinicReviews',
    summary: "A clinic's reviews, newest first, with the aggregate",
    description: lines(
      "The clinic's reviews, newest first, and their aggregate over all of them (average and " +
        'count overall and per dimension). A clinic without reviews answers `avgRating` null and ' +
        'zero counts.',
      PAGING,
      SANDBOX,
      ID_ERRORS('clinic id'),
      curl('/clinics/7eb8ff8c-5e3d-477e-bc00-4a0c1b9c89aa/reviews?limit=2'),
    ),
  },
  getClinicSignals: {
    operationId: 'getClinicSignals',
    summary: 'Per-dimension clinic review signals with a minimum sample',
    description: lines(
      "The clinic's reviews per dimension (punctuality, helpfulness, knowledge, staff, in that " +
        'order): count, and the average rounded to 2 decimals only when at least `minSample` (5 ' +
        'by default) rated it; below that `avgRating` is null and `sufficient` false.',
      ID_ERRORS('clinic id'),
      curl('/clinics/7eb8ff8c-5e3d-477e-bc00-4a0c1b9c89aa/signals'),
    ),
  },
  listSpecialists: {
    operationId: 'listSpecialists',
    summary:
      '(clinic, specialty) pairs with referral waits; nearest first when lat/lng or near are sent, else by wait',
    description: lines(
      'Clinics offering the specialty, one item per (clinic, specialty) pair with the estimated ' +
        'referral wait in weeks; `total` counts pairs. `specialty` is required; `specialties` ' +
        '(a comma list) wins when both are sent. The other filters are those of `GET /clinics` ' +
        '(without `hasWebsite` and `include`).',
      '**Order:** shortest `wait_weeks` first, then name, then id; with a location, nearest first.',
      CLINIC_HOURS,
      LOCATION,
      PAGING,
      SANDBOX,
      LIST_ERRORS.replace(
        '400 `invalid_param`',
        '400 `missing_param` without `specialty`; `invalid_param`',
      ),
      curl('/specialists?specialty=Cardiology&near=M5G%201X5&limit=2'),
    ),
  },
  listSpecialties: {
    operationId: 'listSpecialties',
    summary: 'Supported specialties, by doctor count',
    description: lines(
      'Every specialty of the directory with its number of practising doctors, most doctors ' +
        'first, then by name; the names are the canonical spellings the filters accept ' +
        '(case-insensitively). Takes no parameters and is not paged.',
      `**Errors:** ${AUTH_ERRORS}`,
      curl('/metadata/specialties'),
    ),
  },
  listLanguages: {
    operationId: 'listLanguages',
    summary: 'Spoken languages, by doctor count',
    description: lines(
      'Every language spoken by a practising doctor, with how many speak it, most doctors ' +
        'first, then by name; the names the `languages` filter accepts (case-insensitively). ' +
        'Takes no parameters and is not paged.',
      `**Errors:** ${AUTH_ERRORS}`,
      curl('/metadata/languages'),
    ),
  },
};
