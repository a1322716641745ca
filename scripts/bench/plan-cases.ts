import { cursorPages, Query, request, Samples, Target } from './endpoints';

/** What a statement is for; `aggregate` reads the whole directory by nature (summary, metadata). */
export type PlanKind = 'list' | 'item' | 'aggregate';

export interface PlanCase {
  readonly name: string;
  readonly kind: PlanKind;
  readonly target: Target;
}

const list = (name: string, target: Target): PlanCase => ({ name, kind: 'list', target });
const item = (name: string, target: Target): PlanCase => ({ name, kind: 'item', target });

/**
 * Every read the repositories make, with realistic parameters from the data: each doctor filter
 * alone and in the combinations of the bench, search by 2 and 3 letters and by CPSO, clinics by
 * name and by distance with each kind of filter, specialists by wait and by distance, the item
 * reads, and the aggregates.
 */
export function planCases(s: Samples): PlanCase[] {
  const lang = s.languages.includes('Punjabi') ? 'Punjabi' : s.languages[0];
  const commonLang = s.languages[0];
  const spec = s.specialties.includes('Cardiology') ? 'Cardiology' : s.specialties[1];
  const commonSpec = s.specialties[0];
  const [p1, p2] = s.points;
  const cpso = s.cpsos[0];
  const clinic = s.clinicIds[0];
  const doctorFilters: [string, Query][] = [
    ['no filter', {}],
    ['no filter, deep page', { offset: 5000 }],
    [`specialties=${spec}`, { specialties: spec }],
    [`specialties=${commonSpec}`, { specialties: commonSpec }],
    [`languages=${lang}`, { languages: lang }],
    [`languages=${commonLang}`, { languages: commonLang }],
    ['gender=non-binary', { gender: 'non-binary' }],
    ['minYears=30', { minYears: 30 }],
    ['maxYears=3', { maxYears: 3 }],
    ['accepting=true', { accepting: true }],
    ['accepting=false', { accepting: false }],
    ['evening=true', { evening: true }],
    ['weekend=true', { weekend: true }],
    ['wheelchair=false', { wheelchair: false }],
    ['virtualVisits=true', { virtualVisits: true }],
    ['nearTTC=true', { nearTTC: true }],
    [`accepting=true&languages=${lang}`, { accepting: true, languages: lang }],
    [`specialties=${spec}&gender=female`, { specialties: spec, gender: 'female' }],
    ['evening=true&nearTTC=true', { evening: true, nearTTC: true }],
    ['minYears=10&maxYears=30', { minYears: 10, maxYears: 30 }],
    [
      `specialties=${spec}&languages=${lang}&accepting=true&weekend=true`,
      { specialties: spec, languages: lang, accepting: true, weekend: true },
    ],
  ];
  const clinicFilters: [string, Query][] = [
    ['no filter', {}],
    ['accepting=true', { accepting: true }],
    ['evening=true&weekend=true', { evening: true, weekend: true }],
    ['hasWebsite=false', { hasWebsite: false }],
    [`languages=${lang}`, { languages: lang }],
    [`specialties=${spec}`, { specialties: spec }],
    [
      `specialties=${commonSpec}&gender=female&minYears=10`,
      { specialties: commonSpec, gender: 'female', minYears: 10 },
    ],
  ];
  const near = (p: { lat: number; lng: number }) => ({ lat: p.lat, lng: p.lng });
  return [
    ...doctorFilters.map(([n, q]) => list(`/doctors ${n}`, request.doctors(q))),
    // Cursor pages (issue 34, item 5): after the 25th row, and 90% down the list.
    list('/doctors cursor page, start', cursorPages(s.pageKeys.start, 25, 'plans')[0]),
    list(
      `/doctors cursor page, row ${s.pageKeys.deepRow}`,
      cursorPages(s.pageKeys.deep, s.pageKeys.deepRow, 'plans')[0],
    ),
    list(`/doctors/search q=${s.prefixes2[0]}`, request.search({ q: s.prefixes2[0] })),
    list(`/doctors/search q=${s.prefixes3[0]}`, request.search({ q: s.prefixes3[0] })),
    list(
      `/doctors/search q=${s.prefixes3[1]}&accepting=true`,
      request.search({ q: s.prefixes3[1], accepting: true }),
    ),
    list(`/doctors/search q=<cpso>`, request.search({ q: cpso })),
    ...clinicFilters.map(([n, q]) => list(`/clinics ${n}`, request.clinics(q))),
    ...clinicFilters.map(([n, q]) =>
      list(`/clinics near ${n}`, request.clinics({ ...near(p1), ...q })),
    ),
    list(`/doctors near`, request.doctors(near(p1))),
    list(`/doctors near, deep page`, request.doctors({ ...near(p1), offset: 2000 })),
    list(`/doctors near specialties=${spec}`, request.doctors({ ...near(p1), specialties: spec })),
    list(
      `/doctors near specialties=${commonSpec}&languages=${lang},${commonLang}`,
      request.doctors({ ...near(p1), specialties: commonSpec, languages: `${lang},${commonLang}` }),
    ),
    list(`/doctors near radiusKm=5`, request.doctors({ ...near(p1), radiusKm: 5 })),
    list(
      `/doctors near radiusKm=5&languages=${lang}`,
      request.doctors({ ...near(p1), radiusKm: 5, languages: lang }),
    ),
    list(
      `/doctors near radiusKm=100&accepting=true`,
      request.doctors({ ...near(p1), radiusKm: 100, accepting: true }),
    ),
    list(
      `/doctors/search q=${s.prefixes3[0]} near`,
      request.search({ q: s.prefixes3[0], ...near(p1) }),
    ),
    list(
      `/doctors/search q=${s.prefixes2[0]} near radiusKm=5`,
      request.search({ q: s.prefixes2[0], ...near(p1), radiusKm: 5 }),
    ),
    list(`/clinics near radiusKm=3`, request.clinics({ ...near(p1), radiusKm: 3 })),
    list(
      `/clinics near radiusKm=3&languages=${lang}`,
      request.clinics({ ...near(p1), radiusKm: 3, languages: lang }),
    ),
    list(
      `/specialists specialty=${spec} near radiusKm=10`,
      request.specialists({ specialty: spec, ...near(p2), radiusKm: 10 }),
    ),
    list(`/specialists specialty=${spec}`, request.specialists({ specialty: spec })),
    list(`/specialists specialty=${commonSpec}`, request.specialists({ specialty: commonSpec })),
    list(
      `/specialists specialty=${spec} near`,
      request.specialists({ specialty: spec, ...near(p2) }),
    ),
    list(
      `/specialists specialty=${spec}&languages=${lang}&accepting=true`,
      request.specialists({ specialty: spec, languages: lang, accepting: true }),
    ),
    list(
      `/specialists specialty=${spec}&gender=female near`,
      request.specialists({ specialty: spec, gender: 'female', ...near(p2) }),
    ),
    item('/doctors/{cpso}', request.doctor(cpso)),
    item('/doctors/{cpso}/reviews', request.doctorReviews(cpso)),
    item('/doctors/{cpso}/signals', request.doctorSignals(cpso)),
    item('/clinics/{id}', request.clinic(clinic)),
    item('/clinics/{id}/reviews', request.clinicReviews(clinic)),
    item('/clinics/{id}/signals', request.clinicSignals(clinic)),
    { name: '/doctors/summary', kind: 'aggregate', target: request.summary() },
    { name: '/metadata/specialties', kind: 'aggregate', target: request.specialties() },
    { name: '/metadata/languages', kind: 'aggregate', target: request.languages() },
  ];
}
