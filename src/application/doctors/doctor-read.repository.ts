import { LocalDate } from '../../domain/clinics/hours/toronto-time';
import { DoctorCriteria, ListMoments, OpenMoment } from '../../domain/directory/criteria';
import { DirectoryCounts, DoctorDetailRecord, DoctorRecord } from '../../domain/doctors/doctor';
import { Page, PageRequest } from '../../domain/shared/page';

/**
 * Port: reads of doctors. Lists leave out expired doctors; the detail finds them too. Reads given
 * moments (ListMomentsResolver's) answer each clinic's openNow at `moments.now` (null without
 * them) and keep only the clinics open at `moments.filter` when it is set.
 */
export abstract class DoctorReadRepository {
  /** Ordered by lower-cased name, then CPSO number. `now` turns years of practice into start years. */
  abstract list(
    criteria: DoctorCriteria,
    page: PageRequest,
    now: Date,
    moments?: ListMoments,
  ): Promise<Page<DoctorRecord>>;
  /** Exact CPSO match first, then names starting with `q`, then other name matches. */
  abstract search(
    q: string,
    criteria: DoctorCriteria,
    page: PageRequest,
    now: Date,
    moments?: ListMoments,
  ): Promise<Page<DoctorRecord>>;
  /** With the primary clinic's schedule and the exceptions dated `fromDate` (Toronto) or later. */
  abstract findByCpso(cpso: string, fromDate: LocalDate): Promise<DoctorDetailRecord | null>;
  /**
   * The practising doctors of these CPSO numbers (distinct), as list rows, in the order given;
   * numbers of no practising doctor are left out. One statement.
   */
  abstract findManyByCpso(cpsos: readonly string[], now?: OpenMoment): Promise<DoctorRecord[]>;
  /** Totals over practising doctors; availability checked at or after `freshCutoff` is fresh. */
  abstract counts(freshCutoff: Date): Promise<DirectoryCounts>;
}
