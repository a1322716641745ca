import { DoctorCriteria } from '../../domain/directory/criteria';
import { DirectoryCounts, DoctorDetailRecord, DoctorRecord } from '../../domain/doctors/doctor';
import { Page, PageRequest } from '../../domain/shared/page';

/** Port: reads of doctors. Lists leave out expired doctors; the detail finds them too. */
export abstract class DoctorReadRepository {
  /** Ordered by lower-cased name, then CPSO number. `now` turns years of practice into start years. */
  abstract list(
    criteria: DoctorCriteria,
    page: PageRequest,
    now: Date,
  ): Promise<Page<DoctorRecord>>;
  /** Exact CPSO match first, then names starting with `q`, then other name matches. */
  abstract search(
    q: string,
    criteria: DoctorCriteria,
    page: PageRequest,
    now: Date,
  ): Promise<Page<DoctorRecord>>;
  abstract findByCpso(cpso: string): Promise<DoctorDetailRecord | null>;
  /**
   * The practising doctors of these CPSO numbers (distinct), as list rows, in the order given;
   * numbers of no practising doctor are left out. One statement.
   */
  abstract findManyByCpso(cpsos: readonly string[]): Promise<DoctorRecord[]>;
  /** Totals over practising doctors; availability checked at or after `freshCutoff` is fresh. */
  abstract counts(freshCutoff: Date): Promise<DirectoryCounts>;
}
