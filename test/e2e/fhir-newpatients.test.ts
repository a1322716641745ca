import { C1, C2, C3, C4, C5 } from '../fixtures/directory.fixture';
import { useHoursApp } from '../fixtures/clinic-hours.fixture';
import { FhirValidator } from '../support/fhir-validation';
import { fhirGet, ids, Json } from '../support/fhir-http';

const PN = 'http://hl7.org/fhir/us/davinci-pdex-plan-net';
const NEWPATIENTS = `${PN}/StructureDefinition/newpatients`;

/** The Plan-Net code of a resource's newpatients, or null when it has none. */
const code = (r: Json): string | null => {
  const e = (r.extension ?? []).filter((x: Json) => x.url === NEWPATIENTS);
  expect(e.length).toBeLessThanOrEqual(1);
  return e[0] ? e[0].extension[0].valueCodeableConcept.coding[0].code : null;
};

/**
 * FHIR's newpatients from the graded status (issue 33) on the hours fixture: C1 accepting
 * (newpt), C2 existing-patients-family (existptfam), C3 existing-patients-only (existptonly),
 * C4 unknown (no newpatients), C5 not-accepting (nopt). Every answer passes the validator.
 */
describe('FHIR newpatients from the graded accepting status (e2e, fixture)', () => {
  const fx = useHoursApp('fhir_newpatients', '2026-11-21T12:00:00Z');
  const v = new FhirValidator();
  const get = (path: string) => fhirGet(fx.t.app, v, path, { authorization: '' });
  const authed = async (path: string) => {
    const r = await fhirGet(fx.t.app, v, path, await headers());
    expect(r.status).toBe(200);
    return r.body;
  };
  let auth: Record<string, string> | undefined;
  const headers = async () => {
    if (!auth) {
      const { authHeaders } = await import('../support/auth');
      auth = await authHeaders(fx.t, 'live');
    }
    return auth;
  };

  it('Location, PractitionerRole and HealthcareService carry each status’s code', async () => {
    const expected: [string, string | null][] = [
      [C1, 'newpt'],
      [C2, 'existptfam'],
      [C3, 'existptonly'],
      [C4, null],
      [C5, 'nopt'],
    ];
    for (const [id, c] of expected)
      expect([id, code(await authed(`/Location/${id}`))]).toEqual([id, c]);
    const display = (await authed(`/Location/${C2}`)).extension[0].extension[0].valueCodeableConcept
      .coding[0];
    expect(display).toEqual({
      system: `${PN}/CodeSystem/AcceptingPatientsCS`,
      code: 'existptfam',
      display: 'Accepting existing patients and their families',
    });
    const roles = await authed(`/PractitionerRole?location=${C3},${C4}`);
    expect(roles.entry.length).toBeGreaterThan(0);
    for (const e of roles.entry) {
      const clinic = e.resource.location[0].reference.slice('Location/'.length);
      expect([clinic, code(e.resource)]).toEqual([clinic, clinic === C3 ? 'existptonly' : null]);
    }
    const services = await authed(`/HealthcareService?organization=${C3},${C4}`);
    for (const e of services.entry) {
      const clinic = e.resource.providedBy.reference.slice('Organization/'.length);
      expect([clinic, code(e.resource)]).toEqual([clinic, clinic === C3 ? 'existptonly' : null]);
    }
  });

  it('searches newpatients by any of the four codes', async () => {
    const cases: [string, string[]][] = [
      ['newpt', [C1]],
      ['existptfam', [C2]],
      ['existptonly', [C3]],
      ['nopt', [C5]],
      ['existptfam,existptonly', [C2, C3]],
      [`${PN}/CodeSystem/AcceptingPatientsCS|nopt`, [C5]],
      ['maybe', []],
    ];
    for (const [q, expected] of cases) {
      const b = await authed(`/Location?newpatients=${encodeURIComponent(q)}`);
      expect({ q, ids: ids(b), total: b.total }).toEqual({
        q,
        ids: expected,
        total: expected.length,
      });
    }
    const roles = await authed('/PractitionerRole?newpatients=existptonly');
    expect(new Set(roles.entry.map((e: Json) => e.resource.location[0].reference))).toEqual(
      new Set([`Location/${C3}`]),
    );
    expect((await get('/Location?newpatients=newpt')).status).toBe(401);
  });
});
