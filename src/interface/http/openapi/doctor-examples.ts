import { ListHoursDto } from '../clinics/dto/opening-hours.dto';
import {
  DISCOVERY,
  DISCOVERY_WEEK,
  NEAR_M5G,
  LEBLANC,
  LEBLANC_REVIEWS,
  SCOLLARD,
} from './example-records';

const DAY = [
  { open: '08:00', close: '12:00' },
  { open: '13:00', close: '20:00' },
];
const SCOLLARD_WEEK = {
  mon: DAY,
  tue: DAY,
  wed: DAY,
  thu: DAY,
  fri: DAY,
  sat: [{ open: '09:00', close: '13:00' }],
  sun: [],
};

/**
 * A doctor's primary clinic as the lists answer it (issue 33: open now, graded status, date, and
 * the regular week as `hours.week`).
 */
const DISCOVERY_ITEM = {
  ...DISCOVERY,
  acceptingStatus: 'accepting',
  acceptingCheckedAt: '2026-10-28T15:12:40.359Z',
  openNow: true,
  hours: ListHoursDto.ofWeek(DISCOVERY_WEEK),
};
const SCOLLARD_ITEM = {
  ...SCOLLARD,
  acceptingStatus: 'accepting',
  acceptingCheckedAt: null,
  openNow: true,
  hours: ListHoursDto.ofWeek(SCOLLARD_WEEK),
};
const LEBLANC_ITEM = { ...LEBLANC, clinic: SCOLLARD_ITEM };
/** The detail's clinic: the list item's, with its hours as GET /clinics/{id} answers them. */
const SCOLLARD_DETAIL = {
  ...SCOLLARD_ITEM,
  hours: {
    weekday: '8:00-20:00',
    evening: true,
    weekend: true,
    week: SCOLLARD_WEEK,
    exceptions: [
      { date: '2026-12-24', ranges: [{ open: '08:00', close: '12:00' }], reason: 'Christmas Eve' },
      { date: '2026-12-25', closed: true, reason: 'Christmas Day' },
      { date: '2026-12-26', ranges: [{ open: '10:00', close: '14:00' }], reason: 'Boxing Day' },
    ],
  },
  nextOpen: '2026-11-23T13:00:00-05:00',
  nextClose: '2026-11-23T12:00:00-05:00',
};

/** Example answers of the doctor operations (see examples.ts). */
export const DOCTOR_EXAMPLES = {
  /** GET /doctors?languages=French&accepting=true&near=M5G%201X5&limit=2 */
  listDoctors: {
    doctors: [
      {
        id: '9f0a6978-52e7-4425-a5b8-8fd104e6bb05',
        cpsoNumber: '920720',
        name: 'Georgia Vlachos',
        gender: 'female',
        yearsOfPractice: 44,
        specialties: ['Family Medicine'],
        languages: ['English', 'French'],
        clinic: DISCOVERY_ITEM,
        dataFreshness: 'stale',
        syncedAt: '2026-11-23T08:28:17.359Z',
        distanceKm: 0.1,
      },
      {
        id: '48680111-e6ba-4f9d-af6a-94d5e3aff93f',
        cpsoNumber: '914079',
        name: 'Laura McKenzie',
        gender: 'female',
        yearsOfPractice: 13,
        specialties: ['Family Medicine'],
        languages: ['English', 'French'],
        clinic: {
          id: '7b1c0427-3e5a-4561-a7b5-c0aa12247323',
          name: 'Discovery District Family Health Team',
          address: '2 Gerrard Street West, Suite 816, Toronto, ON M5S 7B4',
          lat: 43.657234,
          lng: -79.392204,
          phone: '(437) 555-0111',
          acceptingNewPatients: true,
          acceptingStatus: 'accepting',
          acceptingCheckedAt: '2026-09-14T10:02:11.359Z',
          openNow: false,
          hours: ListHoursDto.ofWeek({
            mon: [{ open: '08:30', close: '16:30' }],
            tue: [{ open: '08:30', close: '16:30' }],
            wed: [{ open: '08:30', close: '16:30' }],
            thu: [{ open: '08:30', close: '16:30' }],
            fri: [{ open: '08:30', close: '12:00' }],
            sat: [],
            sun: [],
          }),
        },
        dataFreshness: 'stale',
        syncedAt: '2026-10-09T19:30:53.359Z',
        distanceKm: 0.3,
      },
    ],
    total: 115,
    count: 2,
    nextCursor:
      'WzEsImRvY3RvcnMtbmVhciIsIldQVXdyQS10M0tRQVJxVWMiLDIsWzMxOC4xOTAxNjQwMzUzNzI3LCJsYXVyYSBtY2tlbnppZSIsIjkxNDA3OSJdXQ.3DP6MEbZI8fxu76oGZq2lA',
    dataVersion: '17',
    near: NEAR_M5G,
  },
  /** GET /doctors/search?q=Leblanc&limit=2 */
  searchDoctors: {
    doctors: [
      LEBLANC_ITEM,
      {
        id: '2f4d9238-5ee4-43f9-9869-410051b00741',
        cpsoNumber: '933787',
        name: 'Julie Leblanc',
        gender: 'female',
        yearsOfPractice: 28,
        specialties: ['Family Medicine'],
        languages: ['English', 'French'],
        clinic: {
          id: 'a01b1ba9-d40b-4155-b91b-ce6f10b50828',
          name: 'Uptown Core Medical Walk-In',
          address: '52 Trafalgar Road, Unit 24, Oakville, ON L6M 4J7',
          lat: 43.474178,
          lng: -79.704149,
          phone: '(289) 555-0156',
          acceptingNewPatients: true,
          acceptingStatus: 'accepting',
          acceptingCheckedAt: '2026-11-09T16:45:00.359Z',
          openNow: false,
          hours: ListHoursDto.ofWeek({
            mon: [{ open: '09:00', close: '21:00' }],
            tue: [{ open: '09:00', close: '21:00' }],
            wed: [{ open: '09:00', close: '21:00' }],
            thu: [{ open: '09:00', close: '21:00' }],
            fri: [{ open: '09:00', close: '21:00' }],
            sat: [{ open: '10:00', close: '16:00' }],
            sun: [{ open: '10:00', close: '16:00' }],
          }),
        },
        dataFreshness: 'fresh',
        syncedAt: '2026-10-02T07:23:24.359Z',
      },
    ],
    total: 3,
    count: 2,
    nextCursor:
      'WzEsInNlYXJjaCIsIlhBTnZVeXozd0lQR2RGek0iLDIsWzIsMCwianVsaWUgbGVibGFuYyIsIjkzMzc4NyJdXQ.iVJbsvXIyp_-rz83D_KMYg',
    dataVersion: '17',
  },
  getDoctorSummary: {
    totalDoctors: 2978,
    acceptingNewPatients: 966,
    bySpecialty: [
      { specialty: 'Family Medicine', count: 1766 },
      { specialty: 'Internal Medicine', count: 225 },
      { specialty: 'Emergency Medicine', count: 151 },
      { specialty: 'Psychiatry', count: 130 },
      { specialty: 'Pediatrics', count: 118 },
      { specialty: 'Anesthesiology', count: 103 },
      { specialty: 'Obstetrics and Gynecology', count: 73 },
      { specialty: 'Diagnostic Radiology', count: 69 },
      { specialty: 'General Surgery', count: 50 },
      { specialty: 'Ophthalmology', count: 48 },
      { specialty: 'Cardiology', count: 42 },
      { specialty: 'Gastroenterology', count: 39 },
      { specialty: 'Dermatology', count: 37 },
      { specialty: 'Orthopedic Surgery', count: 36 },
      { specialty: 'Urology', count: 33 },
      { specialty: 'Endocrinology', count: 28 },
      { specialty: 'Neurology', count: 25 },
      { specialty: 'Medical Oncology', count: 24 },
      { specialty: 'Otolaryngology', count: 19 },
      { specialty: 'Rheumatology', count: 18 },
      { specialty: 'Nephrology', count: 16 },
      { specialty: 'Physical Medicine and Rehabilitation', count: 14 },
      { specialty: 'Respirology', count: 14 },
      { specialty: 'Hematology', count: 13 },
      { specialty: 'Plastic Surgery', count: 12 },
      { specialty: 'Vascular Surgery', count: 12 },
      { specialty: 'Geriatric Medicine', count: 9 },
      { specialty: 'Allergy and Clinical Immunology', count: 8 },
      { specialty: 'Infectious Diseases', count: 7 },
      { specialty: 'Neurosurgery', count: 7 },
    ],
    dataFreshness: { fresh: 1710, stale: 903, unknown: 365, coveragePct: 87.7 },
  },
  /** GET /doctors/920479 */
  getDoctor: {
    doctor: {
      ...LEBLANC,
      clinic: SCOLLARD_DETAIL,
      referralRequired: false,
      bookingMethod: {
        phone: '(647) 555-0119',
        online: 'https://scollard-walk-in-and-family-clinic.example.org/book?provider=920479',
        referralOnly: false,
      },
      rating: { positive: 7, negative: 0, reviewCount: 8 },
      reviews: LEBLANC_REVIEWS,
      expiredAt: null,
      source: 'synthetic-demo:v1 (not real data)',
    },
  },
  /** GET /doctors/920479/reviews?limit=2 */
  listDoctorReviews: {
    doctorCpso: '920479',
    reviews: LEBLANC_REVIEWS,
    total: 8,
    count: 2,
    nextCursor:
      'WzEsImRvY3Rvci1yZXZpZXdzIiwiMnRjOWJ6NXZRUmtPbmhYMCIsMixbIjIwMjUtMTItMTQiLCIwMDAwMGVkNC0yNjRhLTQ5Y2ItOTY1ZC0yODNjZGJlNzk5OWMiXV0.ircRvcwS5005k2G5XpJYwg',
    dataVersion: '17',
  },
  /** GET /doctors/920479/signals */
  getDoctorSignals: {
    cpsoNumber: '920479',
    minSample: 5,
    reviewCount: 8,
    signals: [
      { dimension: 'punctuality', count: 6, avgRating: 4.17, sufficient: true },
      { dimension: 'helpfulness', count: 6, avgRating: 3.33, sufficient: true },
      { dimension: 'knowledge', count: 7, avgRating: 3.57, sufficient: true },
      { dimension: 'staff', count: 6, avgRating: 3.83, sufficient: true },
    ],
  },
};
