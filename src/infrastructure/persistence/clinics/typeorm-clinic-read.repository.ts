import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ClinicReadRepository } from '../../../application/clinics/clinic-read.repository';
import {
  ClinicDetailRecord,
  ClinicListRecord,
  SpecialistRecord,
} from '../../../domain/clinics/clinic';
import {
  ClinicCriteria,
  ClinicInclude,
  DoctorAttributeCriteria,
  GeoPoint,
  SpecialistCriteria,
} from '../../../domain/directory/criteria';
import { Page, PageRequest } from '../../../domain/shared/page';
import {
  CLINIC_ADDRESS_SQL,
  clinicFlagConditions,
  doctorConditions,
  hasDoctorConditions,
  idsOf,
  namesOf,
  where,
} from '../directory/criteria-sql';
import { SqlParams } from '../directory/sql-params';
import {
  ClinicDetailRow,
  ClinicListRow,
  SpecialistRow,
  toClinicDetailRecord,
  toClinicListRecord,
  toSpecialistRecord,
} from './clinic-row.mapper';

/** Distinct names over the practising doctors of clinic `clinicExpr`, alphabetical. */
function unionOf(
  table: 'specialties' | 'languages',
  column: string,
  clinicExpr: string,
  extra = '',
): string {
  return `ARRAY(SELECT r.name FROM ${table} r WHERE r.id IN (
            SELECT unnest(cd.${column}) FROM clinic_doctor_search cd WHERE cd.clinic_id = ${clinicExpr} ${extra})
          ORDER BY r.name_key)`;
}

/** Distance key that the GiST index on ll_to_earth(lat, lng) serves (KNN order). */
function distanceTo(near: GeoPoint, p: SqlParams): string {
  return `(ll_to_earth(c.lat, c.lng) <-> ll_to_earth(${p.add(near.lat)}::float8, ${p.add(near.lng)}::float8))`;
}

@Injectable()
export class TypeOrmClinicReadRepository extends ClinicReadRepository {
  constructor(private readonly ds: DataSource) {
    super();
  }

  async list(
    criteria: ClinicCriteria,
    include: ReadonlySet<ClinicInclude>,
    page: PageRequest,
    now: Date,
  ): Promise<Page<ClinicListRecord>> {
    const p = new SqlParams();
    const conds = clinicFlagConditions('c', criteria, p, 'accepting_new_patients');
    if (criteria.hasWebsite !== undefined)
      conds.push(`c.website IS ${criteria.hasWebsite ? 'NOT ' : ''}NULL`);
    conds.push(...this.doctorExists(criteria, p, now, 'c.id'));
    const countParams = [...p.values];
    const sortKey = criteria.near ? distanceTo(criteria.near, p) : 'c.name_key';
    const notes = include.has('notes') ? 'c.notes' : 'NULL::text';
    const links = include.has('links') ? 'c.links' : 'NULL::jsonb';
    const sql = `
      SELECT c.id, c.name, ${CLINIC_ADDRESS_SQL} AS address, c.accepting_new_patients AS accepting,
             ${unionOf('languages', 'language_ids', 'c.id')} AS languages,
             ${unionOf('specialties', 'specialty_ids', 'c.id')} AS specialties,
             c.lat, c.lng, ${notes} AS notes, ${links} AS links
        FROM (SELECT c.id, ${sortKey} AS k FROM clinics c ${where(conds)}
               ORDER BY k, c.id LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)}) pg
        JOIN clinics c ON c.id = pg.id
       ORDER BY pg.k, pg.id`;
    const [rows, count] = await Promise.all([
      page.limit === 0
        ? Promise.resolve([] as ClinicListRow[])
        : this.ds.query<ClinicListRow[]>(sql, p.values),
      this.ds.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM clinics c ${where(conds)}`,
        countParams,
      ),
    ]);
    return { items: rows.map(toClinicListRecord), total: count[0].n };
  }

  async findById(id: string): Promise<ClinicDetailRecord | null> {
    const rows = await this.ds.query<ClinicDetailRow[]>(
      `SELECT c.id, c.name, ${CLINIC_ADDRESS_SQL} AS address, c.lat, c.lng, c.phone, c.accepting_new_patients,
              c.website, c.type, c.weekday_hours, c.evening, c.weekend, c.wheelchair, c.virtual_visits,
              c.near_ttc, c.notes, c.links,
              COALESCE((SELECT json_agg(json_build_object(
                         'name', d.name, 'gender', d.gender, 'practice_start_year', d.practice_start_year,
                         'languages', ${namesOf('languages', 'd.language_ids')},
                         'specialties', ${namesOf('specialties', 'd.specialty_ids')})
                       ORDER BY d.name_key, d.cpso_number)
                  FROM doctor_clinics dc JOIN doctors d ON d.id = dc.doctor_id
                 WHERE dc.clinic_id = c.id AND d.expired_at IS NULL), '[]'::json) AS doctors
         FROM clinics c WHERE c.id = $1`,
      [id],
    );
    return rows[0] ? toClinicDetailRecord(rows[0]) : null;
  }

  async exists(id: string): Promise<boolean> {
    const rows = await this.ds.query<unknown[]>(`SELECT 1 FROM clinics WHERE id = $1`, [id]);
    return rows.length > 0;
  }

  async specialists(
    criteria: SpecialistCriteria,
    page: PageRequest,
    now: Date,
  ): Promise<Page<SpecialistRecord>> {
    const p = new SqlParams();
    const conds = [`so.specialty_id = ANY(${idsOf('specialties', criteria.specialties, p)})`];
    conds.push(...clinicFlagConditions('c', criteria, p, 'accepting_new_patients'));
    // The doctor who satisfies the doctor filters must also practise the pair's specialty.
    conds.push(...this.doctorExists(criteria, p, now, 'so.clinic_id', 'so.specialty_id'));
    const countParams = [...p.values];
    const order = criteria.near
      ? {
          key: distanceTo(criteria.near, p),
          inner: 'k, so.clinic_id, so.specialty_id',
          outer: 'pg.k, pg.clinic_id, pg.specialty_id',
        }
      : {
          key: 'c.name_key',
          inner: 'so.wait_weeks, k, so.clinic_id, so.specialty_id',
          outer: 'pg.wait_weeks, pg.k, pg.clinic_id, pg.specialty_id',
        };
    const sql = `
      SELECT c.id, c.name, sp.name AS specialty,
             ${unionOf('languages', 'language_ids', 'c.id', 'AND pg.specialty_id = ANY(cd.specialty_ids)')} AS languages,
             c.accepting_new_patients AS accepting, pg.wait_weeks
        FROM (SELECT so.clinic_id, so.specialty_id, so.wait_weeks, ${order.key} AS k
                FROM specialist_offerings so JOIN clinics c ON c.id = so.clinic_id ${where(conds)}
               ORDER BY ${order.inner} LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)}) pg
        JOIN clinics c ON c.id = pg.clinic_id
        JOIN specialties sp ON sp.id = pg.specialty_id
       ORDER BY ${order.outer}`;
    const [rows, count] = await Promise.all([
      page.limit === 0
        ? Promise.resolve([] as SpecialistRow[])
        : this.ds.query<SpecialistRow[]>(sql, p.values),
      this.ds.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM specialist_offerings so JOIN clinics c ON c.id = so.clinic_id ${where(conds)}`,
        countParams,
      ),
    ]);
    return { items: rows.map(toSpecialistRecord), total: count[0].n };
  }

  /** "At least one of its practising doctors satisfies all of them together" (decisions.md). */
  private doctorExists(
    c: DoctorAttributeCriteria,
    p: SqlParams,
    now: Date,
    clinicExpr: string,
    specialtyExpr?: string,
  ): string[] {
    if (!hasDoctorConditions(c)) return [];
    const conds = [`cd.clinic_id = ${clinicExpr}`, ...doctorConditions('cd', c, p, now)];
    if (specialtyExpr) conds.push(`${specialtyExpr} = ANY(cd.specialty_ids)`);
    return [`EXISTS (SELECT 1 FROM clinic_doctor_search cd WHERE ${conds.join(' AND ')})`];
  }
}
