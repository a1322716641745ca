import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DIRECTORY_READ_SOURCE } from '../../database/directory-read-source';
import {
  ReviewReadRepository,
  ReviewSubject,
} from '../../../application/reviews/review-read.repository';
import { ClinicReviewAggregate } from '../../../domain/clinics/clinic';
import { ReviewTallies } from '../../../domain/doctors/doctor';
import { DimensionTally, REVIEW_DIMENSIONS, Review } from '../../../domain/reviews/review';
import { Page, PageRequest } from '../../../domain/shared/page';
import { ReviewRow, reviewsJsonSql, toReview } from '../doctors/doctor-row.mapper';

/** The subject's table, the column that finds it, and the reviews' column that points at it. */
const SUBJECTS = {
  doctor: { table: 'doctors', key: 'cpso_number', column: 'doctor_id' },
  clinic: { table: 'clinics', key: 'id', column: 'clinic_id' },
} as const;

function subjectOf(subject: ReviewSubject) {
  return {
    ...SUBJECTS[subject.kind],
    value: subject.kind === 'doctor' ? subject.cpso : subject.id,
  };
}

/** count and sum of every dimension column, plus the overall count and sum. */
const TALLY_COLUMNS = [
  'count(*)::int AS review_count',
  'coalesce(sum(rating), 0)::int AS rating_sum',
  ...REVIEW_DIMENSIONS.flatMap((d) => [
    `count(${d})::int AS ${d}_count`,
    `coalesce(sum(${d}), 0)::int AS ${d}_sum`,
  ]),
].join(', ');

type TallyRow = Record<string, number>;

function dimensionsOf(row: TallyRow): DimensionTally[] {
  return REVIEW_DIMENSIONS.map((d) => ({
    dimension: d,
    count: row[`${d}_count`],
    sum: row[`${d}_sum`],
  }));
}

/** Reviews page by (date, id), newest first: after a cursor's, its values are $4 and $5. */
function keysetOf(page: PageRequest) {
  return { after: page.after ? { date: '$4', id: '$5' } : undefined };
}

/** A page of reviews with the last one's sort key (date, id). */
function pageOf(items: ReviewRow[], total: number): Page<Review> {
  const last = items[items.length - 1];
  return {
    items: items.map(toReview),
    total,
    ...(last?.id ? { lastKey: [last.date, last.id] } : {}),
  };
}

@Injectable()
export class TypeOrmReviewReadRepository extends ReviewReadRepository {
  constructor(@Inject(DIRECTORY_READ_SOURCE) private readonly ds: DataSource) {
    super();
  }

  /** One statement: the subject, its count of reviews and the page. */
  async list(subject: ReviewSubject, page: PageRequest): Promise<Page<Review> | null> {
    const { table, key, column, value } = subjectOf(subject);
    const rows = await this.ds.query<{ total: number; items: ReviewRow[] }[]>(
      `SELECT (SELECT count(*)::int FROM reviews r WHERE r.${column} = s.id) AS total,
              ${reviewsJsonSql('s', column, '$2', '$3', keysetOf(page))} AS items
         FROM ${table} s WHERE s.${key} = $1`,
      [value, page.limit, page.offset, ...(page.after ?? [])],
    );
    const row = rows[0];
    return row ? pageOf(row.items, row.total) : null;
  }

  async tallies(subject: ReviewSubject): Promise<ReviewTallies | null> {
    const { table, key, column, value } = subjectOf(subject);
    const rows = await this.ds.query<TallyRow[]>(
      `SELECT t.* FROM ${table} s
         CROSS JOIN LATERAL (SELECT ${TALLY_COLUMNS} FROM reviews r WHERE r.${column} = s.id) t
        WHERE s.${key} = $1`,
      [value],
    );
    const row = rows[0];
    return row ? { reviewCount: row.review_count, dimensions: dimensionsOf(row) } : null;
  }

  /** One statement: the clinic, the tallies of all its reviews and the page. */
  async clinicReviews(
    clinicId: string,
    page: PageRequest,
  ): Promise<{ aggregate: ClinicReviewAggregate; page: Page<Review> } | null> {
    const rows = await this.ds.query<(TallyRow & { items: ReviewRow[] })[]>(
      `SELECT t.*, ${reviewsJsonSql('s', 'clinic_id', '$2', '$3', keysetOf(page))} AS items
         FROM clinics s
        CROSS JOIN LATERAL (SELECT ${TALLY_COLUMNS} FROM reviews r WHERE r.clinic_id = s.id) t
        WHERE s.id = $1`,
      [clinicId, page.limit, page.offset, ...(page.after ?? [])],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      aggregate: { count: row.review_count, sum: row.rating_sum, dimensions: dimensionsOf(row) },
      page: pageOf(row.items, row.review_count),
    };
  }
}
