import { Inject, Injectable, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DIRECTORY_READ_SOURCE } from '../../database/directory-read-source';
import { ClinicReadRepository } from '../../../application/clinics/clinic-read.repository';
import {
  ClinicDetailRecord,
  ClinicListRecord,
  SpecialistRecord,
} from '../../../domain/clinics/clinic';
import {
  ClinicCriteria,
  ClinicInclude,
  ListMoments,
  OpenMoment,
  SpecialistCriteria,
} from '../../../domain/directory/criteria';
import { Page, PageRequest } from '../../../domain/shared/page';
import { LocalDate } from '../../../domain/clinics/hours/toronto-time';
import { ListTotals } from '../directory/list-totals';
import { DoctorMemoryIndex } from '../directory/memory/doctor-memory-index';
import { ReferenceIds } from '../directory/reference-ids';
import { ClinicDetailReader } from './clinic-detail.reader';
import { ClinicListReader } from './clinic-list.reader';
import { SpecialistListReader } from './specialist-list.reader';

/**
 * The clinic reads, each in its own reader: clinic lists in name order or nearest first
 * (clinic-list.reader.ts), specialists by wait or nearest first (specialist-list.reader.ts), and
 * a clinic's detail (clinic-detail.reader.ts). A page costs two statements at most, whatever its
 * size: its total (cached until the directory changes) and one statement that picks the page's
 * rows in order and joins them.
 */
@Injectable()
export class TypeOrmClinicReadRepository extends ClinicReadRepository {
  private readonly lists: ClinicListReader;
  private readonly offerings: SpecialistListReader;
  private readonly details: ClinicDetailReader;

  constructor(
    @Inject(DIRECTORY_READ_SOURCE) ds: DataSource,
    refs: ReferenceIds,
    totals: ListTotals,
    @Optional() memory?: DoctorMemoryIndex,
  ) {
    super();
    this.lists = new ClinicListReader(ds, refs, totals, memory);
    this.offerings = new SpecialistListReader(ds, refs, totals, memory);
    this.details = new ClinicDetailReader(ds);
  }

  list(
    criteria: ClinicCriteria,
    include: ReadonlySet<ClinicInclude>,
    page: PageRequest,
    now: Date,
    moments?: ListMoments,
  ): Promise<Page<ClinicListRecord>> {
    return this.lists.list(criteria, include, page, now, moments);
  }

  findManyById(
    ids: readonly string[],
    include: ReadonlySet<ClinicInclude>,
    now?: OpenMoment,
  ): Promise<ClinicListRecord[]> {
    return this.lists.findManyById(ids, include, now);
  }

  findById(id: string, fromDate: LocalDate): Promise<ClinicDetailRecord | null> {
    return this.details.findById(id, fromDate);
  }

  specialists(
    criteria: SpecialistCriteria,
    page: PageRequest,
    now: Date,
    moments?: ListMoments,
  ): Promise<Page<SpecialistRecord>> {
    return this.offerings.specialists(criteria, page, now, moments);
  }
}
