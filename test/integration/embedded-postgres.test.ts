import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../../src/infrastructure/database/embedded-postgres.server';

/** A PID that is certainly not running: past the kernel's maximum. */
const DEAD_PID = 4_194_304 + 1;

async function selectOne(url: string): Promise<number> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<{ one: number }>('SELECT 1 AS one')).rows[0].one;
  } finally {
    await c.end();
  }
}

/** The embedded default's traps: a crashed owner's leftover server, a stale pid file, attach vs own. */
describe('embedded PostgreSQL', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'gtad-embedded-'));
    chmodSync(dir, 0o755); // as root, the server runs as the postgres user and must reach it
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts, attaches, adopts a leftover, survives a stale pid file, and stops', async () => {
    const first = await startEmbeddedPostgres({ dataDir: dir, adoptLeftover: true });
    expect(first.owned).toBe(true);
    expect(await selectOne(first.url)).toBe(1);
    const pidFile = join(dir, 'pg', 'postmaster.pid');

    // Another process (the CLI) while the owner lives: attaches, and leaves the server alone.
    writeFileSync(join(dir, 'embedded-owner.json'), JSON.stringify({ pid: process.ppid }));
    const cli = await startEmbeddedPostgres({ dataDir: dir, adoptLeftover: true });
    expect(cli.owned).toBe(false);
    expect(cli.url).toBe(first.url);
    await cli.stop();
    expect(await selectOne(first.url)).toBe(1);

    // The owner crashed (its pid is gone): the next service adopts the running server.
    writeFileSync(join(dir, 'embedded-owner.json'), JSON.stringify({ pid: DEAD_PID }));
    const adopted = await startEmbeddedPostgres({ dataDir: dir, adoptLeftover: true });
    expect(adopted.owned).toBe(true);
    expect(adopted.url).toBe(first.url);
    await adopted.stop();
    expect(existsSync(pidFile)).toBe(false);

    // A pid file left by a killed server, naming a dead process: started anew all the same.
    writeFileSync(pidFile, `${DEAD_PID}\n${join(dir, 'pg')}\n0\n5432\n\n127.0.0.1\n`);
    const again = await startEmbeddedPostgres({ dataDir: dir, adoptLeftover: true });
    expect(again.owned).toBe(true);
    expect(await selectOne(again.url)).toBe(1);
    expect(readFileSync(pidFile, 'utf8').split('\n')[0]).not.toBe(String(DEAD_PID));
    await again.stop();
    expect(existsSync(pidFile)).toBe(false);
  });
});
