import { CANONICAL, PN } from './fhir-codes';
import { FHIR_TYPES, INCLUDES, SEARCH_PARAMS } from './fhir-search-params';

/**
 * What the view can do, built from the same tables the search parser checks against, so the
 * statement cannot promise a parameter the parser refuses (or the reverse).
 */
/** When this statement last changed (what the view supports, not the data). */
const STATEMENT_DATE = '2026-11-26';

export function capabilityStatement(baseUrl: string) {
  return {
    resourceType: 'CapabilityStatement',
    url: `${CANONICAL}/CapabilityStatement/directory`,
    name: 'GtaDoctorDirectoryFhirView',
    title: 'GTA doctor directory: FHIR R4 view (Plan-Net shapes)',
    status: 'active',
    date: STATEMENT_DATE,
    publisher: 'GTA doctor directory',
    kind: 'instance',
    description:
      'A read-only FHIR R4 view of the directory in the shapes of the HL7 Da Vinci PDex Plan-Net guide. ' +
      'Same keys, tiers and rate limits as /api/v1: send Authorization: Bearer <key>.',
    implementation: { description: 'FHIR R4 view of the GTA doctor directory', url: baseUrl },
    fhirVersion: '4.0.1',
    format: ['json', 'application/fhir+json'],
    rest: [
      {
        mode: 'server',
        documentation:
          'Paging through Bundle.link next (opaque _page tokens); _count from 0 to 100 (default 25; ' +
          'the sandbox tier reads at most its own page size and window). Bundle.total is exact ' +
          '(_total=none leaves it out; estimate is answered exactly); _summary=count answers the total ' +
          'alone; _sort takes the order each type is answered in (Practitioner: name; PractitionerRole ' +
          'and HealthcareService: location; Location and Organization: _id; near a point: nearest ' +
          'first). Unsupported parameters are answered 400 with an OperationOutcome naming them, or, ' +
          'with Prefer: handling=lenient, ignored and listed in an OperationOutcome entry of the ' +
          'Bundle (search.mode outcome).',
        security: {
          cors: true,
          description:
            'Authorization: Bearer <key> (or the gateway headers), as for /api/v1; this statement is public.',
        },
        resource: FHIR_TYPES.map((type) => ({
          type,
          profile: PN.profile(type),
          interaction: [{ code: 'read' }, { code: 'search-type' }],
          versioning: 'no-version',
          readHistory: false,
          updateCreate: false,
          conditionalCreate: false,
          conditionalRead: 'not-supported',
          conditionalUpdate: false,
          conditionalDelete: 'not-supported',
          ...(INCLUDES[type].length ? { searchInclude: [...INCLUDES[type]] } : {}),
          searchParam: SEARCH_PARAMS[type].map((p) => ({
            name: p.name,
            ...(p.definition ? { definition: p.definition } : {}),
            type: p.type,
            documentation: p.documentation,
          })),
        })),
      },
    ],
  };
}
