import { Inject, Injectable, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  ClinicCriteriaFhir,
  PractitionerCriteria,
  RoleCriteria,
  ServiceCriteria,
} from '../../../application/fhir/fhir-criteria';
import { FhirDirectoryReader } from '../../../application/fhir/fhir-directory.reader';
import {
  FhirClinicRecord,
  FhirPractitionerRecord,
  FhirRoleRecord,
  FhirServiceRecord,
} from '../../../application/fhir/fhir-records';
import { distanceKm } from '../../../domain/geo/location';
import { Page, PageRequest } from '../../../domain/shared/page';
import { DIRECTORY_READ_SOURCE } from '../../database/directory-read-source';
import { ListTotals } from '../directory/list-totals';
import { namesOf, nearRadius, pointOf } from '../directory/criteria-sql';
import { SqlParams } from '../directory/sql-params';
import { DoctorMemoryIndex } from '../directory/memory/doctor-memory-index';
import { UnavailableError } from '../../../domain/shared/domain-error';
import { NAME_INDEX_WAIT_MS } from '../doctors/search/name-search.reader';
import { fhirNameRows } from './fhir-name-search';
import { fhirPage, snapped } from './fhir-search-pages';
import { DOCTOR_COLUMNS, practitionersByCpso, practitionersById } from './fhir-practitioner-rows';
import {
  CITY_KEY,
  CLINIC_COLUMNS,
  lastUpdated,
  POSTAL_KEY,
  startsWith,
  where,
} from './fhir-read.sql';
import {
  ClinicRow,
  PractitionerRow,
  RoleRow,
  ServiceRow,
  toClinic,
  toPractitioner,
  toRole,
  toService,
} from './fhir-row.mapper';

const EMPTY = { items: [], total: 0 };

/**
 * The FHIR view's reads. Each search is two statements run together: the page (ordered in SQL
 * with a unique key last, LIMIT/OFFSET) and its exact count under the same conditions. The
 * conditions are those the indexes answer: doctor_search's trigram and CPSO indexes, clinics'
 * name, GiST, city, postal code and updated_at indexes, clinic_doctor_search and
 * specialist_offerings' keys (docs/fhir.md, `npm run plans`).
 */
@Injectable()
export class TypeOrmFhirDirectoryReader extends FhirDirectoryReader {
  constructor(
    @Inject(DIRECTORY_READ_SOURCE) private readonly ds: DataSource,
    private readonly totals: ListTotals,
    @Optional() private readonly memory?: DoctorMemoryIndex,
  ) {
    super();
  }

  async practitioners(
    criteria: PractitionerCriteria,
    page: PageRequest,
  ): Promise<Page<FhirPractitionerRecord>> {
    const c = await snapped(this.ds, criteria, 'doctors');
    if (!c) return EMPTY;
    const p = new SqlParams();
    const conds: string[] = [];
    if (c.name !== undefined || c.family !== undefined || c.given !== undefined) {
      // The name parameters are the name search's (issue 50): the name index in memory.
      const m = await this.memory?.forNames(NAME_INDEX_WAIT_MS);
      if (!m) throw new UnavailableError('The name index is loading; retry shortly.');
      const found = fhirNameRows(m, c);
      if (!c.lastUpdated) {
        // The page in name order (the rows' own), read by id.
        const ids = found.page(page.offset, page.limit).map((i) => m.doctorId(i));
        return { items: await practitionersById(this.ds, ids), total: found.total };
      }
      conds.push(`ds.doctor_id = ANY(${p.add(found.all().map((i) => m.doctorId(i)))}::uuid[])`);
    } else if (c.cpsos) conds.push(`ds.cpso_number = ANY(${p.add(c.cpsos)}::text[])`);
    else if (!c.lastUpdated) {
      // Every practitioner, in name order (issue 48, item 5): the columns in memory hold the
      // practising doctors in that very order, so a page at any depth is its positions' rows, read
      // by id (a page at offset 5,000 walked 5,025 rows of the name index in SQL).
      const m = await this.memory?.forLists();
      if (m) {
        const ids = m.everyone(page.offset, page.limit).map((i) => m.doctorId(i));
        return { items: await practitionersById(this.ds, ids), total: m.served };
      }
    }
    // (expired_at IS NULL: what doctor_search holds, said so that doctors_updated_idx applies.)
    if (c.lastUpdated)
      conds.push(lastUpdated('d.updated_at', c.lastUpdated, p), 'd.expired_at IS NULL');
    const from = `FROM doctor_search ds JOIN doctors d ON d.id = ds.doctor_id ${where(conds)}`;
    return fhirPage<PractitionerRow, FhirPractitionerRecord>(
      this.ds,
      this.totals,
      p,
      from,
      `SELECT ${DOCTOR_COLUMNS} ${from} ORDER BY ds.name_key, ds.cpso_number`,
      page,
      toPractitioner,
      // Every practising doctor: v1's per-facet counts (refreshed with doctor_search) sum to it.
      // Otherwise doctor_search alone unless a condition is on doctors: each of its rows is a
      // doctor's (refreshed in the same transaction), and the join made the planner hash all
      // 1,000,000 doctors for name=ge's 11,317 rows (176 ms).
      conds.length === 0
        ? 'SELECT coalesce(sum(n), 0)::int AS n FROM doctor_facets'
        : c.lastUpdated
          ? undefined
          : `SELECT count(*)::int AS n FROM doctor_search ds ${where(conds)}`,
    );
  }

  practitionersByCpso(cpsos: readonly string[]): Promise<FhirPractitionerRecord[]> {
    return practitionersByCpso(this.ds, cpsos);
  }

  async clinics(criteria: ClinicCriteriaFhir, page: PageRequest): Promise<Page<FhirClinicRecord>> {
    const c = await snapped(this.ds, criteria, 'clinics');
    if (!c) return EMPTY;
    const p = new SqlParams();
    const conds: string[] = [];
    if (c.ids) conds.push(`c.id = ANY(${p.add(c.ids)}::uuid[])`);
    if (c.name) conds.push(startsWith('c.name_key', c.name, p));
    if (c.city) conds.push(startsWith(CITY_KEY, c.city, p));
    if (c.postalCode) conds.push(startsWith(POSTAL_KEY, c.postalCode, p));
    if (c.acceptingStatuses)
      conds.push(`c.accepting_status = ANY(${p.add(c.acceptingStatuses)}::text[])`);
    if (c.lastUpdated) conds.push(lastUpdated('c.updated_at', c.lastUpdated, p));
    let order = 'c.name_key, c.id';
    if (c.near) {
      const pt = pointOf(c.near, p);
      if (c.radiusKm !== undefined)
        conds.push(...nearRadius(pt, c.radiusKm, p).rows('ll_to_earth(c.lat, c.lng)'));
      order = `ll_to_earth(c.lat, c.lng) <-> ${pt}, c.id`;
    }
    const from = `FROM clinics c ${where(conds)}`;
    const near = c.near;
    return fhirPage<ClinicRow, FhirClinicRecord>(
      this.ds,
      this.totals,
      p,
      from,
      `SELECT ${CLINIC_COLUMNS} ${from} ORDER BY ${order}`,
      page,
      (r) => {
        const rec = toClinic(r);
        return near ? { ...rec, distanceKm: distanceKm(near, rec.lat, rec.lng) } : rec;
      },
    );
  }

  async clinicsById(ids: readonly string[]): Promise<FhirClinicRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.ds.query<ClinicRow[]>(
      `SELECT ${CLINIC_COLUMNS} FROM clinics c WHERE c.id = ANY($1::uuid[]) ORDER BY c.id`,
      [ids],
    );
    return rows.map(toClinic);
  }

  async roles(criteria: RoleCriteria, page: PageRequest): Promise<Page<FhirRoleRecord>> {
    const c = await snapped(this.ds, criteria, 'practitioner_role_updates');
    if (!c) return EMPTY;
    const p = new SqlParams();
    const conds: string[] = [];
    if (c.ids) {
      const cpsos = p.add(c.ids.map((x) => x[0]));
      const clinics = p.add(c.ids.map((x) => x[1]));
      conds.push(
        `d.cpso_number = ANY(${cpsos}::text[])`,
        `cds.clinic_id = ANY(${clinics}::uuid[])`,
        `EXISTS (SELECT 1 FROM unnest(${cpsos}::text[], ${clinics}::uuid[]) AS x(cpso, clinic_id)
                  WHERE x.cpso = d.cpso_number AND x.clinic_id = cds.clinic_id)`,
      );
    }
    if (c.cpsos) {
      // The doctors' clinics first (doctor_clinics' key), so that clinic_doctor_search is read by
      // its own key rather than scanned for the doctor.
      const cpsos = p.add(c.cpsos);
      conds.push(
        `d.cpso_number = ANY(${cpsos}::text[])`,
        `cds.clinic_id IN (SELECT dc.clinic_id FROM doctors d3 JOIN doctor_clinics dc ON dc.doctor_id = d3.id
                            WHERE d3.cpso_number = ANY(${cpsos}::text[]))`,
      );
    }
    if (c.clinicIds) conds.push(`cds.clinic_id = ANY(${p.add(c.clinicIds)}::uuid[])`);
    if (c.specialties) {
      conds.push(
        `cds.specialty_ids && ARRAY(SELECT s.id FROM specialties s WHERE s.name = ANY(${p.add(c.specialties)}::text[]))::smallint[]`,
      );
    }
    if (c.acceptingStatuses)
      conds.push(`c.accepting_status = ANY(${p.add(c.acceptingStatuses)}::text[])`);
    // A role's last change, the later of its doctor's and its clinic's, is a column of
    // practitioner_role_updates (clinic_doctor_search's links with their time, migration
    // 1767800000000): with _lastUpdated the search reads it in clinic_doctor_search's place.
    const links = c.lastUpdated ? 'practitioner_role_updates' : 'clinic_doctor_search';
    if (c.lastUpdated) conds.push(lastUpdated('cds.updated_at', c.lastUpdated, p));
    // The count joins only the tables its conditions name (the read model's links always have
    // their doctor and clinic): specialty=Cardiology hashed every doctor for its links.
    const joins = [
      c.ids || c.cpsos ? 'JOIN doctors d ON d.id = cds.doctor_id' : '',
      c.acceptingStatuses ? 'JOIN clinics c ON c.id = cds.clinic_id' : '',
    ].join(' ');
    const counted = `SELECT count(*)::int AS n FROM ${links} cds ${joins} ${where(conds)}`;
    const columns = `d.cpso_number, cds.clinic_id, ${namesOf('specialties', 'd.specialty_ids')} AS specialties,
              c.accepting_new_patients AS accepting, c.accepting_status, d.booking_phone, c.hours,
              greatest(d.updated_at, c.updated_at) AS updated_at`;
    if (c.lastUpdated) {
      // The page's links first, on practitioner_role_updates' indexes alone (its key walked in
      // order when most roles match, its time's range sorted when few do), then their rows: a
      // join in the same statement made the planner hash every link (0.3 s at 100,000 doctors).
      return fhirPage<RoleRow, FhirRoleRecord>(
        this.ds,
        this.totals,
        p,
        '',
        (limits) => `SELECT ${columns}
           FROM (SELECT cds.clinic_id, cds.doctor_id FROM ${links} cds ${joins} ${where(conds)}
                  ORDER BY cds.clinic_id, cds.doctor_id ${limits}) cds
           JOIN doctors d ON d.id = cds.doctor_id JOIN clinics c ON c.id = cds.clinic_id
          ORDER BY cds.clinic_id, cds.doctor_id`,
        page,
        toRole,
        counted,
      );
    }
    const from = `FROM clinic_doctor_search cds JOIN doctors d ON d.id = cds.doctor_id
                  JOIN clinics c ON c.id = cds.clinic_id ${where(conds)}`;
    return fhirPage<RoleRow, FhirRoleRecord>(
      this.ds,
      this.totals,
      p,
      from,
      `SELECT ${columns} ${from} ORDER BY cds.clinic_id, cds.doctor_id`,
      page,
      toRole,
      // Every link of a practising doctor: the read model's own rows (its joins always match).
      counted,
    );
  }

  async services(criteria: ServiceCriteria, page: PageRequest): Promise<Page<FhirServiceRecord>> {
    const c = await snapped(this.ds, criteria, 'clinics');
    if (!c) return EMPTY;
    const p = new SqlParams();
    const conds: string[] = [];
    if (c.ids) {
      const clinics = p.add(c.ids.map((x) => x[0]));
      const names = p.add(c.ids.map((x) => x[1]));
      conds.push(
        `so.clinic_id = ANY(${clinics}::uuid[])`,
        `EXISTS (SELECT 1 FROM unnest(${clinics}::uuid[], ${names}::text[]) AS x(clinic_id, name)
                  WHERE x.clinic_id = so.clinic_id AND x.name = s.name)`,
      );
    }
    if (c.clinicIds) conds.push(`so.clinic_id = ANY(${p.add(c.clinicIds)}::uuid[])`);
    if (c.specialties) conds.push(`s.name = ANY(${p.add(c.specialties)}::text[])`);
    if (c.lastUpdated) conds.push(lastUpdated('c.updated_at', c.lastUpdated, p));
    const from = `FROM specialist_offerings so JOIN specialties s ON s.id = so.specialty_id
                  JOIN clinics c ON c.id = so.clinic_id ${where(conds)}`;
    return fhirPage<ServiceRow, FhirServiceRecord>(
      this.ds,
      this.totals,
      p,
      from,
      `SELECT so.clinic_id, c.name AS clinic_name, s.name AS specialty, so.wait_weeks,
              c.accepting_new_patients AS accepting, c.accepting_status, c.phone, c.hours, c.updated_at
         ${from} ORDER BY so.clinic_id, s.name_key`,
      page,
      toService,
      conds.length ? undefined : 'SELECT count(*)::int AS n FROM specialist_offerings',
    );
  }

  async specialtyNames(): Promise<string[]> {
    const rows = await this.ds.query<{ name: string }[]>(
      `SELECT name FROM specialties ORDER BY id`,
    );
    return rows.map((r) => r.name);
  }
}
