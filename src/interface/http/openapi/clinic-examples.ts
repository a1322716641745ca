import { ListHoursDto } from '../clinics/dto/opening-hours.dto';
import { SCOLLARD, DISCOVERY, DISCOVERY_WEEK, NEAR_M5G } from './example-records';

/** Example answers of the clinic and specialist operations (see examples.ts). */
export const CLINIC_EXAMPLES = {
  /** GET /clinics?languages=French&accepting=true&near=M5G%201X5&include=notes,links&limit=2 */
  listClinics: {
    clinics: [
      {
        id: DISCOVERY.id,
        name: DISCOVERY.name,
        address: DISCOVERY.address,
        accepting: true,
        openNow: true,
        acceptingStatus: 'accepting',
        acceptingCheckedAt: '2026-01-16T11:58:30.359Z',
        hours: ListHoursDto.ofWeek(DISCOVERY_WEEK),
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
        openNow: false,
        acceptingStatus: 'accepting',
        acceptingCheckedAt: '2026-01-12T09:15:00.000Z',
        hours: ListHoursDto.ofWeek({
          mon: [{ open: '08:30', close: '16:30' }],
          tue: [{ open: '08:30', close: '16:30' }],
          wed: [{ open: '08:30', close: '16:30' }],
          thu: [{ open: '08:30', close: '16:30' }],
          fri: [{ open: '08:30', close: '12:00' }],
          sat: [],
          sun: [],
        }),
        languages: ['English', 'French'],
        specialties: ['Family Medicine'],
        lat: 43.657234,
        lng: -79.392204,
        distanceKm: 0.3,
        notes: null,
        links: [
          { url: 'https://health.example.org/after-hours', label: 'After-hours care options' },
        ],
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
      // Issue 33: the week, the closures ahead (holidays and the clinic's own), open now and the
      // next edges, at Monday 2026-12-21 15:30 in Toronto.
      hours: {
        weekday: '9:00-16:00',
        evening: true,
        weekend: false,
        week: DISCOVERY_WEEK,
        exceptions: [
          {
            date: '2026-12-24',
            ranges: [{ open: '09:00', close: '12:00' }],
            reason: 'Christmas Eve',
          },
          { date: '2026-12-25', closed: true, reason: 'Christmas Day' },
          { date: '2026-12-26', closed: true, reason: 'Boxing Day' },
          { date: '2027-01-01', closed: true, reason: "New Year's Day" },
          { date: '2027-02-15', closed: true, reason: 'Family Day' },
        ],
      },
      openNow: true,
      nextOpen: '2026-12-22T09:00:00-05:00',
      nextClose: '2026-12-21T16:00:00-05:00',
      acceptingStatus: 'accepting',
      acceptingCheckedAt: '2026-01-16T11:58:30.359Z',
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
        openNow: true,
        acceptingStatus: 'existing-patients-only',
        acceptingCheckedAt: '2026-02-03T14:20:00.000Z',
        hours: ListHoursDto.ofWeek({
          mon: [{ open: '08:00', close: '16:00' }],
          tue: [{ open: '08:00', close: '16:00' }],
          wed: [{ open: '08:00', close: '16:00' }],
          thu: [{ open: '08:00', close: '16:00' }],
          fri: [{ open: '08:00', close: '16:00' }],
          sat: [],
          sun: [],
        }),
        wait_weeks: 12,
        distanceKm: 1.3,
      },
      {
        id: '61dff0bd-f2d4-4512-bd6e-7808a99d5e48',
        name: "Financial District Children's Centre",
        specialty: 'Cardiology',
        languages: ['English', 'Hindi'],
        accepting: true,
        openNow: false,
        acceptingStatus: 'accepting',
        acceptingCheckedAt: null,
        hours: ListHoursDto.ofWeek({
          mon: [{ open: '09:00', close: '17:00' }],
          tue: [{ open: '09:00', close: '17:00' }],
          wed: [{ open: '09:00', close: '17:00' }],
          thu: [{ open: '09:00', close: '17:00' }],
          fri: [{ open: '09:00', close: '13:00' }],
          sat: [],
          sun: [],
        }),
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
};
