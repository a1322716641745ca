import { DataSource } from 'typeorm';

/** `migrate up|down|status`: the same migrations the service applies on start. */
export async function runMigrateCommand(args: string[], ds: DataSource): Promise<unknown> {
  switch (args[0]) {
    case 'up': {
      const applied = await ds.runMigrations({ transaction: 'each' });
      return { applied: applied.map((m) => m.name) };
    }
    case 'down': {
      const before = await appliedNames(ds);
      await ds.undoLastMigration({ transaction: 'each' });
      return { reverted: before.at(-1) ?? null };
    }
    case 'status':
      return { applied: await appliedNames(ds), pending: await ds.showMigrations() };
    default:
      throw new Error('usage: migrate <up|down|status>');
  }
}

async function appliedNames(ds: DataSource): Promise<string[]> {
  const exists = await ds.query<{ e: boolean }[]>(
    `SELECT to_regclass('typeorm_migrations') IS NOT NULL AS e`,
  );
  if (!exists[0].e) return [];
  const rows = await ds.query<{ name: string }[]>(
    `SELECT name FROM typeorm_migrations ORDER BY id`,
  );
  return rows.map((r) => r.name);
}
