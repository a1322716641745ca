import { canonicalQuery, PageTokens } from '../../src/interface/fhir/page-token';
import { Endpoint, Samples, Target } from './endpoints';

/**
 * The FHIR view's searches (issue 48, item 5) as list cases, held to v1's lists' target (p99):
 * `_lastUpdated` at a distinct instant per URL (an instant covering the whole directory and
 * instants of the last hours: each one a total of its own before the fix), `name`, `near`, and
 * a Practitioner page 5,000 rows in (its `_page` token signed with the service's key-hashing
 * secret, as the service's next link would be). No direct SQL is timed for them (the FHIR
 * reader is not among the bench's use cases): `npm run plans` shows their statements' plans.
 */
export function fhirEndpoints(s: Samples, secret: string, now = Date.now()): Endpoint[] {
  const target = (path: string): Target => ({ path: `/fhir/${path}`, call: async () => undefined });
  /** 20 instants before the seed (every row matches) and 20 in the last hours. */
  const instants = [
    ...Array.from({ length: 20 }, (_, i) => new Date(Date.UTC(2020, 0, 1, 0, i, 7)).toISOString()),
    ...Array.from({ length: 20 }, (_, i) => new Date(now - (i + 1) * 7 * 60_000).toISOString()),
  ].map(encodeURIComponent);
  const tokens = new PageTokens(secret);
  const deep = (offset: number) => {
    const path = '/fhir/Practitioner';
    return `Practitioner?_page=${tokens.make(offset, canonicalQuery(path))}`;
  };
  return [
    {
      name: 'fhir PractitionerRole _lastUpdated',
      kind: 'list',
      targets: instants.map((at) => target(`PractitionerRole?_lastUpdated=ge${at}`)),
    },
    {
      name: 'fhir Practitioner _lastUpdated',
      kind: 'list',
      targets: instants.map((at) => target(`Practitioner?_lastUpdated=ge${at}`)),
    },
    {
      name: 'fhir Practitioner name=3 letters',
      kind: 'list',
      targets: s.prefixes3.map((q) => target(`Practitioner?name=${encodeURIComponent(q)}`)),
    },
    {
      name: 'fhir Location near 5 km',
      kind: 'list',
      targets: s.points
        .slice(0, 40)
        .map((p) => target(`Location?near=${encodeURIComponent(`${p.lat}|${p.lng}|5|km`)}`)),
    },
    {
      name: 'fhir Practitioner page at 5,000',
      kind: 'list',
      targets: Array.from({ length: 20 }, (_, i) => target(deep(5000 + i * 25))),
    },
  ];
}
