import { resolve } from 'node:path';

/** dist/ (this file runs as dist/scripts/bench/paths.js). */
export const DIST_ROOT = resolve(__dirname, '..', '..');
/** The project root, where package.json lives. */
export const PROJECT_ROOT = resolve(DIST_ROOT, '..');
export const SERVICE_MAIN = resolve(DIST_ROOT, 'src', 'main.js');
/** The floor server (floor-server.ts). */
export const FLOOR_MAIN = resolve(DIST_ROOT, 'scripts', 'bench', 'floor-server.js');
export const CLI_MAIN = resolve(DIST_ROOT, 'src', 'interface', 'cli', 'main.js');
export const RESULTS_DIR = resolve(PROJECT_ROOT, 'bench-results');
/** Data directory of the embedded PostgreSQL used when no server is reachable. */
export const EMBEDDED_DATA_DIR = resolve(PROJECT_ROOT, '.data', 'bench');
