import { DoctorCriteria, ListMoments } from '../../../../domain/directory/criteria';
import { DoctorRecord } from '../../../../domain/doctors/doctor';
import { Page, PageRequest } from '../../../../domain/shared/page';
import { nearRadius, pointOf } from '../../directory/criteria-sql';
import { ListTotals } from '../../directory/list-totals';
import { charLength, NameGrams } from '../../directory/name-gram-counts';
import { ReferenceIds } from '../../directory/reference-ids';
import { SqlParams } from '../../directory/sql-params';
import { DoctorPageReader, SortKeyOf } from '../doctor-page.reader';
import { doctorFilters } from '../doctor-read.sql';
import { MomentParams, openAtCondition, openAtCounted } from '../../directory/opening-sql';
import { SearchTuning } from '../search-tuning';
import { DoctorMemoryIndex } from '../../directory/memory/doctor-memory-index';
import { MemoryNameSearch } from './memory-name-search';
import { NameSearchTerms } from './name-search-terms.sql';
import { isCountedSearch, planNameSearch } from './name-search.planner';
import { NameSearchSql } from './name-search.sql';

/** A search's sort key: rank, distance (0 without a location), name, CPSO number. */
const byRank: SortKeyOf = (r) => [r.page_rank, r.page_k, r.page_name, r.cpso_number];

/**
 * The name search: exact CPSO first, then names starting with q, then other name matches, each
 * by name (or by distance, with a location).
 *
 * Without filters, a q of two or three letters has its matches counted in doctor_name_grams
 * (issue 14, item 3): its total is that count, and each branch reads the fewest rows. A branch
 * with many matches walks the name index (or the distance index) in order and stops at the
 * page, since a page's worth of matches comes early; one with few collects its matches from
 * the name indexes and sorts them. The planner's own estimate of a pattern's matches can be
 * wrong by twenty times, and either wrong choice costs a scan of every match at a million
 * doctors. With filters, or a longer q, the planner chooses. Which is which is
 * planNameSearch's (name-search.planner.ts); the statements are NameSearchSql's; this class
 * gathers the counts and runs what was chosen.
 */
export class NameSearchReader {
  constructor(
    private readonly refs: ReferenceIds,
    private readonly totals: ListTotals,
    private readonly grams: NameGrams,
    private readonly pages: DoctorPageReader,
    private readonly tuning: SearchTuning,
    private readonly memory?: DoctorMemoryIndex,
  ) {
    this.inMemory = new MemoryNameSearch(pages);
  }

  private readonly inMemory: MemoryNameSearch;

  async search(
    q: string,
    criteria: DoctorCriteria,
    page: PageRequest,
    now: Date,
    moments?: ListMoments,
  ): Promise<Page<DoctorRecord>> {
    const ids = await this.refs.resolve(criteria);
    if (ids.impossible) return { items: [], total: 0 };
    // From the columns in memory once loaded (its ranks, total and page chosen there).
    const columns = this.memory?.current();
    const answer = columns && this.inMemory.read(columns, q, criteria, ids, page, now, moments);
    if (answer) {
      this.memory!.answered++;
      return answer;
    }
    // Parameters are numbered in the order the statements first use them: filters, q, the
    // radius, the total's own, the point, the reach, then each branch's.
    const p = new SqlParams();
    // (openNow / openAt and acceptingStatus are filters too: such a search is not counted.)
    // The time filter in two forms over the same parameters: probed per row by the page's
    // walks, and for the total a semi-join on the open clinics' ids (hashed once; as a probe the
    // planner hashed every clinic instead: 341 ms for q=geo&openNow at 1,000,000 doctors).
    const t = moments?.filter ? new MomentParams(moments.filter, p) : undefined;
    const untimed = moments ? { now: moments.now } : undefined;
    const filters = doctorFilters(criteria, ids, p, now, 's', 'smallint', untimed);
    const countFilters = [...filters];
    if (t) {
      filters.push(openAtCondition('s.clinic_id', t, p));
      countFilters.push(openAtCounted('s.clinic_id', t, p));
    }
    const lower = q.toLowerCase();
    const counts = isCountedSearch(filters.length, criteria.radiusKm, charLength(lower))
      ? await this.grams.counts()
      : undefined;
    const terms = new NameSearchTerms(p, q);
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
      const cut = nearRadius(pt, criteria.radiusKm, p).cut(`s.earth <-> ${pt}`, 's.earth');
      filters.push(cut);
      countFilters.push(cut);
    }
    const containing = counts?.containing(lower);
    const counted = terms.total(from, countFilters, containing);
    const total = this.totals.count(counted.sql, counted.params);
    if (criteria.near) pt ??= pointOf(criteria.near, p);
    const reach = page.offset + page.limit;
    // After a cursor the page's place in its rank is not known (the reach counts from the
    // cursor), so the counts cannot say how far a walk goes or that a rank fills the page: each
    // rank is read as the planner chooses, past the cursor's key.
    const plan = planNameSearch(
      {
        counts:
          counts && !page.after
            ? {
                doctors: counts.doctors,
                startingWith: counts.startingWith(lower),
                containing,
                walkRows: counts.walkRows(lower, reach),
              }
            : undefined,
        reach,
        near: pt !== undefined,
        pieceLength: charLength(lower),
      },
      this.tuning,
    );
    const pageSql = new NameSearchSql(p, terms, from, filters, pt, reach, page.after).page(
      plan,
      page,
    );
    // A time filter can leave no match at all (Sunday 02:00): its total is counted first, so a
    // page past it is not read (q=li at 100,000 doctors: 122 ms of page for no row).
    if (moments?.filter) await total.catch(() => undefined);
    // Counted, every branch's reading is written into the statement (and the prefix is a range):
    // it runs on its generic plan, planned once per connection.
    return this.pages.read(
      pageSql,
      p,
      page,
      total,
      plan.fixed ? 'fixed' : 'planned',
      byRank,
      moments?.now,
    );
  }
}
