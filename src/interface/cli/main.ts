import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { ConfigError, loadConfig } from '../../infrastructure/config/app-config';
import { openDataSource } from '../../infrastructure/database/data-source-options';
import { resolveDatabase } from '../../infrastructure/database/database-runtime';
import {
  checkCommandLineSecret,
  KeyHashSecretMismatch,
} from '../../infrastructure/database/key-hash-secret-fingerprint';
import { prepareDatabase } from '../../infrastructure/database/prepare-database';
import { runDataCommand } from './commands/data.command';
import { runKeysCommand } from './commands/keys.command';
import { runMigrateCommand } from './commands/migrate.command';
import { JsonLines, runOrdersCommand } from './commands/orders.command';
import { runOperatorsCommand } from './commands/operators.command';
import { AlreadyWritten } from './commands/directory-data.command';

const USAGE = `usage: npm run --silent cli -- <command>
  keys sandbox                          the published sandbox key
  keys issue <live|gateway|admin>       issue a key (shown once)
  keys revoke <key_prefix>              revoke a key
  keys list                             every key's prefix, tier and times (never a secret)
  data seed [--doctors N] [--seed S]    replace the directory with the synthetic demo dataset
  data import <file|-> --source <name> [--dry-run] [--snapshot] [--strict] [--add-names] [--report <file>]
                                        upsert NDJSON records (schemas/directory-record.schema.json)
  data export [--source <name>]         the directory as NDJSON on standard output
  orders list [--limit N]               checkout orders, newest first, one JSON line each
  operators add <email>                 a dashboard operator (password from stdin, or generated and shown once)
  operators list | disable <email> | password <email>
  migrate <up|down|status>              apply, revert the last, or list migrations`;

class UsageError extends Error {}

/**
 * The operator command line. Works beside a running service on the same database (it attaches
 * to the embedded PostgreSQL the service started, or starts it for the command's duration).
 * Prints one JSON line on success; a message on stderr and a non-zero status on failure.
 */
async function main(argv: string[]): Promise<number> {
  const [group, ...args] = argv;
  if (!group || group === '--help' || group === 'help') throw new UsageError(USAGE);
  if (!['keys', 'data', 'migrate', 'orders', 'operators'].includes(group))
    throw new UsageError(`unknown command "${group}"\n${USAGE}`);
  const config = loadConfig();
  const runtime = await resolveDatabase(config, {
    adoptLeftover: false,
    log: (m) => process.stderr.write(`${m}\n`),
  });
  let ds: DataSource | undefined;
  try {
    ds = await openDataSource(runtime.url, { ...config.db, statementTimeoutMs: 600_000 });
    let result: unknown;
    if (group === 'migrate') {
      result = await runMigrateCommand(args, ds);
    } else {
      await prepareDatabase(ds, undefined, (m) => process.stderr.write(`${m}\n`));
      // A key hashed with another secret than the service's would be refused by it: say so instead.
      if (group === 'keys' && args[0] !== 'list') {
        await checkCommandLineSecret(
          ds,
          runtime.keyHashSecret,
          runtime.keyHashSecretSource ?? 'the command line',
          (m) => process.stderr.write(`${m}\n`),
        );
      }
      result =
        group === 'keys'
          ? await runKeysCommand(args, {
              dataSource: ds,
              keyHashSecret: runtime.keyHashSecret,
              config,
            })
          : group === 'orders'
            ? await runOrdersCommand(args, ds)
            : group === 'operators'
              ? await runOperatorsCommand(args, ds)
              : await runDataCommand(args, ds);
    }
    if (result instanceof AlreadyWritten) return 0;
    const lines = result instanceof JsonLines ? result.lines : [result];
    process.stdout.write(lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
    return 0;
  } finally {
    if (ds?.isInitialized) await ds.destroy();
    await runtime.stop();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    const message =
      e instanceof UsageError || e instanceof ConfigError
        ? e.message
        : e instanceof KeyHashSecretMismatch
          ? `error: ${e.message}`
          : `error: ${(e as Error).message}`;
    process.stderr.write(`${message}\n`);
    process.exit(e instanceof UsageError ? 2 : 1);
  },
);
