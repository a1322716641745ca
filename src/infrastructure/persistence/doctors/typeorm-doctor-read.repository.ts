import { Inject, Injectable, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DIRECTORY_READ_SOURCE } from '../../database/directory-read-source';
import { DoctorReadRepository } from '../../../application/doctors/doctor-read.repository';
import { LocalDate } from '../../../domain/clinics/hours/toronto-time';
import { DoctorCriteria, ListMoments, OpenMoment } from '../../../domain/directory/criteria';
import { DirectoryCounts, DoctorDetailRecord, DoctorRecord } from '../../../domain/doctors/doctor';
import { Page, PageRequest } from '../../../domain/shared/page';
import { ListTotals } from '../directory/list-totals';
import { DoctorMemoryIndex } from '../directory/memory/doctor-memory-index';
import { ReferenceIds } from '../directory/reference-ids';
import { DoctorDetailReader } from './doctor-detail.reader';
import { DoctorListReader } from './doctor-list.reader';
import { DoctorLookupReader } from './doctor-lookup.reader';
import { DoctorPageReader } from './doctor-page.reader';
import { DEFAULT_SEARCH_TUNING, SEARCH_TUNING, SearchTuning } from './search-tuning';
import { NameSearchReader } from './search/name-search.reader';

/**
 * The doctor reads, each in its own reader: lists in name order or nearest first
 * (doctor-list.reader.ts), the name search (search/: its planner, its statements, its reader),
 * a doctor's detail and the directory's totals (doctor-detail.reader.ts). A page costs two
 * statements at most, whatever its size: its total (cached until the directory changes) and
 * one statement that picks the page's ids in order and joins their rows (doctor-page.reader.ts).
 */
@Injectable()
export class TypeOrmDoctorReadRepository extends DoctorReadRepository {
  private readonly lists: DoctorListReader;
  private readonly names: NameSearchReader;
  private readonly details: DoctorDetailReader;
  private readonly lookups: DoctorLookupReader;

  constructor(
    @Inject(DIRECTORY_READ_SOURCE) ds: DataSource,
    refs: ReferenceIds,
    totals: ListTotals,
    @Optional()
    @Inject(SEARCH_TUNING)
    tuning: SearchTuning = DEFAULT_SEARCH_TUNING,
    @Optional() memory?: DoctorMemoryIndex,
  ) {
    super();
    const pages = new DoctorPageReader(ds, refs, totals);
    this.lists = new DoctorListReader(refs, totals, pages, tuning, memory);
    this.names = new NameSearchReader(refs, pages, memory);
    this.details = new DoctorDetailReader(ds, refs);
    this.lookups = new DoctorLookupReader(ds, refs);
  }

  list(
    criteria: DoctorCriteria,
    page: PageRequest,
    now: Date,
    moments?: ListMoments,
  ): Promise<Page<DoctorRecord>> {
    return this.lists.list(criteria, page, now, moments);
  }

  search(
    q: string,
    criteria: DoctorCriteria,
    page: PageRequest,
    now: Date,
    moments?: ListMoments,
  ): Promise<Page<DoctorRecord>> {
    return this.names.search(q, criteria, page, now, moments);
  }

  findByCpso(cpso: string, fromDate: LocalDate): Promise<DoctorDetailRecord | null> {
    return this.details.findByCpso(cpso, fromDate);
  }

  findManyByCpso(cpsos: readonly string[], now?: OpenMoment): Promise<DoctorRecord[]> {
    return this.lookups.findManyByCpso(cpsos, now);
  }

  counts(freshCutoff: Date): Promise<DirectoryCounts> {
    return this.details.counts(freshCutoff);
  }
}
