import { Clock } from '../../src/application/shared/clock';
import { DoctorMemoryIndex } from '../../src/infrastructure/persistence/directory/memory/doctor-memory-index';
import { createTestApp, TestApp } from './test-app';
import { TestDatabase } from './test-database';

/**
 * The lists' two ways of answering (docs/list-reads.md, "Lists in memory"), for the property
 * tests: an application answering from the columns in memory (awaited loaded) and one reading
 * SQL alone (LISTS_FROM_SQL=true), on the same database.
 */
export interface BothWays {
  readonly memory: TestApp;
  readonly sql: TestApp;
}

export async function createBothWays(db: TestDatabase, clock: Clock): Promise<BothWays> {
  const memory = await createTestApp(db, {}, clock);
  const sql = await createTestApp(db, { LISTS_FROM_SQL: 'true' }, clock);
  await memory.app.get(DoctorMemoryIndex).ready();
  return { memory, sql };
}

/** it.each's rows: each way's name and its application (read once the apps exist). */
export function eachWay(apps: () => BothWays): [string, () => TestApp][] {
  return [
    ['the columns in memory', () => apps().memory],
    ['SQL alone (LISTS_FROM_SQL=true)', () => apps().sql],
  ];
}

/**
 * That `app` answered the way it is named for: the memory app at least `answers` lists from its
 * columns, the SQL app none.
 */
export function expectAnsweredAsNamed(apps: BothWays, app: TestApp, answers: number): void {
  const answered = app.app.get(DoctorMemoryIndex).answered;
  if (app === apps.memory) expect(answered).toBeGreaterThanOrEqual(answers);
  else expect(answered).toBe(0);
}
