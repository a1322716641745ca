import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { DirectoryTools } from '../../src/interface/mcp/directory-tools';
import { ToolAccess } from '../../src/interface/mcp/tool-support';
import { loadDirectoryFixture } from '../fixtures/directory.fixture';
import {
  applyDoctorHoursFixture,
  C6,
  C6_CHECKED,
  SettableClock,
} from '../support/doctor-hours-fixture';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
type Result = { structuredContent?: Json; content: { text?: string }[]; isError?: boolean };

/**
 * The doctor tools with issue 33's filters and answers (MCP client, in memory), on the fixture
 * of doctor-hours-fixture.ts: find_doctors and search_doctors take openNow, openAt and
 * acceptingStatus and answer each clinic's openNow and graded status; get_doctor gives the
 * clinic's week, exceptions, nextOpen and nextClose, and says when it opens next.
 */
describe('MCP doctor tools: openNow, openAt, acceptingStatus, nextOpen (fixture)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let client: Client;
  const clock = new SettableClock(new Date('2026-12-20T17:00:00Z'));
  const ADMIN: ToolAccess = { tier: 'admin', caps: { sandboxMaxLimit: 10, sandboxMaxWindow: 50 } };

  beforeAll(async () => {
    db = await createTestDatabase('mcp_doctor_hours');
    await loadDirectoryFixture(db.dataSource);
    await applyDoctorHoursFixture(db.dataSource);
    t = await createTestApp(db, {}, clock);
    const server = await t.app.get(DirectoryTools).createServer(ADMIN);
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(b);
  });
  afterAll(async () => {
    await client?.close();
    await t?.close();
    await db?.drop();
  });
  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as Result;
  const text = (r: Result) => r.content.map((c) => c.text ?? '').join('\n');
  const cpsos = (r: Result) =>
    (r.structuredContent.doctors as { cpsoNumber: string }[]).map((d) => d.cpsoNumber);

  it("find_doctors answers the issue's Done-when request, with each clinic's status and date", async () => {
    clock.set('2026-12-20T17:00:00Z'); // Sunday 12:00
    const r = await call('find_doctors', {
      openAt: '2026-12-26T10:00',
      near: 'Finch',
      radiusKm: 5,
      acceptingStatus: 'accepting,existing-patients-family',
    });
    expect(r.isError).toBeFalsy();
    expect(cpsos(r)).toEqual(['900008', '900009']);
    expect(r.structuredContent.total).toBe(2);
    expect(r.structuredContent.doctors[0].clinic).toMatchObject({
      id: C6,
      openNow: true,
      acceptingNewPatients: false,
      acceptingStatus: 'existing-patients-family',
      acceptingCheckedAt: C6_CHECKED,
    });
    expect(text(r)).toMatch(/Fiona Finch.*open now; existing patients and their families only/);
    const open = await call('find_doctors', { openNow: true, near: 'Finch', radiusKm: 5 });
    expect(cpsos(open)).toEqual(['900008', '900009', '900010']);
    const bad = await call('find_doctors', { openNow: true, openAt: '2026-12-21T10:00' });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/openAt/);
  });

  it('search_doctors takes the same filters and says open now / hours unknown', async () => {
    clock.set('2026-12-21T16:00:00Z'); // Monday 11:00
    const unknown = await call('search_doctors', { q: 'al', acceptingStatus: 'unknown' });
    expect(cpsos(unknown)).toEqual(['900005']);
    expect(text(unknown)).toMatch(/Alan Alder.*hours unknown; accepting status unknown/);
    const open = await call('search_doctors', { q: 'al', openNow: true });
    expect(cpsos(open)).toEqual(['900001']);
    expect(text(open)).toMatch(/Alice Zhang.*open now; accepting new patients/);
  });

  it("get_doctor gives the clinic's hours and says when it closes and opens next", async () => {
    clock.set('2026-12-25T15:00:00Z'); // Christmas 10:00, open by the clinic's exception
    const r = await call('get_doctor', { cpsoNumber: '900001' });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent.doctor.clinic).toMatchObject({
      openNow: true,
      nextOpen: '2026-12-27T08:00:00-05:00',
      nextClose: '2026-12-25T11:00:00-05:00',
      acceptingStatus: 'accepting',
      weekdayHours: '9:00-19:00',
    });
    expect(r.structuredContent.doctor.clinic.exceptions.slice(0, 2)).toEqual([
      { date: '2026-12-25', ranges: [{ open: '09:00', close: '11:00' }], reason: 'Holiday clinic' },
      { date: '2026-12-26', closed: true, reason: 'Boxing Day' },
    ]);
    expect(text(r)).toContain(
      'Open now; closes Fri 2026-12-25 11:00; next opens Sun 2026-12-27 08:00 (Toronto time).',
    );
    expect(text(r)).toContain(
      'Closures and special hours ahead: 2026-12-25 09:00-11:00 (Holiday clinic); 2026-12-26 closed (Boxing Day)',
    );
  });
});
