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
import { REVIEW_COLUMNS, ReviewRow, toReview } from '../doctors/doctor-row.mapper';

const SUBJECT_COLUMN = { doctor: 'doctor_id', clinic: 'clinic_id' } as const;

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

@Injectable()
export class TypeOrmReviewReadRepository extends ReviewReadRepository {
  constructor(@Inject(DIRECTORY_READ_SOURCE) private readonly ds: DataSource) {
    super();
  }

  async list(subject: ReviewSubject, page: PageRequest): Promise<Page<Review>> {
    const col = SUBJECT_COLUMN[subject.kind];
    const [rows, count] = await Promise.all([
      page.limit === 0
        ? Promise.resolve([] as ReviewRow[])
        : this.ds.query<ReviewRow[]>(
            `SELECT ${REVIEW_COLUMNS} FROM reviews WHERE ${col} = $1
              ORDER BY review_date DESC, id DESC LIMIT $2 OFFSET $3`,
            [subject.id, page.limit, page.offset],
          ),
      this.ds.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM reviews WHERE ${col} = $1`, [
        subject.id,
      ]),
    ]);
    return { items: rows.map(toReview), total: count[0].n };
  }

  async tallies(subject: ReviewSubject): Promise<ReviewTallies> {
    const row = await this.tally(SUBJECT_COLUMN[subject.kind], subject.id);
    return { reviewCount: row.review_count, dimensions: dimensionsOf(row) };
  }

  async clinicAggregate(clinicId: string): Promise<ClinicReviewAggregate> {
    const row = await this.tally('clinic_id', clinicId);
    return { count: row.review_count, sum: row.rating_sum, dimensions: dimensionsOf(row) };
  }

  private async tally(col: string, id: string): Promise<TallyRow> {
    const rows = await this.ds.query<TallyRow[]>(
      `SELECT ${TALLY_COLUMNS} FROM reviews WHERE ${col} = $1`,
      [id],
    );
    return rows[0];
  }
}
