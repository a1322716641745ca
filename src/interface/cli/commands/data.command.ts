import { Readable, Writable } from 'node:stream';
import { DataSource } from 'typeorm';
import { IMPORT_USAGE, runExportCommand, runImportCommand } from './directory-data.command';
import { terminalBar } from './terminal-progress';
import {
  DEFAULT_DEMO_DOCTORS,
  DEFAULT_DEMO_SEED,
  seedDemoData,
} from '../../../infrastructure/seed/demo-data.seeder';

export const DATA_USAGE = `usage: data seed [--doctors N] [--seed S]\n       ${IMPORT_USAGE.replace('usage: ', '')}`;

/** The command's streams: standard output for results, standard error for progress bars. */
export interface DataIo {
  stdin: Readable;
  stdout: Writable;
  stderr: NodeJS.WriteStream | Writable;
}

/** `--strict` and something was refused: the summary is printed, and the command fails. */
export class StrictImportRefused extends Error {}

function intOption(args: string[], name: string, def: number, max: number): number {
  const i = args.indexOf(name);
  if (i < 0) return def;
  const raw = args[i + 1];
  if (raw === undefined || !/^\d+$/.test(raw) || Number(raw) > max) {
    throw new Error(`${name} takes a whole number from 0 to ${max}\n${DATA_USAGE}`);
  }
  return Number(raw);
}

/**
 * `data seed` replaces the directory data (never the keys) with the synthetic demo dataset;
 * `data import` and `data export` move it as NDJSON. An import with `--strict` that refused a
 * record prints its summary and throws, so the command line exits non-zero.
 */
export async function runDataCommand(
  args: string[],
  ds: DataSource,
  io: DataIo = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
): Promise<unknown> {
  const [sub, ...rest] = args;
  if (sub === 'import') {
    const summary = await runImportCommand(rest, ds, io);
    if (!rest.includes('--strict') || summary.rejected === 0) return summary;
    io.stdout.write(`${JSON.stringify(summary)}\n`);
    throw new StrictImportRefused(
      `--strict: ${summary.rejected} record${summary.rejected === 1 ? '' : 's'} refused, nothing applied (report: ${summary.report})`,
    );
  }
  if (sub === 'export') return runExportCommand(rest, ds, io.stdout, io.stderr);
  if (sub !== 'seed') throw new Error(DATA_USAGE);
  const known = new Set(['--doctors', '--seed']);
  for (let i = 0; i < rest.length; i += 2) {
    if (!known.has(rest[i])) throw new Error(`unknown option "${rest[i]}"\n${DATA_USAGE}`);
  }
  const doctors = intOption(rest, '--doctors', DEFAULT_DEMO_DOCTORS, 1_000_000);
  const seed = intOption(rest, '--seed', DEFAULT_DEMO_SEED, 2 ** 31 - 1);
  // Steps of the seed, and rows written within the inserting ones.
  const bar = terminalBar(io.stderr, 'seed [{bar}] {percentage}% | {step} {rows}');
  let started = false;
  try {
    const stats = await seedDemoData(ds, {
      doctors,
      seed,
      progress: bar
        ? (p) => {
            const payload = { step: p.step, rows: p.rows ? `(${p.rows} rows)` : '' };
            if (!started) bar.start(p.total, p.done, payload);
            else bar.update(p.done, payload);
            started = true;
          }
        : undefined,
    });
    return { seeded: true, seed, ...stats };
  } finally {
    bar?.stop();
  }
}
