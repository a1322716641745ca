import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { DirectoryTools } from '../../src/interface/mcp/directory-tools';
import { ToolAccess } from '../../src/interface/mcp/tool-support';
import { C1, C2, C3, C4, C5 } from '../fixtures/directory.fixture';
import { useHoursApp } from '../fixtures/clinic-hours.fixture';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
type Result = { structuredContent?: Json; content: { text?: string }[]; isError?: boolean };

/** The clinic tools with issue 33's filters and answers, on the hours fixture (MCP client). */
describe('MCP clinic tools: openNow, openAt, acceptingStatus, nextOpen (fixture)', () => {
  const fx = useHoursApp('mcp_clinic_hours', '2026-11-23T10:00:00-05:00');
  const ADMIN: ToolAccess = { tier: 'admin', caps: { sandboxMaxLimit: 10, sandboxMaxWindow: 50 } };
  let client: Client;
  beforeAll(async () => {
    const server = await fx.t.app.get(DirectoryTools).createServer(ADMIN);
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(b);
  });
  afterAll(async () => {
    await client?.close();
  });
  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as Result;
  const text = (r: Result) => r.content.map((c) => c.text ?? '').join('\n');
  const ids = (r: Result) => (r.structuredContent.clinics as { id: string }[]).map((c) => c.id);

  it('find_clinics filters by openNow, openAt and acceptingStatus, and says open now', async () => {
    fx.clock.set('2026-11-23T10:00:00-05:00');
    const open = await call('find_clinics', { openNow: true });
    expect(open.isError).toBeFalsy();
    expect(ids(open)).toEqual([C1, C3, C5]);
    expect(open.structuredContent.total).toBe(3);
    expect(open.structuredContent.clinics[0]).toMatchObject({
      id: C1,
      openNow: true,
      acceptingStatus: 'accepting',
      acceptingCheckedAt: '2026-11-14T15:30:00.000Z',
    });
    expect(text(open)).toMatch(/Bloor Street Family Clinic.*open now; accepting new patients/);
    expect(ids(await call('find_clinics', { openAt: '2026-12-25T10:00' }))).toEqual([C2, C3, C5]);
    const graded = await call('find_clinics', {
      acceptingStatus: 'existing-patients-family,unknown',
    });
    expect(ids(graded)).toEqual([C2, C4]);
    expect(text(graded)).toMatch(/apple Tree Medical.*closed now; existing patients and their/);
    expect(text(graded)).toMatch(/Dermatology Downtown.*hours unknown; accepting status unknown/);
    const bad = await call('find_clinics', { openAt: '2027-06-01T10:00' });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/openAt/);
  });

  it('find_specialists takes the same filters', async () => {
    fx.clock.set('2026-11-23T10:00:00-05:00');
    const r = await call('find_specialists', { specialty: 'Dermatology', openNow: true });
    expect(ids(r)).toEqual([C3]);
    expect(r.structuredContent.clinics[0]).toMatchObject({
      openNow: true,
      acceptingStatus: 'existing-patients-only',
    });
    const unknown = await call('find_specialists', {
      specialty: 'Dermatology',
      acceptingStatus: 'unknown',
    });
    expect(ids(unknown)).toEqual([C4]);
  });

  it('get_clinic says when the clinic opens next, and its week and holidays', async () => {
    fx.clock.set('2026-11-23T12:30:00-05:00');
    const r = await call('get_clinic', { clinicId: C1 });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent.clinic).toMatchObject({
      openNow: false,
      nextOpen: '2026-11-23T13:00:00-05:00',
      nextClose: '2026-11-23T20:00:00-05:00',
      acceptingStatus: 'accepting',
      exceptions: [
        { date: '2026-12-25', closed: true, reason: 'Christmas Day' },
        { date: '2026-12-26', closed: true, reason: 'Boxing Day' },
        { date: '2027-01-01', closed: true, reason: "New Year's Day" },
      ],
    });
    expect(r.structuredContent.clinic.week.mon).toEqual([
      { open: '08:00', close: '12:00' },
      { open: '13:00', close: '20:00' },
    ]);
    expect(text(r)).toContain('Closed now; next opens Mon 2026-11-23 13:00 (Toronto time).');
    expect(text(r)).toContain('2026-12-25 closed (Christmas Day)');
    fx.clock.set('2026-11-27T23:00:00-05:00');
    const late = await call('get_clinic', { clinicId: C2 });
    expect(text(late)).toContain(
      'Open now; closes Sat 2026-11-28 02:00; next opens Fri 2026-12-04 18:00 (Toronto time).',
    );
    expect(text(late)).toMatch(/existing patients and their families only/);
    const unknown = await call('get_clinic', { clinicId: C4 });
    expect(text(unknown)).toContain('Opening hours unknown: phone to check.');
  });
});
