import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { C1, C3, CLINICS } from '../fixtures/directory.fixture';
import { Json } from '../support/fhir-http';
import { FhirValidator } from '../support/fhir-validation';
import { useFixtureApp } from '../support/fixture-app';

const run = promisify(execFile);

/**
 * The client's part, run by plain Node as an ES module (fhir-kit-client is ESM only, which this
 * CommonJS Jest setup does not load): reads the base URL and a key from argv and prints every
 * answer it got as one JSON document for the test to check and validate.
 */
const CLIENT_SCRIPT = `import { Client } from 'fhir-kit-client';

const [baseUrl, key, lat, lng] = process.argv.slice(1);
const client = new Client({ baseUrl, customHeaders: { Authorization: \`Bearer \${key}\` } });
const out = {
  capability: undefined,
  read: undefined,
  locationPages: [],
  rolePages: [],
  errors: [],
};

/** Every page of a search, following Bundle.link next to the end. */
async function allPages(first) {
  const pages = [first];
  let next = await client.nextPage({ bundle: first });
  while (next) {
    pages.push(next);
    next = await client.nextPage({ bundle: next });
  }
  return pages;
}

out.capability = await client.capabilityStatement();
out.read = await client.read({ resourceType: 'Practitioner', id: '900001' });
// Accepting clinics near a point, a page at a time...
out.locationPages = await allPages(
  await client.search({
    resourceType: 'Location',
    searchParams: { near: \`\${lat}|\${lng}|20|km\`, newpatients: 'newpt', _count: 1 },
  }),
);
const clinics = out.locationPages.flatMap((b) =>
  (b.entry ?? []).map((e) => \`Location/\${e.resource.id}\`),
);
// ...then the family doctors practising there, with their practitioners and locations.
out.rolePages = await allPages(
  await client.search({
    resourceType: 'PractitionerRole',
    searchParams: {
      location: clinics.join(','),
      specialty: 'family-medicine',
      _include: ['PractitionerRole:practitioner', 'PractitionerRole:location'],
      _count: 1,
    },
  }),
);
try {
  await client.read({ resourceType: 'Practitioner', id: '999999' });
} catch (e) {
  out.errors.push({ status: e.response?.status, body: e.response?.data });
}
process.stdout.write(JSON.stringify(out));
`;
const BLOOR = CLINICS.find((c) => c.id === C1)!;

/**
 * Issue 35, Done-when: a generic FHIR client from npm (fhir-kit-client) pointed at
 * /api/v1/fhir with a live key reads the CapabilityStatement, finds accepting family doctors near
 * a point through Location and PractitionerRole with their includes, and pages to the end.
 */
describe('FHIR view through fhir-kit-client (e2e, real socket)', () => {
  const v = new FhirValidator();
  const f = useFixtureApp('fhir_client');

  afterAll(() => {
    process.stdout.write(
      `FHIR validation (fhir-client): ${v.resources} resources in ${v.bundles} Bundles and alone, ${v.errors} errors\n`,
    );
  });

  it('reads, searches, follows next to the end and includes', async () => {
    await f.t.app.listen(0, '127.0.0.1');
    const base = `${await f.t.app.getUrl()}/api/v1/fhir`.replace('[::1]', '127.0.0.1');
    const key = f.auth.Authorization.replace(/^Bearer /, '');
    const { stdout } = await run(
      process.execPath,
      ['--input-type=module', '-e', CLIENT_SCRIPT, base, key, String(BLOOR.lat), String(BLOOR.lng)],
      { timeout: 30_000, cwd: join(__dirname, '../..') },
    );
    const out: Json = JSON.parse(stdout);
    v.check(out.capability);
    expect(out.capability.fhirVersion).toBe('4.0.1');
    v.check(out.read);
    expect(out.read).toMatchObject({
      resourceType: 'Practitioner',
      id: '900001',
      name: [{ text: 'Alice Zhang' }],
    });

    // Accepting clinics within 20 km, one a page, to the end: as v1's list says.
    for (const b of out.locationPages) v.check(b);
    const v1 = await f.get(
      `/clinics?lat=${BLOOR.lat}&lng=${BLOOR.lng}&radiusKm=20&accepting=true&limit=100`,
    );
    expect(out.locationPages.map((b: Json) => b.entry.map((e: Json) => e.resource.id))).toEqual(
      v1.body.clinics.map((c: Json) => [c.id]),
    );
    expect(v1.body.clinics.map((c: Json) => c.id)).toEqual([C1, C3]);
    expect(out.locationPages.map((b: Json) => b.total)).toEqual([2, 2]);

    // Their family doctors with practitioner and location, one role a page, includes on each page.
    for (const b of out.rolePages) v.check(b);
    expect(
      out.rolePages.map((b: Json) =>
        b.entry.map((e: Json) => `${e.search.mode} ${e.resource.resourceType}/${e.resource.id}`),
      ),
    ).toEqual([
      [
        `match PractitionerRole/900001-${C1}`,
        'include Practitioner/900001',
        `include Location/${C1}`,
      ],
      [
        `match PractitionerRole/900007-${C1}`,
        'include Practitioner/900007',
        `include Location/${C1}`,
      ],
      [
        `match PractitionerRole/900004-${C3}`,
        'include Practitioner/900004',
        `include Location/${C3}`,
      ],
    ]);
    expect(out.rolePages.every((b: Json) => b.total === 3)).toBe(true);
    expect(out.rolePages[2].link.some((l: Json) => l.relation === 'next')).toBe(false);

    // A miss reaches the client as the HTTP error with its OperationOutcome.
    expect(out.errors).toHaveLength(1);
    expect(out.errors[0].status).toBe(404);
    v.check(out.errors[0].body);
    expect(out.errors[0].body.issue[0].code).toBe('not-found');
    expect(v.errors).toBe(0);
  });
});
