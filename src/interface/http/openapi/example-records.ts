/** The demo records the example answers share (real rows of the demo dataset). */

export const SCOLLARD = {
  id: '7eb8ff8c-5e3d-477e-bc00-4a0c1b9c89aa',
  name: 'Scollard Walk-In and Family Clinic',
  address: '20 Scollard Street, Toronto, ON M5R 8R6',
  lat: 43.669779,
  lng: -79.39079,
  phone: '(647) 555-0119',
  acceptingNewPatients: true,
};

export const DISCOVERY = {
  id: '0a593817-4a00-4aa3-9cd6-80317c184e54',
  name: 'Discovery District Family Medicine',
  address: '137 Elm Street, Toronto, ON M5G 3W6',
  lat: 43.658921,
  lng: -79.38802,
  phone: '(416) 555-0169',
  acceptingNewPatients: true,
};

/** Discovery's regular week (its detail's `hours.week`, each list item's `hours.week`). */
export const DISCOVERY_WEEK = {
  mon: [{ open: '09:00', close: '16:00' }],
  tue: [
    { open: '09:00', close: '12:00' },
    { open: '13:00', close: '20:00' },
  ],
  wed: [{ open: '09:00', close: '16:00' }],
  thu: [{ open: '09:00', close: '20:00' }],
  fri: [{ open: '09:00', close: '16:00' }],
  sat: [],
  sun: [],
};

export const NEAR_M5G = { query: 'M5G 1X5', lat: 43.65817, lng: -79.388471, kind: 'postalCode' };

export const LEBLANC = {
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

export const LEBLANC_REVIEWS = [
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
