import { PassThrough } from 'node:stream';
import { runDataCommand } from '../../src/interface/cli/commands/data.command';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * `data seed` and `data export` draw the import's progress bar (cli-progress) on standard error
 * when it is a terminal, and write nothing there when it is piped (issue 30, item 7).
 */
function streams(terminal: boolean) {
  const stderr = Object.assign(new PassThrough(), terminal ? { isTTY: true, columns: 120 } : {});
  const stdout = new PassThrough();
  const text = { out: '', err: '' };
  stdout.on('data', (c: Buffer) => (text.out += c.toString()));
  stderr.on('data', (c: Buffer) => (text.err += c.toString()));
  return { io: { stdin: new PassThrough(), stdout, stderr }, text };
}

describe('progress bars of data seed and data export (real PostgreSQL)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('cli_progress');
  });
  afterAll(async () => db?.drop());

  it('data seed: a bar of its steps on a terminal, to the last one; nothing when piped', async () => {
    const tty = streams(true);
    await runDataCommand(['seed', '--doctors', '60', '--seed', '3'], db.dataSource, tty.io);
    // A step between the first and the last (the bar redraws at most 10 times a second, so which
    // middle steps are drawn depends on the machine's speed: a fast one skipped every 'insert …'
    // step and drew 'read models' at 75%).
    expect(tty.text.err).toMatch(/seed \[=+-+\] [1-9]\d?% \| [a-z]+( [a-z]+)? /);
    expect(tty.text.err).toMatch(/seed \[=+\] 100% \| done/);
    expect(tty.text.out).toBe('');
    const piped = streams(false);
    const stats = await runDataCommand(
      ['seed', '--doctors', '60', '--seed', '3'],
      db.dataSource,
      piped.io,
    );
    expect(stats).toMatchObject({ seeded: true, doctors: 60 });
    expect(piped.text.err).toBe('');
  });

  it('data export: a bar of records on a terminal, the same NDJSON on standard output; nothing when piped', async () => {
    const tty = streams(true);
    await runDataCommand(['export'], db.dataSource, tty.io);
    const records = tty.text.out.trim().split('\n').length;
    expect(records).toBeGreaterThan(500);
    expect(tty.text.err).toContain(`export [`);
    expect(tty.text.err).toMatch(new RegExp(`100% \\| ${records}/${records} records`));
    const piped = streams(false);
    await runDataCommand(['export'], db.dataSource, piped.io);
    expect(piped.text.out).toBe(tty.text.out);
    expect(piped.text.err).toBe('');
  });
});
