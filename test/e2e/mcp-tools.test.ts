import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { DataSource } from 'typeorm';
import { DirectoryTools } from '../../src/interface/mcp/directory-tools';
import { AVAILABILITY_NOTE, ToolAccess } from '../../src/interface/mcp/tool-support';
import { C1, C3 } from '../fixtures/directory.fixture';
import { useFixtureApp } from '../support/fixture-app';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
/** The seven tools through a real MCP client, on the fixture directory (no HTTP here). */
describe('MCP tools (in-memory transport, fixture directory)', () => {
  const f = useFixtureApp('mcp_tools');
  const ADMIN: ToolAccess = { tier: 'admin', caps: { sandboxMaxLimit: 10, sandboxMaxWindow: 50 } };

  async function connect(access: ToolAccess = ADMIN): Promise<Client> {
    const server = await f.t.app.get(DirectoryTools).createServer(access);
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(b);
    return client;
  }
  type Result = {
    structuredContent?: Json;
    content: { type: string; text?: string }[];
    isError?: boolean;
  };
  const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as Result;
  const text = (r: Result) => r.content.map((c) => c.text ?? '').join('\n');

  let client: Client;
  beforeAll(async () => {
    client = await connect();
  });
  afterAll(async () => {
    await client?.close();
  });

  it('lists seven read-only tools, each with a description, input and output schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'directory_summary',
      'find_clinics',
      'find_doctors',
      'find_specialists',
      'get_clinic',
      'get_doctor',
      'search_doctors',
    ]);
    for (const t of tools) {
      expect(t.title).toBeTruthy();
      expect((t.description ?? '').length).toBeGreaterThan(80);
      expect(t.outputSchema?.type).toBe('object');
      expect(t.annotations).toMatchObject({
        readOnlyHint: true,
        idempotentHint: true,
        openWorldHint: false,
      });
    }
    const find = tools.find((t) => t.name === 'find_doctors')!;
    const props = find.inputSchema.properties as Record<string, Json>;
    expect(props.gender.enum).toEqual(['male', 'female', 'non-binary']);
    // Specialties and languages as the directory knows them.
    // Specialties and languages as the directory knows them, in the description (the filters also
    // take aliases and any case, so the schema takes a string, or a list of them).
    for (const n of ['English', 'French', 'Punjabi', 'Mandarin', 'Tamil'])
      expect(props.languages.description).toContain(n);
    expect(props.specialties.description).toContain('Family Medicine');
    expect(props.languages.anyOf.map((s: Json) => s.type)).toEqual(['string', 'array']);
    for (const [name, p] of Object.entries(props))
      expect([name, p.description]).toEqual([name, expect.any(String)]);
  });

  it('find_doctors: the REST filters, paging with total and nextOffset, freshness and the phone note', async () => {
    const r = await call(client, 'find_doctors', {
      languages: ['French'],
      specialties: ['Family Medicine'],
    });
    expect(r.isError).toBeFalsy();
    const rest = await f.get('/doctors?languages=French&specialties=Family%20Medicine');
    expect(r.structuredContent.total).toBe(rest.body.total);
    expect(rest.body.total).toBeGreaterThan(0);
    expect(r.structuredContent.doctors.map((d: Json) => d.cpsoNumber)).toEqual(
      rest.body.doctors.map((d: Json) => d.cpsoNumber),
    );
    expect(r.structuredContent.doctors[0].dataFreshness).toMatch(/^(fresh|stale|unknown)$/);
    expect(r.structuredContent.availabilityNote).toBe(AVAILABILITY_NOTE);
    expect(text(r)).toContain('phone the clinic to confirm');

    const p1 = await call(client, 'find_doctors', { limit: 2 });
    const all = await f.get('/doctors');
    expect(p1.structuredContent).toMatchObject({
      total: all.body.total,
      count: 2,
      offset: 0,
      nextOffset: 2,
    });
    const p2 = await call(client, 'find_doctors', { limit: 2, offset: 2 });
    expect(p2.structuredContent.doctors.map((d: Json) => d.cpsoNumber)).toEqual(
      all.body.doctors.slice(2, 4).map((d: Json) => d.cpsoNumber),
    );
    const last = await call(client, 'find_doctors', { limit: 25, offset: 0 });
    expect(last.structuredContent.nextOffset).toBeNull();
  });

  it('search_doctors finds by name and CPSO number; a one-letter query is refused with the field named', async () => {
    const r = await call(client, 'search_doctors', { q: 'singh' });
    expect(r.structuredContent.doctors.map((d: Json) => d.name)).toContain('bob Singh');
    const byNumber = await call(client, 'search_doctors', { q: '900003' });
    expect(byNumber.structuredContent.doctors[0].cpsoNumber).toBe('900003');
    const bad = await call(client, 'search_doctors', { q: 'a' });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/q/);
  });

  it('get_doctor brings the detail, recent reviews and the signals in one call', async () => {
    const r = await call(client, 'get_doctor', { cpsoNumber: '900001' });
    expect(r.isError).toBeFalsy();
    const rest = await f.get('/doctors/900001');
    const signals = await f.get('/doctors/900001/signals');
    expect(r.structuredContent.doctor.name).toBe(rest.body.doctor.name);
    expect(r.structuredContent.doctor.rating).toEqual(rest.body.doctor.rating);
    expect(r.structuredContent.doctor.reviews.length).toBe(rest.body.doctor.reviews.length);
    expect(r.structuredContent.signals.signals).toEqual(signals.body.signals);
    expect(text(r)).toContain('phone the clinic to confirm');
  });

  it('an unknown CPSO number or clinic id is a tool error that says what to try next', async () => {
    const d = await call(client, 'get_doctor', { cpsoNumber: '100' });
    expect(d.isError).toBe(true);
    expect(text(d)).toMatch(/No doctor with CPSO number "100"/);
    expect(text(d)).toMatch(/search_doctors/);
    const c = await call(client, 'get_clinic', {
      clinicId: '99999999-9999-4999-8999-999999999999',
    });
    expect(c.isError).toBe(true);
    expect(text(c)).toMatch(/find_clinics/);
  });

  it('a schema violation names the field', async () => {
    const r = await call(client, 'find_doctors', { gender: 'woman' });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/gender/);
    const years = await call(client, 'find_doctors', { minYears: 20, maxYears: 5 });
    expect(years.isError).toBe(true);
    expect(text(years)).toMatch(/minYears must not be greater than maxYears/);
    const half = await call(client, 'find_clinics', { lat: 43.7 });
    expect(half.isError).toBe(true);
    expect(text(half)).toMatch(/lng must be sent together with lat/);
  });

  it('find_clinics orders by distance with a location; get_clinic gives hours, reviews and signals', async () => {
    const near = await call(client, 'find_clinics', { lat: 43.6677, lng: -79.3948 });
    const rest = await f.get('/clinics?lat=43.6677&lng=-79.3948');
    expect(near.structuredContent.clinics.map((c: Json) => c.id)).toEqual(
      rest.body.clinics.map((c: Json) => c.id),
    );
    expect(near.structuredContent.clinics[0].id).toBe(C1);
    const c = await call(client, 'get_clinic', { clinicId: C1 });
    expect(c.isError).toBeFalsy();
    const reviews = await f.get(`/clinics/${C1}/reviews`);
    expect(c.structuredContent.clinic.weekdayHours).toBe('9:00-19:00');
    expect(c.structuredContent.clinic.dataFreshness).toBe('fresh');
    expect(c.structuredContent.reviews.count).toBe(reviews.body.aggregate.count);
    expect(c.structuredContent.signals.signals).toHaveLength(4);
  });

  it('find_specialists gives waits; directory_summary gives counts and the accepted names', async () => {
    const s = await call(client, 'find_specialists', { specialties: ['Cardiology'] });
    const rest = await f.get('/specialists?specialty=Cardiology');
    expect(s.structuredContent.total).toBe(rest.body.total);
    expect(s.structuredContent.clinics[0].id).toBe(C3);
    expect(s.structuredContent.clinics[0].waitWeeks).toBe(rest.body.clinics[0].wait_weeks);
    const missing = await call(client, 'find_specialists', {});
    expect(missing.isError).toBe(true);
    expect(text(missing)).toMatch(/specialties/);
    const sum = await call(client, 'directory_summary');
    const restSum = await f.get('/doctors/summary');
    expect(sum.structuredContent.totalDoctors).toBe(restSum.body.totalDoctors);
    expect(sum.structuredContent.languages.map((l: Json) => l.name)).toContain('Tamil');
  });

  it('find_specialists takes specialty (one name) as REST does; specialties wins; one is required', async () => {
    const one = await call(client, 'find_specialists', { specialty: 'Cardiology' });
    expect(one.isError).toBeFalsy();
    const rest = await f.get('/specialists?specialty=Cardiology');
    expect(one.structuredContent.total).toBe(rest.body.total);
    expect(one.structuredContent.clinics.map((c: Json) => [c.id, c.specialty])).toEqual(
      rest.body.clinics.map((c: Json) => [c.id, c.specialty]),
    );
    const both = await call(client, 'find_specialists', {
      specialty: 'Cardiology',
      specialties: ['Dermatology'],
    });
    const restBoth = await f.get('/specialists?specialty=Cardiology&specialties=Dermatology');
    expect(both.structuredContent.total).toBe(restBoth.body.total);
    expect(both.structuredContent.clinics.map((c: Json) => c.specialty)).toEqual(
      restBoth.body.clinics.map((c: Json) => c.specialty),
    );
    expect(new Set(both.structuredContent.clinics.map((c: Json) => c.specialty))).toEqual(
      new Set(['Dermatology']),
    );
    const none = await call(client, 'find_specialists', { languages: ['French'] });
    expect(none.isError).toBe(true);
    expect(text(none)).toMatch(/specialty .*specialties/);
    // The other tools with a specialty filter take it as well, as their REST lists do.
    const { tools } = await client.listTools();
    for (const name of ['find_doctors', 'search_doctors', 'find_clinics', 'find_specialists']) {
      const props = tools.find((x) => x.name === name)!.inputSchema.properties as Json;
      expect([name, props.specialty.type, props.specialty.description]).toEqual([
        name,
        'string',
        expect.stringContaining('Cardiology'),
      ]);
    }
    const doctors = await call(client, 'find_doctors', { specialty: 'Cardiology' });
    const restDoctors = await f.get('/doctors?specialty=Cardiology');
    expect(doctors.structuredContent.total).toBe(restDoctors.body.total);
  });

  it('answers a model’s usual misnamings with an error it can correct (issue 51, item 3)', async () => {
    const misnamed: [string, Record<string, unknown>, string, string | null][] = [
      ['find_doctors', { language: 'Tamil' }, 'language', 'languages'],
      ['find_doctors', { langauges: ['Tamil'] }, 'langauges', 'languages'],
      ['find_doctors', { specialities: ['Cardiology'] }, 'specialities', 'specialties'],
      ['find_doctors', { accepting_new_patients: true }, 'accepting_new_patients', null],
      ['find_clinics', { neer: 'M2N' }, 'neer', 'near'],
      ['find_clinics', { radius: 5, near: 'M2N' }, 'radius', null],
      ['search_doctors', { q: 'Alice', limits: 5 }, 'limits', 'limit'],
      ['find_specialists', { specialty: 'Cardiology', waitWeeks: 4 }, 'waitWeeks', null],
      ['get_doctor', { cpso: '900001' }, 'cpso', null],
    ];
    for (const [tool, args, wrong, meant] of misnamed) {
      const r = await call(client, tool, args);
      expect([tool, wrong, r.isError]).toEqual([tool, wrong, true]);
      expect(text(r)).toContain(`"${wrong}"`);
      if (meant) expect(text(r)).toContain(`did you mean "${meant}"?`);
      expect(text(r)).toMatch(/this tool takes /);
    }
    // One name where a list is expected is a one-item list; aliases and any case are read.
    const one = await call(client, 'find_doctors', { languages: 'punjabi' });
    const list = await call(client, 'find_doctors', { languages: ['Punjabi'] });
    expect(one.isError).toBeFalsy();
    expect(one.structuredContent.total).toBe(list.structuredContent.total);
    expect(list.structuredContent.total).toBeGreaterThan(0);
    const unknown = await call(client, 'find_doctors', { languages: 'Klingon' });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toContain('"Klingon"');
    // find_specialists requires one of specialty and specialties, in its schema too.
    const { tools } = await client.listTools();
    const schema = tools.find((t) => t.name === 'find_specialists')!.inputSchema as Json;
    expect(schema.anyOf).toEqual([{ required: ['specialty'] }, { required: ['specialties'] }]);
    expect(schema.additionalProperties).toBe(false);
    const none = await call(client, 'find_specialists', {});
    expect(none.isError).toBe(true);
    expect(text(none)).toContain('specialty or specialties is required');
  });

  it('the sandbox caps apply to what the tools return, total unchanged', async () => {
    const sandbox = await connect({
      tier: 'sandbox',
      caps: { sandboxMaxLimit: 2, sandboxMaxWindow: 3 },
    });
    try {
      const r = await call(sandbox, 'find_doctors', { limit: 25 });
      const all = await f.get('/doctors');
      expect(r.structuredContent.count).toBe(2);
      expect(r.structuredContent.total).toBe(all.body.total);
      const past = await call(sandbox, 'find_doctors', { offset: 2, limit: 25 });
      expect(past.structuredContent.count).toBe(1); // the window ends at row 3
    } finally {
      await sandbox.close();
    }
  });

  it('a database outage is a tool error saying the directory is unavailable, no stack or SQL', async () => {
    const ds = f.t.app.get(DataSource);
    // The lists may answer pages read before from the items the columns keep (no statement);
    // a doctor's detail always reads the database.
    await ds.query('ALTER TABLE doctors RENAME TO doctors_away');
    try {
      const r = await call(client, 'get_doctor', { cpsoNumber: '900001' });
      expect(r.isError).toBe(true);
      expect(text(r)).toBe('The directory is temporarily unavailable. Try again in a minute.');
    } finally {
      await ds.query('ALTER TABLE doctors_away RENAME TO doctors');
    }
  });
});
