import { DataSource } from 'typeorm';
import { IMPORT_USAGE, runExportCommand, runImportCommand } from './directory-data.command';
import {
  DEFAULT_DEMO_DOCTORS,
  DEFAULT_DEMO_SEED,
  seedDemoData,
} from '../../../infrastructure/seed/demo-data.seeder';

export const DATA_USAGE = `usage: data seed [--doctors N] [--seed S]\n       ${IMPORT_USAGE.replace('usage: ', '')}`;

function intOption(args: string[], name: string, def: number, max: number): number {
  const i = args.indexOf(name);
  if (i < 0) return def;
  const raw = args[i + 1];
  if (raw === undefined || !/^\d+$/.test(raw) || Number(raw) > max) {
    throw new Error(`${name} takes a whole number from 0 to ${max}\n${DATA_USAGE}`);
  }
  return Number(raw);
}

/** `data seed`: replaces the directory data (never the keys) with the synthetic demo dataset. */
export async function runDataCommand(args: string[], ds: DataSource): Promise<unknown> {
  const [sub, ...rest] = args;
  if (sub === 'import') return runImportCommand(rest, ds);
  if (sub === 'export') return runExportCommand(rest, ds);
  if (sub !== 'seed') throw new Error(DATA_USAGE);
  const known = new Set(['--doctors', '--seed']);
  for (let i = 0; i < rest.length; i += 2) {
    if (!known.has(rest[i])) throw new Error(`unknown option "${rest[i]}"\n${DATA_USAGE}`);
  }
  const doctors = intOption(rest, '--doctors', DEFAULT_DEMO_DOCTORS, 1_000_000);
  const seed = intOption(rest, '--seed', DEFAULT_DEMO_SEED, 2 ** 31 - 1);
  const stats = await seedDemoData(ds, { doctors, seed });
  return { seeded: true, seed, ...stats };
}
