import {
  ClinicDetailRecord,
  ClinicListRecord,
  SpecialistRecord,
} from '../../domain/clinics/clinic';
import {
  ClinicCriteria,
  ClinicInclude,
  ListMoments,
  OpenMoment,
  SpecialistCriteria,
} from '../../domain/directory/criteria';
import { Page, PageRequest } from '../../domain/shared/page';
import { LocalDate } from '../../domain/clinics/hours/toronto-time';

/** Port: reads of clinics and specialist offerings. */
export abstract class ClinicReadRepository {
  /**
   * By distance from `criteria.near` when given, else by lower-cased name; then id. Each item's
   * openNow at `moments.now`; only clinics open at `moments.filter` when it is given. Without
   * `moments` (a caller that does not ask about hours) no hours filter applies and openNow is
   * null; the same for `now` of findManyById.
   */
  abstract list(
    criteria: ClinicCriteria,
    include: ReadonlySet<ClinicInclude>,
    page: PageRequest,
    now: Date,
    moments?: ListMoments,
  ): Promise<Page<ClinicListRecord>>;
  /** The clinic's detail, with its own hours exceptions from `fromDate` (Toronto's today) on. */
  abstract findById(id: string, fromDate: LocalDate): Promise<ClinicDetailRecord | null>;
  /** The clinics of these ids (distinct, lower-case), as list rows, in the order given. One statement. */
  abstract findManyById(
    ids: readonly string[],
    include: ReadonlySet<ClinicInclude>,
    now?: OpenMoment,
  ): Promise<ClinicListRecord[]>;
  /** (clinic, specialty) pairs, by distance when `near` is given, else wait, name, id. */
  abstract specialists(
    criteria: SpecialistCriteria,
    page: PageRequest,
    now: Date,
    moments?: ListMoments,
  ): Promise<Page<SpecialistRecord>>;
}
