/**
 * Full example answers of the OpenAPI document, one per operation: real answers of the service
 * on the demo dataset (`npm start`, 3,000 synthetic doctors), shortened to a page of two. They
 * are shown by Swagger UI instead of a skeleton of 'string' values, and
 * test/e2e/openapi-reference.test.ts validates each against its schema, so a field added to a
 * response needs its example here.
 */

/** The sandbox key of the README, published on purpose: the curl lines below work as they are. */
export const SANDBOX_KEY = 'gtad_sandbox_fgEqYTYQKwfBbddaXo1IBmJctdI8COnV18aX5h';

/** A `curl` line for an operation's description (`$KEY`: a key, e.g. the sandbox key). */
export function curl(path: string, opts: { method?: string; key?: boolean } = {}): string {
  const method = opts.method ? `-X ${opts.method} ` : '';
  const auth = opts.key === false ? '' : `-H 'Authorization: Bearer $KEY' `;
  return `\`\`\`sh\ncurl ${method}${auth}'http://localhost:3000/api/v1${path}'\n\`\`\``;
}

const SCOLLARD = {
  id: '7eb8ff8c-5e3d-477e-bc00-4a0c1b9c89aa',
  name: 'Scollard Walk-In and Family Clinic',
  address: '20 Scollard Street, Toronto, ON M5R 8R6',
  lat: 43.669779,
  lng: -79.39079,
  phone: '(647) 555-0119',
  acceptingNewPatients: true,
};

const DISCOVERY = {
  id: '0a593817-4a00-4aa3-9cd6-80317c184e54',
  name: 'Discovery District Family Medicine',
  address: '137 Elm Street, Toronto, ON M5G 3W6',
  lat: 43.658921,
  lng: -79.38802,
  phone: '(416) 555-0169',
  acceptingNewPatients: true,
};

const NEAR_M5G = { query: 'M5G 1X5', lat: 43.65817, lng: -79.388471, kind: 'postalCode' };

const LEBLANC = {
  id: 'f1c21b40-4ecb-4b20-8f00-3e590b5520a4',
  cpsoNumber: '920479',
  name: 'François Leblanc',
  gender: 'male',
  yearsOfPractice: 19,
  specialties: ['Family Medicine'],
  languages: ['English', 'French'],
  clinic: SCOLLARD,
  dataFreshness: 'unknown',
  syncedAt: '2026-09-23T14:56:58.359Z',
};

const LEBLANC_REVIEWS = [
  {
    author: 'Elana W.',
    rating: 5,
    text: 'Very happy with Dr. Leblanc. Remembers my history without having to look it up.',
    date: '2026-07-04',
    sourceUrl: 'https://reviews.example.org/doctors/920479/reviews/1',
  },
  {
    author: 'Avi D.',
    rating: 3,
    text: 'Average visit with Dr. Leblanc. Competent, but the bedside manner could be warmer.',
    date: '2025-12-14',
    sourceUrl: 'https://reviews.example.org/doctors/920479/reviews/5',
  },
];

export const EXAMPLES = {
  getApiReadiness: { status: 'ok', database: 'up', version: '1.0.0' },
  getApiReadinessDown: { status: 'unavailable', database: 'down', version: '1.0.0' },
  rotateKey: {
    key: 'gtad_live_Qm7RfT2xK9pLw4ZbN8cVd1HsJ6yGe3Ua5Xo0iB',
    key_prefix: 'gtad_live_Qm7RfT',
  },
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
        clinic: DISCOVERY,
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
      LEBLANC,
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
  /** GET /clinics?languages=French&accepting=true&near=M5G%201X5&include=notes,links&limit=2 */
  listClinics: {
    clinics: [
      {
        id: DISCOVERY.id,
        name: DISCOVERY.name,
        address: DISCOVERY.address,
        accepting: true,
        languages: ['English', 'French', 'Mandarin'],
        specialties: ['Emergency Medicine', 'Family Medicine'],
        lat: DISCOVERY.lat,
        lng: DISCOVERY.lng,
        distanceKm: 0.1,
        notes: null,
        links: [
          {
            url: 'https://discovery-district-family-medicine.example.org/forms',
            label: 'Patient forms',
          },
        ],
      },
      {
        id: '7b1c0427-3e5a-4561-a7b5-c0aa12247323',
        name: 'Discovery District Family Health Team',
        address: '2 Gerrard Street West, Suite 816, Toronto, ON M5S 7B4',
        accepting: true,
        languages: ['English', 'French'],
        specialties: ['Family Medicine'],
        lat: 43.657234,
        lng: -79.392204,
        distanceKm: 0.3,
        notes: null,
        links: [{ url: 'https://health.example.org/after-hours', label: 'After-hours care options' }],
      },
    ],
    total: 92,
    count: 2,
    nextCursor:
      'WzEsImNsaW5pY3MtbmVhciIsIjlCYmJJOGlJR01CNEpZS0IiLDIsWzMxOC4xOTAxNjQwMzUzNzI3LCI3YjFjMDQyNy0zZTVhLTQ1NjEtYTdiNS1jMGFhMTIyNDczMjMiXV0.paZewieimAJI2z09HeneVw',
    dataVersion: '17',
    near: NEAR_M5G,
  },
  /** GET /clinics/0a593817-4a00-4aa3-9cd6-80317c184e54?include=notes,links */
  getClinic: {
    clinic: {
      ...DISCOVERY,
      website: 'https://discovery-district-family-medicine.example.org',
      type: 'family-practice',
      hours: { weekday: '9:00-16:00', evening: true, weekend: false },
      accessibility: { wheelchair: true, virtualVisits: true, nearTTC: true },
      availability: {
        checkedAt: '2026-01-16T11:58:30.359Z',
        source: 'synthetic-demo:v1 (not real data)',
      },
      doctors: [
        {
          name: 'Georgia Vlachos',
          gender: 'female',
          yearsOfPractice: 44,
          languages: ['English', 'French'],
          specialties: ['Family Medicine'],
        },
        {
          name: 'Jun Chan',
          gender: 'male',
          yearsOfPractice: 26,
          languages: ['English', 'Mandarin'],
          specialties: ['Family Medicine', 'Emergency Medicine'],
        },
        {
          name: 'Rohan Das',
          gender: 'male',
          yearsOfPractice: 23,
          languages: ['English'],
          specialties: ['Family Medicine', 'Emergency Medicine'],
        },
      ],
      notes: 'On-site laboratory for blood work on weekday mornings.',
      links: [
        {
          url: 'https://discovery-district-family-medicine.example.org/forms',
          label: 'Patient forms',
        },
      ],
    },
  },
  /** GET /clinics/7eb8ff8c-5e3d-477e-bc00-4a0c1b9c89aa/reviews?limit=2 */
  listClinicReviews: {
    clinicId: SCOLLARD.id,
    aggregate: {
      avgRating: 4.5,
      count: 6,
      byDimension: [
        { dimension: 'punctuality', avgRating: 3.75, count: 4 },
        { dimension: 'helpfulness', avgRating: 4, count: 3 },
        { dimension: 'knowledge', avgRating: 4, count: 3 },
        { dimension: 'staff', avgRating: 5, count: 3 },
      ],
    },
    reviews: [
      {
        author: 'Philippe A.',
        rating: 5,
        text: 'Glad I found this clinic. Easy to book and they called back the same day.',
        date: '2026-04-25',
        sourceUrl: `https://reviews.example.org/clinics/${SCOLLARD.id}/reviews/4`,
      },
      {
        author: 'Marta R.',
        rating: 5,
        text: 'Great clinic. Everything ran on time.',
        date: '2025-09-01',
        sourceUrl: null,
      },
    ],
    total: 6,
    count: 2,
    nextCursor:
      'WzEsImNsaW5pYy1yZXZpZXdzIiwiLXJZSy1BMWtfLTRDWkhmMSIsMixbIjIwMjUtMDktMDEiLCIwMDAwNTU1Ny02MDQ0LTQwYzMtYjE5Yy00NTk4MDcxNmQ2ZTMiXV0.mC_kGh7yKOSRPsaZp_qmZQ',
    dataVersion: '17',
  },
  /** GET /clinics/7eb8ff8c-5e3d-477e-bc00-4a0c1b9c89aa/signals */
  getClinicSignals: {
    clinicId: SCOLLARD.id,
    minSample: 5,
    reviewCount: 6,
    signals: [
      { dimension: 'punctuality', count: 4, avgRating: null, sufficient: false },
      { dimension: 'helpfulness', count: 3, avgRating: null, sufficient: false },
      { dimension: 'knowledge', count: 3, avgRating: null, sufficient: false },
      { dimension: 'staff', count: 3, avgRating: null, sufficient: false },
    ],
  },
  /** GET /specialists?specialty=Cardiology&near=M5G%201X5&limit=2 */
  listSpecialists: {
    clinics: [
      {
        id: '6e44e432-e145-487e-bd79-2540f73e3a56',
        name: 'Yorkville Hospital Outpatient Clinics',
        specialty: 'Cardiology',
        languages: ['English'],
        accepting: false,
        wait_weeks: 12,
        distanceKm: 1.3,
      },
      {
        id: '61dff0bd-f2d4-4512-bd6e-7808a99d5e48',
        name: "Financial District Children's Centre",
        specialty: 'Cardiology',
        languages: ['English', 'Hindi'],
        accepting: true,
        wait_weeks: 14,
        distanceKm: 1.6,
      },
    ],
    total: 27,
    count: 2,
    nextCursor:
      'WzEsInNwZWNpYWxpc3RzLW5lYXIiLCJaay1ydk9fWDBRSjJCYXY4IiwyLFsxNjExLjcyNjI3NDQ4NjI5MjgsIjYxZGZmMGJkLWYyZDQtNDUxMi1iZDZlLTc4MDhhOTlkNWU0OCIsMTJdXQ.3S4uAGLjGmONnvphGbI_4Q',
    dataVersion: '17',
    near: NEAR_M5G,
  },
  listSpecialties: {
    specialties: [
      { name: 'Family Medicine', doctorCount: 1766 },
      { name: 'Internal Medicine', doctorCount: 225 },
      { name: 'Emergency Medicine', doctorCount: 151 },
      { name: 'Psychiatry', doctorCount: 130 },
      { name: 'Pediatrics', doctorCount: 118 },
      { name: 'Anesthesiology', doctorCount: 103 },
      { name: 'Obstetrics and Gynecology', doctorCount: 73 },
      { name: 'Diagnostic Radiology', doctorCount: 69 },
      { name: 'General Surgery', doctorCount: 50 },
      { name: 'Ophthalmology', doctorCount: 48 },
      { name: 'Cardiology', doctorCount: 42 },
      { name: 'Gastroenterology', doctorCount: 39 },
      { name: 'Dermatology', doctorCount: 37 },
      { name: 'Orthopedic Surgery', doctorCount: 36 },
      { name: 'Urology', doctorCount: 33 },
      { name: 'Endocrinology', doctorCount: 28 },
      { name: 'Neurology', doctorCount: 25 },
      { name: 'Medical Oncology', doctorCount: 24 },
      { name: 'Otolaryngology', doctorCount: 19 },
      { name: 'Rheumatology', doctorCount: 18 },
      { name: 'Nephrology', doctorCount: 16 },
      { name: 'Physical Medicine and Rehabilitation', doctorCount: 14 },
      { name: 'Respirology', doctorCount: 14 },
      { name: 'Hematology', doctorCount: 13 },
      { name: 'Plastic Surgery', doctorCount: 12 },
      { name: 'Vascular Surgery', doctorCount: 12 },
      { name: 'Geriatric Medicine', doctorCount: 9 },
      { name: 'Allergy and Clinical Immunology', doctorCount: 8 },
      { name: 'Infectious Diseases', doctorCount: 7 },
      { name: 'Neurosurgery', doctorCount: 7 },
    ],
    count: 30,
  },
  listLanguages: {
    languages: [
      { name: 'English', doctorCount: 2966 },
      { name: 'French', doctorCount: 403 },
      { name: 'Mandarin', doctorCount: 225 },
      { name: 'Cantonese', doctorCount: 197 },
      { name: 'Hindi', doctorCount: 160 },
      { name: 'Spanish', doctorCount: 122 },
      { name: 'Punjabi', doctorCount: 112 },
      { name: 'Arabic', doctorCount: 103 },
      { name: 'Urdu', doctorCount: 93 },
      { name: 'Russian', doctorCount: 84 },
      { name: 'Persian (Farsi)', doctorCount: 80 },
      { name: 'Italian', doctorCount: 70 },
      { name: 'Tamil', doctorCount: 69 },
      { name: 'Gujarati', doctorCount: 65 },
      { name: 'Portuguese', doctorCount: 65 },
      { name: 'Korean', doctorCount: 63 },
      { name: 'Tagalog', doctorCount: 63 },
      { name: 'Hebrew', doctorCount: 50 },
      { name: 'Polish', doctorCount: 38 },
      { name: 'Greek', doctorCount: 33 },
      { name: 'Ukrainian', doctorCount: 33 },
      { name: 'Somali', doctorCount: 27 },
      { name: 'Vietnamese', doctorCount: 22 },
      { name: 'Bengali', doctorCount: 21 },
      { name: 'German', doctorCount: 20 },
      { name: 'Turkish', doctorCount: 7 },
    ],
    count: 26,
  },
};
