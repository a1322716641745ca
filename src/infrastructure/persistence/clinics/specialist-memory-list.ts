import { DataSource } from 'typeorm';
import { SpecialistRecord } from '../../../domain/clinics/clinic';
import { ListMoments, OpenMoment, SpecialistCriteria } from '../../../domain/directory/criteria';
import { Page, PageRequest } from '../../../domain/shared/page';
import { fixedPlan } from '../../database/prepared-reads';
import { ChosenPage } from './clinic-memory-list';
import { afterIo } from '../directory/memory/kept-rows';
import { hasDoctorConditions, pointOf } from '../directory/criteria-sql';
import { andInto, Bits, countBits, emptyBits } from '../directory/memory/bitset';
import { ClinicColumns } from '../directory/memory/clinic-columns';
import { DoctorColumns } from '../directory/memory/doctor-columns';
import { ResolvedNames } from '../directory/reference-ids';
import { C_ORDERED } from '../directory/memory/uuid-words';
import { SqlParams } from '../directory/sql-params';

/** One offering of a page: the clinic's position, the specialty, its wait. */
export interface Pair {
  readonly c: number;
  readonly s: number;
  readonly wait: number;
}

/**
 * A specialists list answered from the columns in memory (issue 32): per specialty asked, the
 * clinics offering it (specialist_search, in its order of wait, name, clinic) that pass the
 * clinic filters and, with doctor filters, have one doctor practising that specialty who passes
 * them all (as clinic-read.sql.ts's doctorExists with the pair's specialty); the exact total;
 * the page in order of wait, or nearest first (distance, clinic id, specialty), as the subquery
 * SpecialistListReader's statement reads (the pairs by key, with the sort columns it orders
 * by). Undefined when a criterion or a cursor is one the columns do not answer.
 */
export function chooseSpecialistPage(
  m: DoctorColumns,
  criteria: SpecialistCriteria,
  ids: ResolvedNames & { specialtyIds: number[] },
  page: PageRequest,
  now: Date,
  moments: ListMoments | undefined,
  p: SqlParams,
): ChosenSpecialists | undefined {
  if (!ClinicColumns.answers(criteria)) return undefined;
  if (page.after?.some((v) => typeof v === 'string' && !C_ORDERED.test(v))) return undefined;
  const c = m.d.clinics;
  // The clinic filters (flags, hours, statuses, the radius) on clinic_search's columns.
  const clinicsPassing = c
    .select(
      { ...criteria, specialties: undefined, languages: undefined },
      { impossible: false },
      undefined,
      moments,
    )
    .slice();
  const doctorFilters = { ...criteria, specialties: undefined, near: undefined };
  const perDoctor = hasDoctorConditions(doctorFilters);
  const specialties = [...new Set(ids.specialtyIds)].sort((a, b) => a - b);
  const passing = new Map<number, Bits>();
  let total = 0;
  for (const s of specialties) {
    const offered = c.d.offerings.get(s);
    if (!offered) continue;
    const set = offered.set.slice();
    andInto(set, clinicsPassing);
    if (perDoctor) {
      const withDoctor = emptyBits(c.size);
      m.clinicsOfDoctors(doctorFilters, { ...ids, specialtyIds: [s] }, now, withDoctor);
      andInto(set, withDoctor);
    }
    passing.set(s, set);
    total += countBits(set);
  }
  const near = criteria.near;
  const pairs = near ? nearestPairs(c, passing, near, page) : byWait(c, passing, page);
  const cParam = p.add(pairs.map((x) => c.clinicId(x.c)));
  const sParam = p.add(pairs.map((x) => x.s));
  const k = near ? `ss.earth <-> ${pointOf(near, p)}` : '0::float8';
  const pageSql = `(SELECT ss.clinic_id, ss.specialty_id, ss.wait_weeks, ss.name_key, ${k} AS k
                      FROM unnest(${cParam}::uuid[], ${sParam}::int[]) AS u(c, s)
                      JOIN specialist_search ss ON ss.clinic_id = u.c AND ss.specialty_id = u.s)`;
  return { pageSql, total, pairs, columns: c, near };
}

/** What chooseSpecialistPage chose: the page subquery and the page's offerings. */
export interface ChosenSpecialists extends ChosenPage {
  readonly pairs: readonly Pair[];
}

/** An offering's key among the kept ones: the clinic's position and the specialty id. */
const keptKey = (x: Pair) => x.c * 4096 + x.s;

/** Keeps the offerings a page read (kept-rows.ts), by clinic position and specialty. */
export function keepSpecialists(
  chosen: ChosenSpecialists,
  items: readonly SpecialistRecord[],
): void {
  const c = chosen.columns;
  chosen.pairs.forEach((x, j) => {
    const item = items[j];
    if (item && item.id === c.clinicId(x.c)) c.keptSpecialists.keep(keptKey(x), item);
  });
}

/**
 * The page from the offerings the columns keep, when every one of it is kept (no statement
 * reads them again): openNow from the columns' hours at the request's moment, a full page's
 * cursor key (wait, name key, clinic, specialty; or PostgreSQL's distance read by key, clinic,
 * specialty). Else undefined.
 */
export function keptSpecialistPage(
  ds: DataSource,
  chosen: ChosenSpecialists,
  page: PageRequest,
  now: OpenMoment | undefined,
): Promise<Page<SpecialistRecord>> | undefined {
  const { pairs, columns: c, near, total } = chosen;
  if (pairs.length === 0) return undefined;
  const kept = c.keptSpecialists.all(pairs.map(keptKey));
  if (!kept) return undefined;
  const openNow = now ? c.d.hours.openNowAt(now) : undefined;
  const items = kept.map((r, j) => ({ ...r, openNow: openNow ? openNow(pairs[j].c) : null }));
  const last = pairs[pairs.length - 1];
  const id = c.clinicId(last.c);
  if (!near)
    return afterIo({
      items,
      total,
      lastKey: [kept[kept.length - 1].waitWeeks, c.nameAt(last.c), id, last.s],
    });
  const p = new SqlParams();
  const sql = `SELECT ss.earth <-> ${pointOf(near, p)} AS k FROM specialist_search ss
                WHERE ss.clinic_id = ${p.add(id)}::uuid AND ss.specialty_id = ${p.add(last.s)}`;
  return c.keptDistances
    .of(`s|${near.lat}|${near.lng}|${last.c}|${last.s}`, () =>
      ds.query<{ k: number }[]>(fixedPlan(sql), p.values).then((r) => r[0].k),
    )
    .then((k) => afterIo({ items, total, lastKey: [k, id, last.s] }));
}

/** In order of (wait, name, clinic id, specialty): the clinic's position stands for its name and id. */
export function byWait(c: ClinicColumns, passing: Map<number, Bits>, page: PageRequest): Pair[] {
  // After a cursor (wait, name, clinic id, specialty): its clinic's place between positions.
  let cursor: { wait: number; at: number; s: number } | undefined;
  if (page.after) {
    const [wait, name, id, s] = page.after;
    const from = c.after(String(name), String(id));
    const exact = from > 0 && c.nameAt(from - 1) === String(name) && c.clinicId(from - 1) === id;
    cursor = { wait: Number(wait), at: exact ? from - 1 : from - 0.5, s: Number(s) };
  }
  const later = (x: Pair) =>
    !cursor ||
    x.wait > cursor.wait ||
    (x.wait === cursor.wait && (x.c > cursor.at || (x.c === cursor.at && x.s > cursor.s)));
  const reach = page.offset + page.limit;
  const firsts: Pair[] = [];
  for (const [s, set] of passing) {
    const offered = c.d.offerings.get(s)!;
    let taken = 0;
    for (let j = 0; j < offered.clinics.length && taken < reach; j++) {
      const at = offered.clinics[j];
      if ((set[at >>> 5] & (1 << (at & 31))) === 0) continue;
      const x = { c: at, s, wait: offered.waits[j] };
      if (!later(x)) continue;
      firsts.push(x);
      taken++;
    }
  }
  firsts.sort((a, b) => a.wait - b.wait || a.c - b.c || a.s - b.s);
  return firsts.slice(page.offset, reach);
}

/**
 * Nearest first, (distance, clinic id, specialty): the nearest clinics with a passing offering
 * (a clinic's offerings share its distance), each giving its offerings by specialty.
 */
export function nearestPairs(
  c: ClinicColumns,
  passing: Map<number, Bits>,
  near: { lat: number; lng: number },
  page: PageRequest,
): Pair[] {
  const any = emptyBits(c.size);
  for (const set of passing.values()) for (let w = 0; w < any.length; w++) any[w] |= set[w];
  let after: { k: number; from: number } | undefined;
  let cursorSpecialty = -1;
  let cursorRank = -1;
  if (page.after) {
    // The cursor's clinic is read again (inclusive) for its offerings past the cursor's specialty.
    after = c.nearAfter(Number(page.after[0]), String(page.after[1]), near, true);
    cursorSpecialty = Number(page.after[2]);
    cursorRank = after.from;
  }
  const reach = page.offset + page.limit;
  const clinics = c.near.nearest(any, near.lat, near.lng, 0, reach + (after ? 1 : 0), after);
  const out: Pair[] = [];
  for (const at of clinics) {
    for (const [s, set] of [...passing].sort((a, b) => a[0] - b[0])) {
      if ((set[at >>> 5] & (1 << (at & 31))) === 0) continue;
      // The cursor's own clinic (at the cursor's distance and id): only its later specialties.
      if (
        c.rankById(at) === cursorRank &&
        page.after &&
        c.clinicId(at) === String(page.after[1]) &&
        s <= cursorSpecialty
      )
        continue;
      out.push({ c: at, s, wait: 0 });
    }
    if (out.length >= reach) break;
  }
  return out.slice(page.offset, reach);
}
