// The serving process's V8 settings, as the service applies them before anything loads.
import '../../src/infrastructure/runtime/serving-v8-flags';
import { readFileSync } from 'node:fs';
import { createFloor, FloorStatements } from './floor';

/**
 * The floor server of `npm run bench` (see floor.ts), as a process of its own so that its CPU
 * time is measured as the service's is.
 *
 * Usage: node dist/scripts/bench/floor-server.js <statements.json> (DATABASE_URL, PORT, DB_POOL_SIZE).
 */
const url = process.env.DATABASE_URL;
const port = Number(process.env.PORT);
if (!url || !port) throw new Error('floor-server: DATABASE_URL and PORT are required');
const statements = JSON.parse(readFileSync(process.argv[2], 'utf8')) as FloorStatements;
const floor = createFloor(statements, url, Number(process.env.DB_POOL_SIZE ?? 10));
const stop = () => {
  server.closeAllConnections();
  void floor.close().finally(() => process.exit(0));
};
const server = floor.server;
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.listen(port, '127.0.0.1');
