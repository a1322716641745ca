import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import fc from 'fast-check';
import { foldWords } from '../../src/application/shared/text-fold';
import { DoctorMemoryIndex } from '../../src/infrastructure/persistence/directory/memory/doctor-memory-index';
import { generateDemoDataset } from '../../src/infrastructure/seed/demo-dataset.generator';
import { replaceDirectoryData } from '../../src/infrastructure/seed/demo-data.seeder';
import { DirectoryTools } from '../../src/interface/mcp/directory-tools';
import { ToolAccess } from '../../src/interface/mcp/tool-support';
import { TOOL_MAX_LIMIT } from '../../src/interface/mcp/tool-schemas';
import { authHeaders } from '../support/auth';
import { call } from '../support/http';
import { nameArb, Variant, variantsOf } from '../support/name-arbitraries';
import { OracleDoctor, oracleQuery, oracleSearch } from '../support/name-search-oracle';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * Issue 50, item 8, through the application: a demo directory whose names are partly replaced by
 * generated ones (accents, apostrophes, hyphens, particles, two to four words, letters that do
 * not decompose, another script); for drawn doctors, every variant people type (accents
 * dropped, NFD, a smart apostrophe, hyphen as space or dropped, words swapped, a title, typos,
 * the last word cut short) finds the doctor through REST `/doctors/search`, first when its name
 * is unique, and the page and total are the oracle's (name-search-oracle.ts); MCP
 * `search_doctors` answers the same doctors as REST; FHIR `Practitioner?name=` (FHIR's rule: each
 * word starts a word of the name, case and accents aside) finds the doctor for the variants that
 * rule covers, with the same doctors as its oracle. NAME_SEARCH_PROPERTY_SEED replays a run.
 */

const SEED = Number(process.env.NAME_SEARCH_PROPERTY_SEED ?? Date.now() % 1_000_000);
const RUNS = Number(process.env.PROPERTY_RUNS ?? 40);
const NOW = new Date('2026-11-27T17:00:00Z');
const LIMIT = 50;
/** search_doctors' most a call answers. */
const MCP_LIMIT = TOOL_MAX_LIMIT;

/** Variants FHIR's rule (word starts, no typo, no joined words) must find. */
const FHIR_KINDS = new Set([
  'as stored',
  'accents dropped',
  'NFD',
  'smart apostrophe',
  'hyphen as space',
  'words swapped',
  'title',
  'last word cut short',
]);
const MUST_LEAD = new Set([
  'as stored',
  'accents dropped',
  'NFD',
  'smart apostrophe',
  'hyphen as space',
  'hyphen dropped',
  'title',
]);

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** FHIR's rule, plainly: every word of the value starts a word of the name; by name, CPSO. */
function fhirOracle(q: string, doctors: readonly OracleDoctor[]): string[] {
  const words = oracleQuery(q).words;
  return doctors
    .filter((d) => {
      const nw = foldWords(d.name);
      return words.length > 0 && words.every((w) => nw.some((x) => x.startsWith(w)));
    })
    .sort((a, b) => cmp(a.name.toLowerCase(), b.name.toLowerCase()) || cmp(a.cpso, b.cpso))
    .map((d) => d.cpso);
}

describe('name search through REST, MCP and FHIR (issue 50, seeded property)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let auth: Record<string, string>;
  let client: Client;
  let doctors: OracleDoctor[];
  const ADMIN: ToolAccess = { tier: 'admin', caps: { sandboxMaxLimit: 10, sandboxMaxWindow: 50 } };

  beforeAll(async () => {
    console.log(`name search property: seed ${SEED} (NAME_SEARCH_PROPERTY_SEED to replay)`);
    db = await createTestDatabase('name-search-property');
    const data = generateDemoDataset({ doctors: 400, seed: 50, now: NOW });
    const names = fc.sample(nameArb, { seed: SEED, numRuns: 200 });
    data.doctors.forEach((d, i) => {
      if (i % 2 === 0 && i / 2 < names.length) d.name = names[i / 2];
    });
    await replaceDirectoryData(db.dataSource, data);
    t = await createTestApp(db, {}, undefined);
    auth = await authHeaders(t, 'admin');
    await t.app.get(DoctorMemoryIndex).ready();
    doctors = await db.dataSource.query<OracleDoctor[]>(
      'SELECT cpso_number AS cpso, name FROM doctors WHERE expired_at IS NULL',
    );
    const server = await t.app.get(DirectoryTools).createServer(ADMIN);
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(b);
  }, 180_000);

  afterAll(async () => {
    await client?.close();
    await t?.close();
    await db?.drop();
  });

  const rest = async (q: string) => {
    const r = await call(
      t.app,
      'GET',
      `/doctors/search?${new URLSearchParams({ q, limit: String(LIMIT) }).toString()}`,
      auth,
    );
    expect({ q, status: r.status }).toEqual({ q, status: 200 });
    return {
      total: r.body.total as number,
      cpsos: (r.body.doctors as Json[]).map((d) => d.cpsoNumber as string),
    };
  };
  const mcp = async (q: string) => {
    const r = (await client.callTool({
      name: 'search_doctors',
      arguments: { q, limit: MCP_LIMIT },
    })) as { structuredContent?: Json; isError?: boolean };
    expect({ q, error: r.isError ?? false }).toEqual({ q, error: false });
    return {
      total: r.structuredContent.total as number,
      cpsos: (r.structuredContent.doctors as Json[]).map((d) => d.cpsoNumber as string),
    };
  };
  const fhir = async (q: string) => {
    const r = await t.app.inject({
      method: 'GET',
      url: `/api/v1/fhir/Practitioner?${new URLSearchParams({ name: q, _count: '100' }).toString()}`,
      headers: auth,
    });
    expect({ q, status: r.statusCode }).toEqual({ q, status: 200 });
    const b = JSON.parse(r.body);
    return {
      total: b.total as number,
      ids: ((b.entry ?? []) as Json[])
        .filter((e) => e.search.mode === 'match')
        .map((e) => e.resource.id as string),
    };
  };

  it('every variant finds the doctor in REST (as the oracle, first when unique), MCP (the same) and FHIR (its rule)', async () => {
    const seen = { variants: 0, mcp: 0, fhir: 0 };
    const folded = (n: string) => foldWords(n).join(' ');
    await fc.assert(
      fc.asyncProperty(fc.nat(doctors.length - 1), fc.nat(), async (pick, r) => {
        const d = doctors[pick];
        const unique = doctors.filter((x) => folded(x.name) === folded(d.name)).length === 1;
        const variants: Variant[] = variantsOf(d.name, r);
        for (const [n, v] of variants.entries()) {
          const want = oracleSearch(v.q, doctors).map((h) => h.doctor.cpso);
          const got = await rest(v.q);
          expect({ q: v.q, kind: v.kind, total: got.total, page: got.cpsos }).toEqual({
            q: v.q,
            kind: v.kind,
            total: want.length,
            page: want.slice(0, LIMIT),
          });
          expect({ q: v.q, kind: v.kind, found: want.includes(d.cpso) }).toEqual({
            q: v.q,
            kind: v.kind,
            found: true,
          });
          if (unique && MUST_LEAD.has(v.kind))
            expect({ q: v.q, kind: v.kind, first: got.cpsos[0] }).toEqual({
              q: v.q,
              kind: v.kind,
              first: d.cpso,
            });
          seen.variants++;
          // MCP on a sample: the same doctors, the same total.
          if ((n + r) % 3 === 0) {
            const m = await mcp(v.q);
            expect({ q: v.q, total: m.total, page: m.cpsos }).toEqual({
              q: v.q,
              total: got.total,
              page: got.cpsos.slice(0, m.cpsos.length),
            });
            seen.mcp++;
          }
          if (FHIR_KINDS.has(v.kind) && (n + r) % 2 === 0) {
            const f = await fhir(v.q);
            const fw = fhirOracle(v.q, doctors);
            expect({ q: v.q, total: f.total, ids: f.ids }).toEqual({
              q: v.q,
              total: fw.length,
              ids: fw.slice(0, 100),
            });
            expect({ q: v.q, kind: v.kind, found: fw.includes(d.cpso) }).toEqual({
              q: v.q,
              kind: v.kind,
              found: true,
            });
            seen.fhir++;
          }
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
    console.log(`name search property: ${JSON.stringify(seen)}`);
    expect(seen.mcp).toBeGreaterThan(10);
    expect(seen.fhir).toBeGreaterThan(10);
  }, 300_000);

  it('FHIR :exact and :contains, family and given', async () => {
    const d = doctors.find((x) => foldWords(x.name).length >= 3 && !/[^\x20-\x7e]/.test(x.name))!;
    const words = foldWords(d.name);
    const exact = await t.app.inject({
      method: 'GET',
      url: `/api/v1/fhir/Practitioner?${new URLSearchParams({ 'name:exact': d.name.toUpperCase() }).toString()}`,
      headers: auth,
    });
    const ids = (r: { body: string }) =>
      ((JSON.parse(r.body).entry ?? []) as Json[]).map((e) => e.resource.id as string);
    expect(ids(exact)).toContain(d.cpso);
    for (const id of ids(exact))
      expect(folded(doctors.find((x) => x.cpso === id)!.name)).toBe(words.join(' '));
    const inner = words[1].slice(1, 4);
    if (inner.length >= 2) {
      const contains = await t.app.inject({
        method: 'GET',
        url: `/api/v1/fhir/Practitioner?name:contains=${encodeURIComponent(inner)}&_count=100`,
        headers: auth,
      });
      expect(contains.statusCode).toBe(200);
      const got = JSON.parse(contains.body).total as number;
      const want = doctors.filter((x) => foldWords(x.name).some((w) => w.includes(inner))).length;
      expect({ inner, got }).toEqual({ inner, got: want });
    }
    const family = await t.app.inject({
      method: 'GET',
      url: `/api/v1/fhir/Practitioner?family=${encodeURIComponent(words.slice(1).join(' '))}&given=${encodeURIComponent(words[0])}`,
      headers: auth,
    });
    expect(ids(family)).toContain(d.cpso);
    function folded(n: string) {
      return foldWords(n).join(' ');
    }
  });
});
