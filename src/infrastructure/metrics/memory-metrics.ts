import { DoctorMemoryIndex } from '../persistence/directory/memory/doctor-memory-index';
import { KeptRows } from '../persistence/directory/memory/kept-rows';
import { SnapshotMetric } from './snapshot-metric';

/**
 * The doctor lists' columns in memory (DoctorMemoryIndex, docs/list-reads.md): how many doctors
 * they hold now (0 before the first load, or with LISTS_FROM_SQL), how often they were loaded and how
 * long the last load took, and how many lists they answered.
 */
export function memoryListMetrics(index: DoctorMemoryIndex | undefined): SnapshotMetric[] {
  if (!index) return [];
  const one = (name: string, help: string, type: 'counter' | 'gauge', value: () => number) =>
    new SnapshotMetric(name, help, type, () => [{ labels: {}, value: value() }]);
  const kept = (name: string, help: string, of: (k: KeptRows<unknown>) => number) =>
    new SnapshotMetric(name, help, 'gauge', () => {
      const m = index.current();
      const lists: [string, KeptRows<unknown> | undefined][] = [
        ['doctors', m?.kept],
        ['clinics', m?.d.clinics.kept],
        ['specialists', m?.d.clinics.keptSpecialists],
      ];
      return lists.map(([list, k]) => ({ labels: { list }, value: k ? of(k) : 0 }));
    });
  return [
    one(
      'gtad_lists_in_memory_doctors',
      'Doctors the in-memory columns of the doctor lists hold (0 before the first load, or with LISTS_FROM_SQL)',
      'gauge',
      () => index.loadedSize,
    ),
    one(
      'gtad_lists_in_memory_loads_total',
      'Whole loads of the in-memory columns (at start, and after a change they cannot apply in place)',
      'counter',
      () => index.loads,
    ),
    one(
      'gtad_lists_in_memory_changes_applied_total',
      "Rows of the directory's change log the in-memory columns applied in place (no load)",
      'counter',
      () => index.changesApplied,
    ),
    one(
      'gtad_lists_in_memory_last_apply_seconds',
      'Seconds the last application of changes in place took (from its start to the copy changed)',
      'gauge',
      () => index.lastFollowMs / 1000,
    ),
    one(
      'gtad_lists_in_memory_last_load_seconds',
      'Seconds the last load of the in-memory columns took',
      'gauge',
      () => index.lastLoadSeconds,
    ),
    kept(
      'gtad_lists_kept_rows',
      'List items the current copy of the columns keeps (read once, served again without a statement), per list',
      (k) => k.size,
    ),
    kept(
      'gtad_lists_kept_pages',
      'Pages answered from kept items since the current copy of the columns was loaded, per list',
      (k) => k.pages,
    ),
    one(
      'gtad_lists_in_memory_answers_total',
      'Doctor lists and searches answered from the in-memory columns (their total and the choice of their page)',
      'counter',
      () => index.answered,
    ),
  ];
}
