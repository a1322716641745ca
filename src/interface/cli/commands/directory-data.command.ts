import { createReadStream, statSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { DataSource } from 'typeorm';
import { ImportOptions } from '../../../application/directory-data/directory-import.ports';
import {
  ImportDirectoryUseCase,
  ImportSummary,
  MAX_LINE_CHARS,
} from '../../../application/directory-data/import-directory.use-case';
import { AjvRecordSchema } from '../../../infrastructure/directory-data/ajv-record-schema';
import { PgDirectoryExporter } from '../../../infrastructure/directory-data/pg-directory-exporter';
import { PgDirectoryImportStore } from '../../../infrastructure/directory-data/pg-directory-import.store';
import { ndjsonLines } from '../../../infrastructure/directory-data/ndjson-lines';
import { writeNdjson } from '../../../infrastructure/directory-data/ndjson-writer';
import { RejectionReport } from './rejection-report';
import { terminalBar } from './terminal-progress';

export const IMPORT_USAGE =
  'usage: data import <file|-> --source <name> [--dry-run] [--snapshot] [--strict] [--add-names] [--report <file>]\n' +
  '       data export [--source <name>]';

/** Written to stdout already: the command line prints nothing more. */
export class AlreadyWritten {}

export interface ImportIo {
  stdin: Readable;
  /** Where the progress bar goes (only when it is a terminal). */
  stderr: NodeJS.WriteStream | Writable;
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  if (v === undefined || v.startsWith('--'))
    throw new Error(`${name} needs a value\n${IMPORT_USAGE}`);
  return v;
}

/**
 * `data import`: streams the file (or standard input), writes the rejection report next to it
 * (`<file>.rejected.ndjson`, or `--report`), and returns the one-line summary.
 */
export async function runImportCommand(
  args: string[],
  ds: DataSource,
  io: ImportIo = { stdin: process.stdin, stderr: process.stderr },
): Promise<ImportSummary & { report: string | null }> {
  const [file, ...rest] = args;
  if (!file) throw new Error(IMPORT_USAGE);
  const flags = new Set(['--dry-run', '--snapshot', '--strict', '--add-names']);
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '--source' || rest[i] === '--report') i++;
    else if (!flags.has(rest[i])) throw new Error(`unknown option "${rest[i]}"\n${IMPORT_USAGE}`);
  }
  const source = option(rest, '--source');
  if (!source) throw new Error(`--source <name> is required\n${IMPORT_USAGE}`);
  const opts: ImportOptions = {
    source,
    dryRun: rest.includes('--dry-run'),
    snapshot: rest.includes('--snapshot'),
    strict: rest.includes('--strict'),
    addNames: rest.includes('--add-names'),
  };
  // The report's file is created before anything is read (an existing --report is refused here).
  const report = await RejectionReport.create(option(rest, '--report'), file);
  const input = file === '-' ? io.stdin : createReadStream(file);

  // A progress bar on a terminal (by bytes of the file), nothing when piped.
  const bar =
    file === '-'
      ? null
      : terminalBar(
          io.stderr,
          'import [{bar}] {percentage}% | {value}/{total} bytes | line {line}',
        );
  let bytes = 0;
  if (bar) bar.start(statSync(file).size, 0, { line: 0 });
  // The input is read only once the import's transaction is open; an error before then (no such
  // file) is kept for the reading to throw, instead of being an unhandled 'error' event.
  input.on('error', () => undefined);
  async function* counted(): AsyncIterable<Buffer | string> {
    for await (const chunk of input as AsyncIterable<Buffer | string>) {
      bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      yield chunk;
    }
  }
  const lines = ndjsonLines(counted(), MAX_LINE_CHARS);
  let closed: Promise<string | null> | null = null;
  const closeReport = () => (closed ??= report.close());
  try {
    const summary = await new ImportDirectoryUseCase(
      new AjvRecordSchema(),
      new PgDirectoryImportStore(ds),
    ).execute(lines, opts, report.write, (line) => {
      if (bar && line % 1000 === 0) bar.update(bytes, { line });
    });
    return { ...summary, report: await closeReport() };
  } finally {
    bar?.update(bytes);
    bar?.stop();
    await closeReport();
  }
}

/**
 * `data export`: the directory as NDJSON on standard output, honouring back-pressure, with a
 * progress bar (records of the counted total) on standard error when that is a terminal.
 */
export async function runExportCommand(
  args: string[],
  ds: DataSource,
  out: Writable = process.stdout,
  stderr: NodeJS.WriteStream | Writable = process.stderr,
): Promise<AlreadyWritten> {
  if (args.length !== 0 && !(args.length === 2 && args[0] === '--source'))
    throw new Error(IMPORT_USAGE);
  const source = args[1];
  const exporter = new PgDirectoryExporter(ds);
  const bar = terminalBar(stderr, 'export [{bar}] {percentage}% | {value}/{total} records');
  // Counted only for a bar: the count reads every table once more.
  bar?.start(await exporter.count(source), 0);
  let n = 0;
  try {
    // The bulk snapshot's files are written by the same writer (ndjson-writer.ts).
    await writeNdjson(exporter.records(source), out, (written) => {
      n = written;
      if (n % 1000 === 0) bar?.update(n);
    });
  } finally {
    bar?.update(n);
    bar?.stop();
  }
  return new AlreadyWritten();
}
