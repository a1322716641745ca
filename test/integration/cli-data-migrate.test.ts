import { runDataCommand } from '../../src/interface/cli/commands/data.command';
import { runMigrateCommand } from '../../src/interface/cli/commands/migrate.command';
import { createTestDatabase, TestDatabase } from '../support/test-database';

describe('command line: data seed and migrate (real PostgreSQL)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('cli_data');
  });
  afterAll(async () => db.drop());

  const count = async (table: string) =>
    (await db.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;

  it('seeds the size and seed it is given, replacing what was there', async () => {
    const first = (await runDataCommand(
      ['seed', '--doctors', '120', '--seed', '5'],
      db.dataSource,
    )) as {
      doctors: number;
      seed: number;
    };
    expect(first).toMatchObject({ seeded: true, seed: 5, doctors: 120 });
    expect(await count('doctors')).toBe(120);
    const cpsoAfterFirst = await db.dataSource.query(
      'SELECT cpso_number FROM doctors ORDER BY 1 LIMIT 3',
    );

    await runDataCommand(['seed', '--doctors', '80', '--seed', '5'], db.dataSource);
    expect(await count('doctors')).toBe(80);
    await runDataCommand(['seed', '--doctors', '120', '--seed', '5'], db.dataSource);
    expect(await db.dataSource.query('SELECT cpso_number FROM doctors ORDER BY 1 LIMIT 3')).toEqual(
      cpsoAfterFirst,
    );
    expect(await count('doctor_search')).toBeGreaterThan(100);
  });

  it.each([
    [['seed', '--doctors', 'many']],
    [['seed', '--doctors']],
    [['seed', '--colour', 'red']],
    [['grow']],
  ])('refuses %j with a usage message', async (args) => {
    await expect(runDataCommand(args, db.dataSource)).rejects.toThrow(
      /usage|takes a whole number|unknown option/,
    );
  });

  it('reports, reverts and re-applies migrations', async () => {
    const status = (await runMigrateCommand(['status'], db.dataSource)) as {
      applied: string[];
      pending: boolean;
    };
    expect(status.pending).toBe(false);
    expect(status.applied.length).toBeGreaterThanOrEqual(2);
    const down = (await runMigrateCommand(['down'], db.dataSource)) as { reverted: string };
    expect(down.reverted).toBe(status.applied.at(-1));
    expect(
      (await runMigrateCommand(['status'], db.dataSource)) as { pending: boolean },
    ).toMatchObject({ pending: true });
    const up = (await runMigrateCommand(['up'], db.dataSource)) as { applied: string[] };
    expect(up.applied).toEqual([down.reverted]);
    await expect(runMigrateCommand(['sideways'], db.dataSource)).rejects.toThrow(/usage/);
  });
});
