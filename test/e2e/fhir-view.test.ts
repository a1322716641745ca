import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { C1, C2, C3, C4, C5, CLINICS, FIXTURE_NOW } from '../fixtures/directory.fixture';
import { authHeaders } from '../support/auth';
import { fhirGet, FhirResult, ids, Json, nextLink } from '../support/fhir-http';
import { FhirValidator } from '../support/fhir-validation';
import { useFixtureApp } from '../support/fixture-app';
import { FixedClock } from '../support/fixed-clock';
import { createTestApp, TestApp } from '../support/test-app';

const PN = 'http://hl7.org/fhir/us/davinci-pdex-plan-net';
const CANON = 'https://gta-doctor-directory.example/fhir';
const clinic = (id: string) => CLINICS.find((c) => c.id === id)!;
const role = (cpso: string, clinicId: string) => `${cpso}-${clinicId}`;
const ext = (r: Json, url: string) => (r.extension ?? []).filter((e: Json) => e.url === url);
const accepting = (r: Json) =>
  ext(r, `${PN}/StructureDefinition/newpatients`)[0].extension[0].valueCodeableConcept.coding[0]
    .code;

/** Issue 35: the FHIR R4 view on the fixture directory, every answer validated. */
describe('FHIR R4 view (e2e, fixture directory)', () => {
  const v = new FhirValidator();
  const f = useFixtureApp('fhir_view');
  const get = (path: string, headers: Record<string, string> = {}): Promise<FhirResult> =>
    fhirGet(f.t.app, v, path, { ...f.auth, ...headers });

  afterAll(() => {
    process.stdout.write(
      `FHIR validation (fhir-view): ${v.resources} resources in ${v.bundles} Bundles and alone, ${v.errors} errors; ` +
        `must-support elements not produced: ${JSON.stringify(v.missingMustSupport())}\n`,
    );
  });

  it('metadata: a CapabilityStatement, public, FHIR 4.0.1, read and search-type on the five types', async () => {
    const r = await fhirGet(f.t.app, v, '/metadata');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    const cs = r.body;
    expect(cs).toMatchObject({
      resourceType: 'CapabilityStatement',
      fhirVersion: '4.0.1',
      kind: 'instance',
    });
    const res = cs.rest[0].resource;
    expect(res.map((x: Json) => x.type)).toEqual([
      'Practitioner',
      'PractitionerRole',
      'Location',
      'Organization',
      'HealthcareService',
    ]);
    for (const x of res) expect(x.interaction).toEqual([{ code: 'read' }, { code: 'search-type' }]);
    const params = Object.fromEntries(
      res.map((x: Json) => [x.type, x.searchParam.map((p: Json) => p.name)]),
    );
    expect(params).toEqual({
      Practitioner: ['_id', 'identifier', 'name', 'family', 'given', '_lastUpdated'],
      PractitionerRole: [
        '_id',
        'practitioner',
        'location',
        'organization',
        'specialty',
        'newpatients',
        '_lastUpdated',
      ],
      Location: [
        '_id',
        'near',
        'address-city',
        'address-postalcode',
        'newpatients',
        '_lastUpdated',
      ],
      Organization: ['_id', 'name', '_lastUpdated'],
      HealthcareService: ['_id', 'specialty', 'location', 'organization', '_lastUpdated'],
    });
    expect(res[1].searchInclude).toEqual([
      'PractitionerRole:practitioner',
      'PractitionerRole:location',
      'PractitionerRole:organization',
    ]);
    expect(res[2].searchInclude).toEqual(['Location:organization']);
    // Every Plan-Net definition named is one of the guide's (vendored), with the same code and type.
    for (const x of res)
      for (const p of x.searchParam.filter((q: Json) => q.definition?.startsWith(PN))) {
        const file = join(
          __dirname,
          '../../vendor/plan-net/search-parameters',
          `SearchParameter-${p.definition.split('/').pop()}.json`,
        );
        const sp = JSON.parse(readFileSync(file, 'utf8'));
        expect({ url: sp.url, code: sp.code, type: sp.type, base: sp.base }).toEqual({
          url: p.definition,
          code: p.name,
          type: p.type,
          base: [x.type],
        });
      }
  });

  it('Practitioner: read by CPSO number, with identifier, name, gender, communication and qualifications', async () => {
    const r = await get('/Practitioner/900004');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    const { meta, ...rest } = r.body;
    expect(meta.profile).toEqual([`${PN}/StructureDefinition/plannet-Practitioner`]);
    expect(rest).toEqual({
      resourceType: 'Practitioner',
      id: '900004',
      identifier: [
        {
          use: 'official',
          type: {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/v2-0203',
                code: 'MD',
                display: 'Medical License number',
              },
            ],
          },
          system: 'https://doctors.cpso.on.ca',
          value: '900004',
        },
      ],
      active: true,
      name: [{ use: 'official', text: 'Dev Patel', family: 'Patel', given: ['Dev'] }],
      gender: 'other',
      qualification: [
        {
          code: {
            coding: [
              {
                system: 'http://nucc.org/provider-taxonomy',
                code: '207N00000X',
                display: 'Dermatology Physician',
              },
              {
                system: `${CANON}/CodeSystem/specialty`,
                code: 'dermatology',
                display: 'Dermatology',
              },
            ],
            text: 'Dermatology',
          },
        },
        {
          code: {
            coding: [
              {
                system: 'http://nucc.org/provider-taxonomy',
                code: '207Q00000X',
                display: 'Family Medicine Physician',
              },
              {
                system: `${CANON}/CodeSystem/specialty`,
                code: 'family-medicine',
                display: 'Family Medicine',
              },
            ],
            text: 'Family Medicine',
          },
        },
      ],
      communication: [
        {
          coding: [{ system: 'urn:ietf:bcp:47', code: 'en', display: 'English' }],
          text: 'English',
        },
      ],
    });
    const alice = await get('/Practitioner/900001');
    expect(alice.body.communication.map((c: Json) => c.coding[0].code)).toEqual(['en', 'cmn']);
    // A withdrawn doctor is read (as v1's detail finds it) but inactive; searches leave it out.
    const eve = await get('/Practitioner/900006');
    expect(eve.body.active).toBe(false);
    expect((await get('/Practitioner?_id=900006')).body.total).toBe(0);
    expect((await get('/Practitioner/999999')).status).toBe(404);
  });

  it('Practitioner searches: all by name like /doctors, name, family, given, identifier, _id', async () => {
    const all = await get('/Practitioner');
    expect(all.body.total).toBe(6);
    expect(ids(all.body)).toEqual(['900005', '900001', '900002', '900003', '900004', '900007']);
    const v1 = await f.get('/doctors?limit=100');
    expect(all.body.total).toBe(v1.body.total);
    expect(ids(all.body)).toEqual(v1.body.doctors.map((d: Json) => d.cpsoNumber));
    const cases: [string, string[]][] = [
      ['name=al', ['900005', '900001', '900007']],
      ['name=AL', ['900005', '900001', '900007']],
      ['name=alv', ['900007']],
      ['name=zh', ['900001']],
      ['name=ang', []],
      ['family=al', ['900005', '900007']],
      ['family=zhang', ['900001']],
      ['family=alice', []],
      ['given=al', ['900005', '900001']],
      ['given=zhang', []],
      ['given=natalia&family=alv', ['900007']],
      ['identifier=https://doctors.cpso.on.ca|900003', ['900003']],
      ['identifier=900003,900002', ['900002', '900003']],
      ['identifier=http://other.example|900003', []],
      ['_id=900001,900005,900006', ['900005', '900001']],
      ['_id=900001&identifier=900002', []],
    ];
    for (const [q, expected] of cases) {
      const r = await get(`/Practitioner?${q}`);
      expect({ q, status: r.status, ids: ids(r.body), total: r.body.total }).toEqual({
        q,
        status: 200,
        ids: expected,
        total: expected.length,
      });
    }
  });

  it('Location: read with address, position, telecom, hours, accessibility and newpatients', async () => {
    const r = await get(`/Location/${C3}`);
    const { meta, ...rest } = r.body;
    expect(meta.profile).toEqual([`${PN}/StructureDefinition/plannet-Location`]);
    expect(rest).toEqual({
      resourceType: 'Location',
      id: C3,
      extension: [
        {
          url: `${PN}/StructureDefinition/newpatients`,
          extension: [
            {
              url: 'acceptingPatients',
              valueCodeableConcept: {
                coding: [
                  {
                    system: `${PN}/CodeSystem/AcceptingPatientsCS`,
                    code: 'newpt',
                    display: 'Accepting',
                  },
                ],
              },
            },
          ],
        },
        {
          url: `${PN}/StructureDefinition/accessibility`,
          valueCodeableConcept: {
            coding: [
              {
                system: `${PN}/CodeSystem/AccessibilityCS`,
                code: 'handiaccess',
                display: 'handicap accessible',
              },
            ],
          },
        },
        {
          url: `${PN}/StructureDefinition/accessibility`,
          valueCodeableConcept: {
            coding: [
              {
                system: `${PN}/CodeSystem/AccessibilityCS`,
                code: 'pubtrans',
                display: 'public transit options',
              },
            ],
          },
        },
      ],
      identifier: [{ system: `${CANON}/sid/clinic-id`, value: C3 }],
      status: 'active',
      name: 'Cardio Care Specialists',
      telecom: [
        { system: 'phone', value: '(416) 555-0100', use: 'work' },
        { system: 'url', value: 'https://cardio.example.org', use: 'work' },
      ],
      address: {
        use: 'work',
        type: 'physical',
        text: '5000 Yonge St, Toronto, ON M2N 7E9',
        line: ['5000 Yonge St'],
        city: 'Toronto',
        state: 'ON',
        postalCode: 'M2N 7E9',
        country: 'CA',
      },
      position: { longitude: -79.4111, latitude: 43.7615 },
      managingOrganization: { reference: `Organization/${C3}`, display: 'Cardio Care Specialists' },
      hoursOfOperation: [
        {
          daysOfWeek: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
          openingTime: '09:00:00',
          closingTime: '17:00:00',
        },
      ],
    });
    // Not accepting, no wheelchair, not near the subway: nopt and no accessibility extension.
    const c2 = (await get(`/Location/${C2}`)).body;
    expect(accepting(c2)).toBe('nopt');
    expect(ext(c2, `${PN}/StructureDefinition/accessibility`)).toEqual([]);
    expect(c2.telecom).toEqual([{ system: 'phone', value: '(416) 555-0100', use: 'work' }]);
    expect((await get('/Location/not-a-uuid')).status).toBe(404);
    expect((await get('/Location/99999999-9999-4999-8999-999999999999')).status).toBe(404);
  });

  it('Location searches: by name like /clinics, city, postal code, newpatients', async () => {
    const all = await get('/Location');
    const v1 = await f.get('/clinics?limit=100');
    expect(ids(all.body)).toEqual([C2, C1, C3, C4, C5]);
    expect(ids(all.body)).toEqual(v1.body.clinics.map((c: Json) => c.id));
    expect(all.body.total).toBe(v1.body.total);
    const cases: [string, string[]][] = [
      ['address-city=Toronto', [C1, C3, C4]],
      ['address-city=toR', [C1, C3, C4]],
      ['address-city=mississauga', [C2]],
      ['address-city=Ottawa', []],
      ['address-postalcode=M5', [C1, C4]],
      ['address-postalcode=m5s1m8', [C1]],
      ['address-postalcode=M5S%201M8', [C1]],
      ['address-postalcode=L', [C2, C5]],
      ['newpatients=newpt', [C1, C3, C5]],
      ['newpatients=nopt', [C2, C4]],
      ['newpatients=existptonly', []],
      ['address-city=Toronto&newpatients=nopt', [C4]],
      [`_id=${C4},${C1}`, [C1, C4]],
    ];
    for (const [q, expected] of cases) {
      const r = await get(`/Location?${q}`);
      expect({ q, ids: ids(r.body), total: r.body.total }).toEqual({
        q,
        ids: expected,
        total: expected.length,
      });
    }
  });

  it('Location?near: nearest first, distances and totals equal to v1 distanceKm, within the distance', async () => {
    const points = [
      { lat: 43.7616, lng: -79.411 },
      { lat: clinic(C1).lat, lng: clinic(C1).lng },
      { lat: 43.6, lng: -79.7 },
    ];
    for (const p of points) {
      for (const radius of [undefined, 2, 11, 60]) {
        const fhirQ = `near=${p.lat}|${p.lng}${radius ? `|${radius}|km` : ''}`;
        const v1Q = `lat=${p.lat}&lng=${p.lng}${radius ? `&radiusKm=${radius}` : ''}`;
        const r = await get(`/Location?${fhirQ}&_count=100`);
        const v1 = await f.get(`/clinics?${v1Q}&limit=100`);
        expect(r.body.total).toBe(v1.body.total);
        expect(ids(r.body)).toEqual(v1.body.clinics.map((c: Json) => c.id));
        const distances = (r.body.entry ?? []).map(
          (e: Json) => e.search.extension[0].valueDistance,
        );
        expect(distances).toEqual(
          v1.body.clinics.map((c: Json) => ({
            value: c.distanceKm,
            unit: 'km',
            system: 'http://unitsofmeasure.org',
            code: 'km',
          })),
        );
        expect(
          (r.body.entry ?? []).every(
            (e: Json) =>
              e.search.extension[0].url ===
              'http://hl7.org/fhir/StructureDefinition/location-distance',
          ),
        ).toBe(true);
      }
    }
    const bloor = `${clinic(C1).lat}|${clinic(C1).lng}`;
    expect(ids((await get(`/Location?near=${bloor}|2|km`)).body)).toEqual([C1, C4]);
    expect(ids((await get(`/Location?near=${bloor}|2000|m`)).body)).toEqual([C1, C4]);
    // With a filter v1's list has not: the same distances, from the FHIR reader.
    const toronto = await get(`/Location?near=${bloor}|20|km&address-city=Toronto`);
    const v1 = await f.get(`/clinics?lat=${clinic(C1).lat}&lng=${clinic(C1).lng}&radiusKm=20`);
    const v1Toronto = v1.body.clinics.filter((c: Json) => clinic(c.id).city === 'Toronto');
    expect(ids(toronto.body)).toEqual(v1Toronto.map((c: Json) => c.id));
    expect(toronto.body.entry.map((e: Json) => e.search.extension[0].valueDistance.value)).toEqual(
      v1Toronto.map((c: Json) => c.distanceKm),
    );
  });

  it("Location?_include=Location:organization adds each clinic's Organization once, after the matches", async () => {
    const r = await get(
      `/Location?near=${clinic(C1).lat}|${clinic(C1).lng}|2|km&_include=Location:organization`,
    );
    expect(ids(r.body)).toEqual([C1, C4]);
    expect(
      r.body.entry
        .slice(2)
        .map((e: Json) => [e.resource.resourceType, e.resource.id, e.search.mode]),
    ).toEqual([
      ['Organization', C1, 'include'],
      ['Organization', C4, 'include'],
    ]);
    expect(r.body.total).toBe(2); // includes are not counted
  });

  it('Organization: read and name search', async () => {
    const { meta, ...org } = (await get(`/Organization/${C1}`)).body;
    expect(meta.profile).toEqual([`${PN}/StructureDefinition/plannet-Organization`]);
    expect(org).toEqual({
      resourceType: 'Organization',
      id: C1,
      identifier: [{ system: `${CANON}/sid/clinic-id`, value: C1 }],
      active: true,
      type: [
        {
          coding: [
            { system: `${PN}/CodeSystem/OrgTypeCS`, code: 'prvgrp', display: 'Provider Group' },
          ],
        },
      ],
      name: 'Bloor Street Family Clinic',
      telecom: [
        { system: 'phone', value: '(416) 555-0100', use: 'work' },
        { system: 'url', value: 'https://bloor.example.org', use: 'work' },
      ],
      address: [
        {
          use: 'work',
          type: 'physical',
          text: '100 Bloor St W, Toronto, ON M5S 1M8',
          line: ['100 Bloor St W'],
          city: 'Toronto',
          state: 'ON',
          postalCode: 'M5S 1M8',
          country: 'CA',
        },
      ],
    });
    for (const [q, expected] of [
      ['name=Apple', [C2]],
      ['name=bloor%20street', [C1]],
      ['name=d', [C4]],
      ['name=street', []],
    ] as [string, string[]][]) {
      expect(ids((await get(`/Organization?${q}`)).body)).toEqual(expected);
    }
    expect((await get('/Organization')).body.total).toBe(5);
  });

  it('PractitionerRole: one per practising doctor and clinic, with newpatients, booking phone and availableTime', async () => {
    const all = await get('/PractitionerRole?_count=100');
    expect(ids(all.body)).toEqual([
      role('900001', C1),
      role('900007', C1),
      role('900002', C2),
      role('900007', C2),
      role('900003', C3),
      role('900004', C3),
      role('900005', C3),
      role('900004', C4),
    ]);
    expect(all.body.total).toBe(8);
    const r = (await get(`/PractitionerRole/${role('900007', C2)}`)).body;
    const { meta, ...rest } = r;
    expect(meta.profile).toEqual([`${PN}/StructureDefinition/plannet-PractitionerRole`]);
    expect(rest).toEqual({
      resourceType: 'PractitionerRole',
      id: role('900007', C2),
      extension: [
        {
          url: `${PN}/StructureDefinition/newpatients`,
          extension: [
            {
              url: 'acceptingPatients',
              valueCodeableConcept: {
                coding: [
                  {
                    system: `${PN}/CodeSystem/AcceptingPatientsCS`,
                    code: 'nopt',
                    display: 'Not Accepting',
                  },
                ],
              },
            },
          ],
        },
      ],
      active: true,
      practitioner: { reference: 'Practitioner/900007' },
      organization: { reference: `Organization/${C2}` },
      code: [
        {
          coding: [{ system: `${PN}/CodeSystem/ProviderRoleCS`, code: 'ph', display: 'Physician' }],
        },
      ],
      specialty: [
        {
          coding: [
            {
              system: 'http://nucc.org/provider-taxonomy',
              code: '207Q00000X',
              display: 'Family Medicine Physician',
            },
            {
              system: `${CANON}/CodeSystem/specialty`,
              code: 'family-medicine',
              display: 'Family Medicine',
            },
          ],
          text: 'Family Medicine',
        },
      ],
      location: [{ reference: `Location/${C2}` }],
      telecom: [{ system: 'phone', value: '(416) 555-0199', use: 'work' }],
      availableTime: [
        {
          daysOfWeek: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
          availableStartTime: '09:00:00',
          availableEndTime: '17:00:00',
        },
      ],
    });
    expect(accepting((await get(`/PractitionerRole/${role('900007', C1)}`)).body)).toBe('newpt');
    expect((await get(`/PractitionerRole/${role('900006', C1)}`)).status).toBe(404); // withdrawn
    expect((await get(`/PractitionerRole/${role('900001', C2)}`)).status).toBe(404); // no such link
  });

  it('PractitionerRole searches: practitioner, location, organization, specialty, newpatients', async () => {
    const cases: [string, string[]][] = [
      ['practitioner=Practitioner/900004', [role('900004', C3), role('900004', C4)]],
      ['practitioner=900007,900001', [role('900001', C1), role('900007', C1), role('900007', C2)]],
      [`location=Location/${C3}`, [role('900003', C3), role('900004', C3), role('900005', C3)]],
      [`organization=${C1}`, [role('900001', C1), role('900007', C1)]],
      [`location=${C5}`, []],
      ['specialty=cardiology', [role('900003', C3), role('900005', C3)]],
      [
        'specialty=http://nucc.org/provider-taxonomy|207N00000X',
        [role('900004', C3), role('900004', C4)],
      ],
      [
        `specialty=${encodeURIComponent(`${CANON}/CodeSystem/specialty|family-medicine`)}&newpatients=newpt`,
        [role('900001', C1), role('900007', C1), role('900004', C3)],
      ],
      ['specialty=pediatrics', []],
      ['specialty=no-such-specialty', []],
      [`specialty=family-medicine&location=${C2}`, [role('900002', C2), role('900007', C2)]],
      [`_id=${role('900004', C4)},${role('900001', C1)}`, [role('900001', C1), role('900004', C4)]],
    ];
    for (const [q, expected] of cases) {
      const r = await get(`/PractitionerRole?${q}`);
      expect({ q, ids: ids(r.body), total: r.body.total }).toEqual({
        q,
        ids: expected,
        total: expected.length,
      });
    }
  });

  it('PractitionerRole _include: practitioner, location and organization, each once, after the matches', async () => {
    const r = await get(
      '/PractitionerRole?specialty=family-medicine&newpatients=newpt&_include=PractitionerRole:practitioner&_include=PractitionerRole:location&_include=PractitionerRole:organization:Organization',
    );
    expect(r.body.total).toBe(3);
    expect(
      r.body.entry.map((e: Json) => `${e.search.mode} ${e.resource.resourceType}/${e.resource.id}`),
    ).toEqual([
      `match PractitionerRole/${role('900001', C1)}`,
      `match PractitionerRole/${role('900007', C1)}`,
      `match PractitionerRole/${role('900004', C3)}`,
      'include Practitioner/900001',
      'include Practitioner/900004',
      'include Practitioner/900007',
      `include Organization/${C1}`,
      `include Organization/${C3}`,
      `include Location/${C1}`,
      `include Location/${C3}`,
    ]);
  });

  it('HealthcareService: one per specialty offered at a clinic, with the wait in weeks', async () => {
    const all = await get('/HealthcareService');
    expect(ids(all.body)).toEqual([`${C3}-cardiology`, `${C3}-dermatology`, `${C4}-dermatology`]);
    const { meta, ...hs } = (await get(`/HealthcareService/${C4}-dermatology`)).body;
    expect(meta.profile).toEqual([`${PN}/StructureDefinition/plannet-HealthcareService`]);
    expect(hs).toEqual({
      resourceType: 'HealthcareService',
      id: `${C4}-dermatology`,
      extension: [
        {
          url: `${PN}/StructureDefinition/newpatients`,
          extension: [
            {
              url: 'acceptingPatients',
              valueCodeableConcept: {
                coding: [
                  {
                    system: `${PN}/CodeSystem/AcceptingPatientsCS`,
                    code: 'nopt',
                    display: 'Not Accepting',
                  },
                ],
              },
            },
          ],
        },
        {
          url: `${CANON}/StructureDefinition/wait-weeks`,
          valueQuantity: {
            value: 3,
            unit: 'weeks',
            system: 'http://unitsofmeasure.org',
            code: 'wk',
          },
        },
      ],
      active: true,
      providedBy: { reference: `Organization/${C4}`, display: 'Dermatology Downtown' },
      category: [
        {
          coding: [
            {
              system: `${PN}/CodeSystem/HealthcareServiceCategoryCS`,
              code: 'outpat',
              display: 'Clinic or Outpatient Facility',
            },
          ],
        },
      ],
      specialty: [
        {
          coding: [
            {
              system: 'http://nucc.org/provider-taxonomy',
              code: '207N00000X',
              display: 'Dermatology Physician',
            },
            {
              system: `${CANON}/CodeSystem/specialty`,
              code: 'dermatology',
              display: 'Dermatology',
            },
          ],
          text: 'Dermatology',
        },
      ],
      location: [{ reference: `Location/${C4}` }],
      name: 'Dermatology at Dermatology Downtown',
      telecom: [{ system: 'phone', value: '(416) 555-0100', use: 'work' }],
      availableTime: [
        {
          daysOfWeek: ['mon', 'tue', 'wed', 'thu', 'fri'],
          availableStartTime: '09:00:00',
          availableEndTime: '17:00:00',
        },
      ],
    });
    const derm = await get('/HealthcareService?specialty=dermatology');
    const v1 = await f.get('/specialists?specialty=Dermatology');
    expect(derm.body.total).toBe(v1.body.total);
    expect([...ids(derm.body)].sort()).toEqual(
      v1.body.clinics.map((c: Json) => `${c.id}-dermatology`).sort(),
    );
    const waits = Object.fromEntries(
      derm.body.entry.map((e: Json) => [
        e.resource.id.slice(0, 36),
        ext(e.resource, `${CANON}/StructureDefinition/wait-weeks`)[0].valueQuantity.value,
      ]),
    );
    expect(waits).toEqual(
      Object.fromEntries(v1.body.clinics.map((c: Json) => [c.id, c.wait_weeks])),
    );
    expect(ids((await get(`/HealthcareService?location=Location/${C3}`)).body)).toEqual([
      `${C3}-cardiology`,
      `${C3}-dermatology`,
    ]);
    expect(
      ids((await get(`/HealthcareService?organization=${C4}&specialty=dermatology`)).body),
    ).toEqual([`${C4}-dermatology`]);
    expect(ids((await get('/HealthcareService?specialty=207RC0000X')).body)).toEqual([
      `${C3}-cardiology`,
    ]);
    expect((await get(`/HealthcareService/${C4}-cardiology`)).status).toBe(404);
  });

  it('paging: next links to the end, totals equal to v1, each resource once, _count capped at 100', async () => {
    for (const [type, v1Path, key] of [
      ['Practitioner', '/doctors?limit=100', 'doctors'],
      ['Location', '/clinics?limit=100', 'clinics'],
      ['Organization', '/clinics?limit=100', 'clinics'],
      ['PractitionerRole', undefined, undefined],
    ] as [string, string | undefined, string | undefined][]) {
      for (const count of [1, 2, 3]) {
        let url: string | undefined = `/${type}?_count=${count}`;
        const seen: string[] = [];
        let pages = 0;
        let total = -1;
        while (url) {
          const r = await get(url);
          expect(r.status).toBe(200);
          expect(r.body.entry.length).toBeLessThanOrEqual(count);
          if (total >= 0) expect(r.body.total).toBe(total);
          total = r.body.total;
          seen.push(...ids(r.body));
          url = nextLink(r.body);
          pages++;
        }
        const full = await get(`/${type}?_count=100`);
        expect(seen).toEqual(ids(full.body));
        expect(pages).toBe(Math.max(1, Math.ceil(total / count)));
        if (v1Path) expect(total).toBe((await f.get(v1Path)).body.total);
        if (key) expect(seen.length).toBe((await f.get(v1Path!)).body[key].length);
      }
    }
    const capped = await get('/PractitionerRole?_count=1000');
    expect(capped.body.entry).toHaveLength(8);
    const zero = await get('/Practitioner?_count=0');
    expect(zero.body).toMatchObject({ total: 6 });
    expect(zero.body.entry).toBeUndefined();
    expect(nextLink(zero.body)).toBeUndefined();
    // The next link keeps the search: its token is bound to the parameters it came with.
    const first = await get('/Practitioner?name=al&_count=1');
    const next = nextLink(first.body)!;
    expect(next).toMatch(
      /^http:\/\/localhost(:80)?\/api\/v1\/fhir\/Practitioner\?name=al&_count=1&_page=[\w-]+\.[\w-]+$/,
    );
    expect(ids((await get(next)).body)).toEqual(['900001']);
  });

  it('_lastUpdated: ge and gt on instants and dates', async () => {
    const rows = await f.db.dataSource.query<{ at: Date }[]>(
      `SELECT max(updated_at) AS at FROM doctors`,
    );
    const at = new Date(rows[0].at);
    expect(
      (await get(`/Practitioner?_lastUpdated=ge${at.toISOString()}`)).body.total,
    ).toBeGreaterThan(0);
    expect(
      (await get(`/Practitioner?_lastUpdated=gt${new Date(at.getTime() + 1).toISOString()}`)).body
        .total,
    ).toBe(0);
    expect((await get('/Practitioner?_lastUpdated=ge2020-01-01')).body.total).toBe(6);
    expect((await get('/Location?_lastUpdated=gt2020')).body.total).toBe(5);
    expect((await get('/PractitionerRole?_lastUpdated=ge2020-01-01T00:00:00Z')).body.total).toBe(8);
    expect((await get('/HealthcareService?_lastUpdated=ge2020-01')).body.total).toBe(3);
    expect((await get('/Organization?_lastUpdated=ge2999-01-01')).body.total).toBe(0);
  });

  it('errors are OperationOutcomes with v1 statuses: 400 naming parameters, 401, 404, 405', async () => {
    const outcome = async (
      path: string,
      status: number,
      code: string,
      headers: Record<string, string> = f.auth,
    ) => {
      const r = await fhirGet(f.t.app, v, path, headers);
      expect({ path, status: r.status, type: r.headers['content-type'] }).toEqual({
        path,
        status,
        type: 'application/fhir+json; charset=utf-8',
      });
      expect(r.body.resourceType).toBe('OperationOutcome');
      expect(r.body.issue[0].code).toBe(code);
      return r.body.issue[0].diagnostics as string;
    };
    expect(
      await outcome('/Practitioner?foo=1&name:missing=true&_sort=name', 400, 'invalid'),
    ).toContain('Unsupported search parameters for Practitioner: foo, name:missing.');
    expect(
      await outcome('/Location?_revinclude=PractitionerRole:location', 400, 'invalid'),
    ).toContain('_revinclude');
    expect(
      await outcome('/Practitioner?_include=PractitionerRole:practitioner', 400, 'invalid'),
    ).toContain('Unsupported _include for Practitioner: PractitionerRole:practitioner.');
    expect(await outcome('/Practitioner?name=a', 400, 'invalid')).toContain(
      'at least 2 characters',
    );
    expect(await outcome('/Practitioner?name=al&name=zh', 400, 'invalid')).toContain(
      'name may be sent once',
    );
    expect(await outcome('/Practitioner?_lastUpdated=lt2026-01-01', 400, 'invalid')).toContain(
      'ge and gt',
    );
    expect(await outcome('/Practitioner?_lastUpdated=ge2026-13-45', 400, 'invalid')).toContain(
      'not a valid date',
    );
    expect(await outcome('/Location?near=43.6|-79.4|500|km', 400, 'invalid')).toContain(
      'at most 100 km',
    );
    expect(await outcome('/Location?near=north', 400, 'invalid')).toContain('near must be');
    expect(await outcome('/Location?near=43.6|-79.4|5|mi', 400, 'invalid')).toContain('km or m');
    expect(await outcome('/Practitioner?_count=-1', 400, 'invalid')).toContain('_count');
    expect(await outcome('/Practitioner?_format=xml', 400, 'invalid')).toContain('JSON');
    expect(await outcome('/PractitionerRole?location=Practitioner/1', 400, 'invalid')).toContain(
      'must reference a Location',
    );
    // A page token changed by hand, or moved to another search, is refused.
    const next = nextLink((await get('/Practitioner?_count=1')).body)!;
    const token = next.split('_page=')[1];
    const [body, mac] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ o: 3, q: JSON.parse(Buffer.from(body, 'base64url').toString()).q }),
    ).toString('base64url');
    expect(
      await outcome(`/Practitioner?_count=1&_page=${forged}.${mac}`, 400, 'invalid'),
    ).toContain('_page');
    expect(await outcome(`/Practitioner?_count=2&_page=${token}`, 400, 'invalid')).toContain(
      '_page',
    );
    expect(await outcome('/Practitioner?_count=1&_page=garbage', 400, 'invalid')).toContain(
      '_page',
    );
    expect(await outcome('/Practitioner', 401, 'login', {})).toContain('API key is required');
    expect(
      await outcome('/Practitioner', 401, 'login', { Authorization: 'Bearer gtad_live_nope' }),
    ).toBeTruthy();
    expect(await outcome('/Patient', 404, 'not-found')).toContain('no resource type "Patient"');
    expect(await outcome('/Practitioner/900001/_history', 404, 'not-found')).toBeTruthy();
    const post = await f.t.app.inject({
      method: 'POST',
      url: '/api/v1/fhir/Practitioner',
      headers: f.auth,
    });
    expect(post.statusCode).toBe(405);
    expect(post.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    expect(JSON.parse(post.body).issue[0].code).toBe('not-supported');
    // Gateway headers that do not match: 403, as v1.
    const gw = await f.t.app.inject({
      method: 'GET',
      url: '/api/v1/fhir/Practitioner',
      headers: {
        [`x-${f.t.config.gateway.name.toLowerCase()}-key`]: 'x',
        [`x-${f.t.config.gateway.name.toLowerCase()}-host`]: 'y',
      },
    });
    const v1gw = await f.t.app.inject({
      method: 'GET',
      url: '/api/v1/doctors',
      headers: {
        [`x-${f.t.config.gateway.name.toLowerCase()}-key`]: 'x',
        [`x-${f.t.config.gateway.name.toLowerCase()}-host`]: 'y',
      },
    });
    expect(gw.statusCode).toBe(v1gw.statusCode);
    expect(JSON.parse(gw.body).resourceType).toBe('OperationOutcome');
  });

  it('_format=json and Accept: application/fhir+json are served; ETag and 304 on reads; CORS as /api/v1', async () => {
    const a = await get('/Practitioner/900001', { Accept: 'application/fhir+json' });
    expect(a.status).toBe(200);
    expect((await get('/Practitioner?_format=application/fhir%2Bjson&_id=900001')).body.total).toBe(
      1,
    );
    const etag = a.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(a.headers['cache-control']).toBe('private, max-age=60, must-revalidate');
    const again = await get('/Practitioner/900001', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    const search = await get('/Location?address-city=Toronto');
    expect(
      (
        await get('/Location?address-city=Toronto', {
          'If-None-Match': search.headers.etag as string,
        })
      ).status,
    ).toBe(304);
    const pre = await f.t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/fhir/Practitioner',
      headers: {
        Origin: 'https://app.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    const v1pre = await f.t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/doctors',
      headers: {
        Origin: 'https://app.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(pre.statusCode).toBe(204);
    for (const h of [
      'access-control-allow-origin',
      'access-control-allow-methods',
      'access-control-allow-headers',
      'access-control-max-age',
    ])
      expect({ h, v: pre.headers[h] }).toEqual({ h, v: v1pre.headers[h] });
    const cors = await get('/Practitioner/900001', { Origin: 'https://app.example' });
    expect(cors.headers['access-control-allow-origin']).toBe('*');
    expect(String(cors.headers['access-control-expose-headers'])).toContain('ETag');
  });

  it('sandbox keys: _count and reach capped as v1 (total true), and the rate limit answers 429 with its headers', async () => {
    let t: TestApp | undefined;
    try {
      t = await createTestApp(
        f.db,
        { SANDBOX_MAX_LIMIT: '2', SANDBOX_MAX_WINDOW: '3', SANDBOX_RATE_PER_MIN: '7' },
        new FixedClock(FIXTURE_NOW),
      );
      const sandbox = await authHeaders(t, 'sandbox');
      const sget = (p: string) => fhirGet(t!.app, v, p, sandbox);
      const first = await sget('/Practitioner?_count=100');
      expect(first.body.total).toBe(6);
      expect(ids(first.body)).toEqual(['900005', '900001']);
      const second = await sget(nextLink(first.body)!);
      expect(ids(second.body)).toEqual(['900002']); // the window ends at 3
      expect(nextLink(second.body)).toBeUndefined();
      const v1 = await t.app.inject({
        method: 'GET',
        url: '/api/v1/doctors?limit=100',
        headers: sandbox,
      });
      expect(v1.statusCode).toBe(200);
      expect(JSON.parse(v1.body).doctors).toHaveLength(2);
      const near = await sget(`/Location?near=${clinic(C1).lat}|${clinic(C1).lng}&_count=100`);
      expect(near.body.total).toBe(5);
      expect(near.body.entry).toHaveLength(2);
      let last: FhirResult | undefined;
      for (let i = 0; i < 5; i++) last = await sget('/Organization');
      expect(last!.status).toBe(429);
      expect(last!.body.resourceType).toBe('OperationOutcome');
      expect(last!.body.issue[0].code).toBe('throttled');
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
      expect(last!.headers['ratelimit-limit']).toBe('7');
      expect(last!.headers['ratelimit-remaining']).toBe('0');
      // The metadata stays public (and is not counted).
      expect((await fhirGet(t.app, v, '/metadata')).status).toBe(200);
    } finally {
      await t?.close();
    }
  });

  it('every Plan-Net must-support element is produced or documented as not held by the directory', () => {
    const docs = readFileSync(join(__dirname, '../../docs/fhir.md'), 'utf8');
    const missing = v.missingMustSupport();
    expect(Object.keys(missing).sort()).toEqual([
      'HealthcareService',
      'Location',
      'Organization',
      'Practitioner',
      'PractitionerRole',
    ]);
    for (const [type, elements] of Object.entries(missing))
      for (const e of elements)
        expect({ type, element: e, documented: docs.includes(`${type}.${e}`) }).toEqual({
          type,
          element: e,
          documented: true,
        });
    expect(docs).toContain(`${CANON}/StructureDefinition/wait-weeks`);
    expect(docs).toContain('https://doctors.cpso.on.ca');
    expect(v.errors).toBe(0);
    expect(v.resources).toBeGreaterThan(100);
  });
});
