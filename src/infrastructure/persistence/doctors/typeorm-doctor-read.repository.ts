import { Inject, Injectable, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DIRECTORY_READ_SOURCE } from '../../database/directory-read-source';
import { fixedPlan, walk } from '../../database/prepared-reads';
import { DoctorReadRepository } from '../../../application/doctors/doctor-read.repository';
import { DoctorCriteria } from '../../../domain/directory/criteria';
import { DirectoryCounts, DoctorDetailRecord, DoctorRecord } from '../../../domain/doctors/doctor';
import { Page, PageRequest } from '../../../domain/shared/page';
import {
  CLINIC_ADDRESS_SQL,
  clinicFlagConditions,
  doctorConditions,
  IdArrays,
  pointOf,
  nearRadius,
  scalarDoctorConditions,
  where,
} from '../directory/criteria-sql';
import { ListTotals } from '../directory/list-totals';
import { isPastTheEnd, isShortWalk, WALK_BUDGET } from '../directory/short-walk';
import { charLength, MAX_COUNTED_GRAM, NameGrams } from '../directory/name-gram-counts';
import { ReferenceIds, ResolvedNames } from '../directory/reference-ids';
import { escapeLike, prefixUpperBound, SqlParams } from '../directory/sql-params';
import {
  DoctorRow,
  reviewsJsonSql,
  ReviewRow,
  toDoctorRecord,
  toReview,
} from './doctor-row.mapper';

/** How a name branch of a search reads its rows (see search). */
type Plan = 'none' | 'walk' | 'collect' | 'planner';

/** How far a walk in name order goes before the search collects its matches instead. */
export interface SearchTuning {
  /**
   * The most rows of the name index a walk in name order reads (tests: a short walk ends short
   * of the page and the matches are collected instead); by default as far as doctor_name_grams
   * says a page's worth of matches lie.
   */
  readonly walkLimit: number;
  /** Near a point, walk a branch when its matches squared exceed its reach times this. */
  readonly nearWalkBreakEven: number;
  /**
   * A list page (in name order, or nearest first) runs on its generic plan (prepared-reads.ts,
   * `walk`) when the index entries it is expected to walk, (offset + limit) x rows of the index /
   * matches, are at most this many.
   */
  readonly listWalkBudget: number;
}

/** Injection token of a SearchTuning (tests); the default otherwise. */
export const SEARCH_TUNING = 'SEARCH_TUNING';

/**
 * Near a point, a walk beats collecting the matches of a name branch once its matches squared
 * exceed the page's reach times this. Measured on two cores, page of 25: at 100,000 doctors the
 * two broke even near 800 matches (1,221 matches: walk 0.53 ms, collect 0.88 ms; 407: walk
 * 7.6 ms, collect 0.28 ms); at a million doctors, 1,354 matches walked in 2 ms, where the
 * page that collected them took 22-26 ms. A collected match costs more as the directory outgrows
 * memory, while a walk checks names inside doctor_geo_earth_name_idx, so the break-even stays
 * near the same count.
 */
const NEAR_WALK_BREAK_EVEN = 25_000;

/**
 * Rows of the name index walked (index only, the piece checked on each: 0.2-0.3 µs at a million
 * doctors) per match collected (a tail index entry, then its row of doctor_name_order, whose
 * name order keeps a piece's matches in few blocks, and the sort): 7,472 matches of 'pha'
 * collected in 282 blocks, 3 ms; 37,590 rows walked for 'bri' in 8.4 ms. Measured over the
 * bench's 40 pieces at a million doctors, 4 and 8 gave the same mean within noise.
 */
const COLLECT_ROW_COST = 8;

const DEFAULT_SEARCH_TUNING: SearchTuning = {
  walkLimit: Number.POSITIVE_INFINITY,
  nearWalkBreakEven: NEAR_WALK_BREAK_EVEN,
  listWalkBudget: WALK_BUDGET,
};

/** Practising doctors' ids, names and CPSO numbers in name order, with the tail's indexes. */
const NAME_ORDER = 'doctor_name_order s';

/** Practising doctors (the facet counts' sum), for the length of a walk. */
const ALL_DOCTORS_SQL = 'SELECT coalesce(sum(n), 0)::int AS n FROM doctor_facets s';

/** Columns of a doctor with its primary clinic, for `d` (doctors) and `c` (clinics). */
const DOCTOR_COLUMNS = `
  d.id, d.cpso_number, d.name, d.gender, d.practice_start_year, d.synced_at,
  d.specialty_ids, d.language_ids,
  c.id AS clinic_id, c.name AS clinic_name, ${CLINIC_ADDRESS_SQL} AS clinic_address,
  c.lat, c.lng, c.phone, c.accepting_new_patients, c.availability_checked_at`;

/**
 * Lists run on the `doctor_search` read model (one row per practising doctor with the flags of
 * its primary clinic, indexed for every filter): one statement picks the page's ids in order and
 * joins the page's rows. Totals come from `doctor_facets` when only scalar filters are sent, else
 * from `doctor_search`, and are cached until the directory changes. Two statements per page at
 * most, whatever its size.
 */
@Injectable()
export class TypeOrmDoctorReadRepository extends DoctorReadRepository {
  constructor(
    @Inject(DIRECTORY_READ_SOURCE) private readonly ds: DataSource,
    private readonly refs: ReferenceIds,
    private readonly totals: ListTotals,
    private readonly grams: NameGrams,
    @Optional()
    @Inject(SEARCH_TUNING)
    private readonly tuning: SearchTuning = DEFAULT_SEARCH_TUNING,
  ) {
    super();
  }

  async list(criteria: DoctorCriteria, page: PageRequest, now: Date): Promise<Page<DoctorRecord>> {
    const ids = await this.refs.resolve(criteria);
    if (ids.impossible) return { items: [], total: 0 };
    const p = new SqlParams();
    const conds = this.conditions(criteria, ids, p, now);
    if (criteria.near) return this.nearestFirst(criteria, ids, conds, p, page, now);
    const total = this.listTotal(criteria, ids, conds, p.values, now);
    const pageSql = `SELECT s.doctor_id, s.clinic_id, s.name_key, s.cpso_number, 0 AS rank, 0::float8 AS k
                       FROM doctor_search s ${where(conds)}
                      ORDER BY s.name_key, s.cpso_number LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)}`;
    const short = await isShortWalk(
      total,
      this.walkedByName(criteria),
      page,
      this.tuning.listWalkBudget,
    );
    return this.pageOf(pageSql, p, page, total, short ? 'walk' : 'planned');
  }

  /** The rows of the name index a list page walks: doctors accepting or not, of one gender, or all. */
  private walkedByName(criteria: DoctorCriteria): Promise<number> {
    if (criteria.accepting !== undefined)
      return this.totals.count(`${ALL_DOCTORS_SQL} WHERE s.accepting = $1`, [criteria.accepting]);
    if (criteria.gender !== undefined)
      return this.totals.count(`${ALL_DOCTORS_SQL} WHERE s.gender = $1`, [criteria.gender]);
    return this.totals.count(ALL_DOCTORS_SQL, []);
  }

  /**
   * Nearest primary clinic first, then name, then CPSO number: doctor_geo's GiST index yields
   * doctors nearest first (`<->`, a nearest-neighbour scan), filtered on its own columns. With a
   * radius, its bounding cube narrows the same index, and the total counts the doctors within
   * it; without one, the total is today's.
   */
  private async nearestFirst(
    criteria: DoctorCriteria,
    ids: ResolvedNames,
    conds: string[],
    p: SqlParams,
    page: PageRequest,
    now: Date,
  ): Promise<Page<DoctorRecord>> {
    // Without a radius the total is today's (doctor_search's conditions and parameters); the
    // page reads doctor_geo alone, which carries every filtered column, with its own parameters.
    // The filters' matches, radius or not, say how far the nearest-first scan goes.
    const matches = this.listTotal(criteria, ids, conds, [...p.values], now);
    const unbounded = criteria.radiusKm === undefined ? matches : undefined;
    const q = new SqlParams();
    // The id arrays as int4[]: doctor_geo_earth_ids_idx checks them inside the walk.
    const filters = this.conditions(criteria, ids, q, now, 'g', 'int4');
    const pt = pointOf(criteria.near!, q);
    const radius =
      criteria.radiusKm !== undefined ? nearRadius(pt, criteria.radiusKm, q) : undefined;
    const from = 'doctor_geo g';
    const total =
      unbounded ??
      this.totals.count(
        `SELECT count(*)::int AS n FROM ${from} ${where([...filters, ...(radius?.rows('g.earth') ?? [])])}`,
        [...q.values],
      );
    // As for clinics: a nearest-neighbour scan reads the page's rows and every row tied with the
    // last of them (WITH TIES), which are then sorted exactly. The scan leaves the radius out
    // (nearest first, the first rows within the radius are the first rows, cut at it): with it,
    // the planner reads every row of the radius instead.
    const pageSql = `SELECT g.doctor_id, g.clinic_id, g.name_key, g.cpso_number, 0 AS rank, g.k
                       FROM (SELECT g.doctor_id, g.clinic_id, g.name_key, g.cpso_number, g.earth, g.earth <-> ${pt} AS k
                               FROM ${from} ${where(filters)}
                              ORDER BY g.earth <-> ${pt} FETCH FIRST (${q.add(page.limit + page.offset)}) ROWS WITH TIES) g
                      ${where(radius ? [radius.cut('g.k', 'g.earth')] : [])}
                      ORDER BY g.k, g.name_key, g.cpso_number
                      LIMIT ${q.add(page.limit)} OFFSET ${q.add(page.offset)}`;
    // The scan reads about (offset + limit) x doctors / matches entries of doctor_geo's index.
    const short = await isShortWalk(
      matches,
      this.totals.count(ALL_DOCTORS_SQL, []),
      page,
      this.tuning.listWalkBudget,
    );
    return this.pageOf(pageSql, q, page, total, short ? 'walk' : 'planned');
  }

  /**
   * Exact CPSO first, then names starting with q, then other name matches, each by name (or by
   * distance, with a location). Each rank is its own ordered branch that stops at offset + limit
   * rows, so a common two-letter q does not sort every match.
   *
   * Without filters, a q of two or three letters has its matches counted in doctor_name_grams
   * (issue 14, item 3): its total is that count, and each branch reads the fewest rows. A branch
   * with many matches walks the name index (or the distance index) in order and stops at the
   * page, since a page's worth of matches comes early; one with few collects its matches from
   * the name indexes and sorts them. The planner's own estimate of a pattern's matches can be
   * wrong by twenty times, and either wrong choice costs a scan of every match at a million
   * doctors. With filters, or a longer q, the planner chooses.
   */
  async search(
    q: string,
    criteria: DoctorCriteria,
    page: PageRequest,
    now: Date,
  ): Promise<Page<DoctorRecord>> {
    const ids = await this.refs.resolve(criteria);
    if (ids.impossible) return { items: [], total: 0 };
    const p = new SqlParams();
    const filters = this.conditions(criteria, ids, p, now);
    const lower = q.toLowerCase();
    const counts =
      filters.length === 0 &&
      criteria.radiusKm === undefined &&
      charLength(lower) <= MAX_COUNTED_GRAM
        ? await this.grams.counts()
        : undefined;
    const pattern = `%${escapeLike(lower)}%`;
    const exact = p.add(q);
    // Parameters are added when first used: a statement must reference every one it is sent.
    let containsParam: string | undefined;
    let bigramParam: string | undefined;
    const contains = () => (containsParam ??= p.add(pattern));
    // Two letters are too short for the trigram index: the two-letter pieces index serves them,
    // and the piece is checked with strpos, which no index offers to serve (a LIKE here once let
    // the planner add the trigram index, which for two letters returns every name: 700 ms
    // instead of 80 at a million doctors). (A function: each statement gets only the parameters
    // it references.)
    const byName = () => {
      if (charLength(lower) !== 2) return `s.name_key LIKE ${contains()}`;
      const piece = (bigramParam ??= p.add(lower));
      return `(name_bigrams(s.name_key) @> ARRAY[${piece}]::text[] AND strpos(s.name_key, ${piece}) > 0)`;
    };
    // The names that contain q but do not start with it are those whose tail (all but the first
    // letter) contains it: doctor_name_order's tail indexes read those alone, where the whole
    // name's indexes also read every name starting with q, to be dropped; and its rows lie in
    // name order, so the matches of a piece, which cluster by name, share blocks. (It has no
    // filter columns: only a search without filters reads it.)
    const byTail = () => {
      const tail = 'substr(s.name_key, 2)';
      if (charLength(lower) !== 2) return `${tail} LIKE ${contains()}`;
      const piece = (bigramParam ??= p.add(lower));
      return `(name_bigrams(${tail}) @> ARRAY[${piece}]::text[] AND strpos(${tail}, ${piece}) > 0)`;
    };
    // With a location, distance breaks ties within a rank (instead of the name): the search
    // reads doctor_geo, which has the same columns and name indexes plus the point, so no join.
    // A radius is a plain distance filter here: the name indexes find the candidates (a radius
    // box would lead the planner to walk every doctor of the radius instead).
    // (The point's parameters are added only where the statement uses them: the total's
    // statement has exactly the parameters it references.)
    const from = criteria.near ? 'doctor_geo s' : 'doctor_search s';
    let pt: string | undefined;
    if (criteria.near && criteria.radiusKm !== undefined) {
      pt = pointOf(criteria.near, p);
      filters.push(nearRadius(pt, criteria.radiusKm, p).cut(`s.earth <-> ${pt}`, 's.earth'));
    }
    const containing = counts?.containing(lower);
    // Counted: the names containing q, plus a lookup on the CPSO index (a CPSO number that is
    // not also a name match).
    const t = new SqlParams();
    const total =
      containing === undefined
        ? this.totals.count(
            `SELECT count(*)::int AS n FROM ${from} ${where([`(s.cpso_number = ${exact} OR ${byName()})`, ...filters])}`,
            [...p.values],
          )
        : this.totals.count(
            `SELECT ${t.add(containing)}::int + count(*)::int AS n FROM ${from}
              WHERE s.cpso_number = ${t.add(q)} AND s.name_key NOT LIKE ${t.add(pattern)}`,
            t.values,
          );
    if (criteria.near) pt ??= pointOf(criteria.near, p);
    const k = pt ? `s.earth <-> ${pt}` : '0::float8';
    const reach = page.offset + page.limit;
    const reachParam = p.add(reach);
    let prefixParam: string | undefined;
    const prefix = () => (prefixParam ??= p.add(`${escapeLike(lower)}%`));
    // How each name branch reads, from the counted matches (undefined: not counted, the planner
    // chooses). A walk in order reads about reach * doctors / matches rows: of the name index
    // (index-only, cheap) or, near a point, of doctor_geo_earth_name_idx, which checks a name's
    // trigrams in the index (NEAR_WALK_BREAK_EVEN; a piece of two letters inside a name has no
    // trigram to check, so there each passed row is fetched, as dear as a match).
    // Collecting reads every match from the name indexes and sorts them.
    const startingWith = counts?.startingWith(lower);
    const rest =
      containing !== undefined && startingWith !== undefined
        ? containing - startingWith
        : undefined;
    const plan = (matches: number | undefined, walkRowCost: number): Plan => {
      if (counts === undefined || matches === undefined) return 'planner';
      if (matches <= 0) return 'none';
      return matches * matches > reach * counts.doctors * walkRowCost ? 'walk' : 'collect';
    };
    // Without a location the prefix is a range of the name index, already in order.
    const nearRowCost = counts ? this.tuning.nearWalkBreakEven / counts.doctors : 1;
    const prefixPlan = pt
      ? plan(startingWith, nearRowCost)
      : startingWith === 0
        ? 'none'
        : 'planner';
    // Without a location the walk in name order is weighed against collecting the matches through
    // the tail indexes: doctor_name_grams says how many names from the first hold the page's
    // reach of matches (to a checkpoint), and the walk is taken when reading them costs less
    // than the collection. Matches cluster by name ('pha' in "stephanie"), so an even spread
    // is no guide: at a million doctors, 6 of its 7,472 lay in the first 29,913 names.
    const walkRows = counts?.walkRows(lower, reach);
    // Ranks come in order, so when the names starting with q (less one, should a CPSO number
    // equal q) fill the page's reach, no other name can be on the page: that rank is not read
    // (at a million doctors, 'pha' starts 25 names or more, and its other names cost 7-11 ms).
    const prefixFills = startingWith !== undefined && startingWith - 1 >= reach;
    const restPlan = prefixFills
      ? 'none'
      : pt
        ? plan(rest, charLength(lower) >= 3 ? nearRowCost : 1)
        : counts === undefined || rest === undefined
          ? 'planner'
          : rest <= 0
            ? 'none'
            : walkRows !== undefined && walkRows < rest * COLLECT_ROW_COST
              ? 'walk'
              : 'collect';
    // `(s.name_key || '')` is indexed only beside the point (doctor_geo_earth_name_idx): as a
    // filter it keeps a walk from turning into a scan of its matches through the name indexes
    // (near a point it is the walk's index); as a sort key it keeps a collection from walking
    // the name order.
    const nameOf = (how: Plan) => (how === 'walk' ? `(s.name_key || '')` : 's.name_key');
    const branch = (rank: number, cond: string, how: Plan, rel = from) =>
      how === 'walk' && pt
        ? // The distance index has no name order to break ties with, so (as in nearestFirst) a
          // nearest-neighbour scan reads the branch's rows and every row tied with the last of
          // them (WITH TIES), which are then sorted exactly.
          `(SELECT s.doctor_id, s.clinic_id, s.name_key, s.cpso_number, ${rank} AS rank, s.k
              FROM (SELECT s.doctor_id, s.clinic_id, s.name_key, s.cpso_number, ${k} AS k
                      FROM ${from} ${where([cond, ...filters])}
                     ORDER BY ${k} FETCH FIRST (${reachParam}) ROWS WITH TIES) s
             ORDER BY s.k, s.name_key, s.cpso_number LIMIT ${reachParam})`
        : `(SELECT s.doctor_id, s.clinic_id, s.name_key, s.cpso_number, ${rank} AS rank, ${k} AS k
              FROM ${rel} ${where([cond, ...filters])}
             ORDER BY ${pt ? 'k, ' : ''}${how === 'collect' ? `(s.name_key || '')` : 's.name_key'}, s.cpso_number
             LIMIT ${reachParam})`;
    const hits = [branch(0, `s.cpso_number = ${exact}`, 'planner')];
    if (prefixPlan !== 'none') {
      // Without a location, the names starting with q are exactly a range of the name index
      // ("C" order, prefixUpperBound), read in order and stopped at the page: a plan made
      // without the parameters' values can use it, where a LIKE prefix becomes a range only once
      // the planner sees the pattern, and without a LIKE the trigram index cannot be offered (a
      // generic plan took it with the range, collected all 7,869 'geo' names and sorted them:
      // 11.9 ms at a million doctors).
      // Near a point, a counted prefix that is collected reads the same range of
      // doctor_geo_name_idx, which carries the point (index-only, then a sort by distance): the
      // trigram index returned every name with a word starting with q as well, each fetched and
      // rechecked ('san' at 100,000 doctors: 1,466 rows for 735 names, 1.5-2.0 ms; the range
      // 0.5 ms). A walk nearest first checks the pattern in doctor_geo_earth_name_idx.
      const upper = prefixUpperBound(lower);
      const byPrefix =
        pt && prefixPlan !== 'collect'
          ? `${nameOf(prefixPlan)} LIKE ${prefix()}`
          : upper === undefined
            ? `s.name_key >= ${p.add(lower)} AND (s.name_key || '') LIKE ${prefix()}`
            : `s.name_key >= ${p.add(lower)} AND s.name_key < ${p.add(upper)}`;
      hits.push(branch(1, `${byPrefix} AND s.cpso_number <> ${exact}`, prefixPlan));
    }
    if (restPlan !== 'none') {
      const others = `s.name_key NOT LIKE ${prefix()} AND s.cpso_number <> ${exact}`;
      if (restPlan === 'walk' && !pt) {
        // The walk in name order is bounded by the checkpoint that holds the page's reach of
        // matches; should it end short of the page (it does not, while doctor_name_grams is
        // refreshed with the names, as it is), the matches are collected instead (a one-time
        // filter: the collection does not run when the walk was enough). The LIMIT keeps the
        // name's check out of the index scan, so it needs no `|| ''` (a copy of every name).
        const bound = p.add(Math.min(walkRows!, this.tuning.walkLimit + reach));
        const found = `(SELECT count(*) FROM walked)`;
        hits.push(`(WITH walked AS (
                      SELECT s.doctor_id, s.clinic_id, s.name_key, s.cpso_number
                        FROM (SELECT s.doctor_id, s.clinic_id, s.name_key, s.cpso_number FROM ${from}
                               ORDER BY s.name_key, s.cpso_number LIMIT ${bound}) s
                       WHERE s.name_key LIKE ${contains()} AND ${others}
                       ORDER BY s.name_key, s.cpso_number LIMIT ${reachParam})
                    SELECT w.*, 2 AS rank, ${k} AS k FROM walked w WHERE ${found} >= ${reachParam}
                    UNION ALL
                    ${branch(2, `${byTail()} AND ${others} AND ${found} < ${reachParam}`, 'collect', NAME_ORDER)})`);
      } else if (restPlan === 'collect' && !pt) {
        hits.push(branch(2, `${byTail()} AND ${others}`, restPlan, NAME_ORDER));
      } else {
        const matching = restPlan === 'walk' ? `${nameOf('walk')} LIKE ${contains()}` : byName();
        hits.push(branch(2, `${matching} AND ${others}`, restPlan));
      }
    }
    const pageSql = `SELECT h.* FROM (${hits.join(' UNION ALL ')}) h
                      ORDER BY h.rank, h.k, h.name_key, h.cpso_number LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)}`;
    // Counted, every branch's reading is written into the statement (and the prefix is a range):
    // it runs on its generic plan, planned once per connection.
    return this.pageOf(pageSql, p, page, total, counts !== undefined ? 'fixed' : 'planned');
  }

  /**
   * One statement: the doctor with its primary clinic, the count of its reviews by rating and
   * its latest five reviews (both on the reviews' index).
   */
  async findByCpso(cpso: string): Promise<DoctorDetailRecord | null> {
    const rows = await this.ds.query<
      (DoctorRow & {
        referral_required: boolean;
        booking_phone: string;
        booking_online: string | null;
        referral_only: boolean;
        expired_at: Date | null;
        source: string;
        by_rating: number[];
        recent: ReviewRow[];
      })[]
    >(
      `SELECT ${DOCTOR_COLUMNS}, d.referral_required, d.booking_phone, d.booking_online, d.referral_only, d.expired_at, d.source,
              (SELECT ARRAY[${[1, 2, 3, 4, 5].map((n) => `count(*) FILTER (WHERE r.rating = ${n})`).join(', ')}]::int[]
                 FROM reviews r WHERE r.doctor_id = d.id) AS by_rating,
              ${reviewsJsonSql('d', 'doctor_id', '5')} AS recent
         FROM doctors d
         JOIN doctor_clinics dc ON dc.doctor_id = d.id AND dc.is_primary
         JOIN clinics c ON c.id = dc.clinic_id
        WHERE d.cpso_number = $1`,
      [cpso],
    );
    const row = rows[0];
    if (!row) return null;
    const [one, two, three, four, five] = row.by_rating;
    return {
      ...toDoctorRecord(row, await this.refs.names()),
      referralRequired: row.referral_required,
      bookingPhone: row.booking_phone,
      bookingOnline: row.booking_online,
      referralOnly: row.referral_only,
      expiredAt: row.expired_at,
      source: row.source,
      ratingHistogram: { 1: one, 2: two, 3: three, 4: four, 5: five },
      recentReviews: row.recent.map(toReview),
    };
  }

  async counts(freshCutoff: Date): Promise<DirectoryCounts> {
    const [totals, bySpecialty] = await Promise.all([
      this.ds.query<
        { total: number; accepting: number; fresh: number; stale: number; unknown: number }[]
      >(
        `SELECT count(*)::int AS total,
                count(*) FILTER (WHERE accepting)::int AS accepting,
                count(*) FILTER (WHERE availability_checked_at >= $1)::int AS fresh,
                count(*) FILTER (WHERE availability_checked_at < $1)::int AS stale,
                count(*) FILTER (WHERE availability_checked_at IS NULL)::int AS unknown
           FROM doctor_search`,
        [freshCutoff],
      ),
      this.ds.query<{ specialty: string; count: number }[]>(
        `SELECT sp.name AS specialty, x.n AS count
           FROM (SELECT u.id, count(*)::int AS n FROM doctor_search s, unnest(s.specialty_ids) AS u(id) GROUP BY u.id) x
           JOIN specialties sp ON sp.id = x.id
          ORDER BY x.n DESC, sp.name_key`,
      ),
    ]);
    const t = totals[0];
    return {
      totalDoctors: t.total,
      acceptingNewPatients: t.accepting,
      fresh: t.fresh,
      stale: t.stale,
      unknown: t.unknown,
      bySpecialty,
    };
  }

  /** The filters on `alias` (doctor_search, or doctor_geo which carries the same columns). */
  private conditions(
    criteria: DoctorCriteria,
    ids: ResolvedNames,
    p: SqlParams,
    now: Date,
    alias = 's',
    arrays: IdArrays = 'smallint',
  ): string[] {
    return [
      ...doctorConditions(alias, criteria, ids, p, now, arrays),
      ...clinicFlagConditions(alias, criteria, p),
    ];
  }

  /**
   * The total of a list: a sum over facet counts when the filter allows it (no list filter, or
   * exactly one specialty or one language), else a count of the matching rows.
   */
  private listTotal(
    criteria: DoctorCriteria,
    ids: ResolvedNames,
    conds: string[],
    values: unknown[],
    now: Date,
  ): Promise<number> {
    const s = ids.specialtyIds;
    const l = ids.languageIds;
    let facets: { view: string; ref?: number } | undefined;
    if (!s && !l) facets = { view: 'doctor_facets' };
    else if (s?.length === 1 && !l) facets = { view: 'doctor_specialty_facets', ref: s[0] };
    else if (l?.length === 1 && !s) facets = { view: 'doctor_language_facets', ref: l[0] };
    if (!facets) {
      return this.totals.count(`SELECT count(*)::int AS n FROM doctor_search s ${where(conds)}`, [
        ...values,
      ]);
    }
    const p = new SqlParams();
    const facetConds = [
      ...scalarDoctorConditions('s', criteria, p, now),
      ...clinicFlagConditions('s', criteria, p),
    ];
    if (facets.ref !== undefined) facetConds.push(`s.ref_id = ${p.add(facets.ref)}`);
    return this.totals.count(
      `SELECT coalesce(sum(n), 0)::int AS n FROM ${facets.view} s ${where(facetConds)}`,
      p.values,
    );
  }

  /**
   * The page's rows, in the order of `pageSql` (which selects ids, sort keys and a rank), planned
   * each time, or on a generic plan (a short walk; a statement of fixed plan).
   */
  private async pageOf(
    pageSql: string,
    p: SqlParams,
    page: PageRequest,
    total: Promise<number>,
    how: 'planned' | 'walk' | 'fixed',
  ): Promise<Page<DoctorRecord>> {
    const sql = `SELECT ${DOCTOR_COLUMNS}
               FROM (${pageSql}) pg
               JOIN doctors d ON d.id = pg.doctor_id
               JOIN clinics c ON c.id = pg.clinic_id
              ORDER BY pg.rank, pg.k, pg.name_key, pg.cpso_number`;
    const [rows, , names] = await Promise.all([
      (await isPastTheEnd(total, page))
        ? Promise.resolve([] as DoctorRow[])
        : this.ds.query<DoctorRow[]>(
            how === 'walk' ? walk(sql) : how === 'fixed' ? fixedPlan(sql) : sql,
            p.values,
          ),
      total,
      this.refs.names(),
    ]);
    return {
      items: rows.map((r) => toDoctorRecord(r, names)),
      total: await this.totals.consistent(total, page, rows.length),
    };
  }
}
