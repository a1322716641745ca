import { ApiProperty } from '@nestjs/swagger';
import {
  DoctorDetailClinicView,
  DoctorDetailView,
} from '../../../../application/doctors/doctor-views';
import { ReviewDto } from '../../common/review.dto';
import {
  HoursDto,
  NEXT_CLOSE_PROPERTY,
  NEXT_OPEN_PROPERTY,
  openingStatusFields,
} from '../../clinics/dto/opening-hours.dto';
import { ClinicSummaryDto, DoctorDto } from './doctor.response.dto';

/**
 * The detail's primary clinic: the list item's summary, and (issue 33) its hours as the clinic
 * detail answers them: `hours` (v1's summary, the week and the dated exceptions), openNow,
 * nextOpen and nextClose.
 */
export class DoctorDetailClinicDto extends ClinicSummaryDto {
  /** The list item's hours (its week) in full (documented below: a declared field takes no decorator). */
  declare hours: HoursDto;
  @ApiProperty(NEXT_OPEN_PROPERTY)
  nextOpen!: string | null;
  @ApiProperty(NEXT_CLOSE_PROPERTY)
  nextClose!: string | null;

  static override from(c: DoctorDetailClinicView): DoctorDetailClinicDto {
    return {
      ...ClinicSummaryDto.from(c),
      hours: HoursDto.from(c, c.opening),
      ...openingStatusFields(c.opening),
    };
  }
}

ApiProperty({
  type: HoursDto,
  description:
    "The clinic's opening hours: the v1 summary, the week and the dated exceptions of the next 60 days",
})(DoctorDetailClinicDto.prototype, 'hours');

export class BookingMethodDto {
  @ApiProperty({ description: 'Phone number to book with this doctor', example: '(647) 555-0119' })
  phone!: string;
  @ApiProperty({
    format: 'uri',
    nullable: true,
    type: String,
    description: 'Online booking page; null when the doctor takes no online bookings',
    example: 'https://scollard-walk-in-and-family-clinic.example.org/book?provider=920479',
  })
  online!: string | null;
  @ApiProperty({
    description: 'Sees patients only on a referral from another doctor',
    example: false,
  })
  referralOnly!: boolean;
}

export class RatingDto {
  @ApiProperty({ type: 'integer', description: 'Reviews rated 4 or 5', example: 7 })
  positive!: number;
  @ApiProperty({ type: 'integer', description: 'Reviews rated 1 or 2', example: 0 })
  negative!: number;
  @ApiProperty({ type: 'integer', description: 'All reviews of the doctor', example: 8 })
  reviewCount!: number;
}

export class DoctorDetailDto extends DoctorDto {
  /** The list item's clinic with its hours (documented below: a declared field takes no decorator). */
  declare clinic: DoctorDetailClinicDto;
  @ApiProperty({
    description: 'A referral is needed for a first appointment',
    example: false,
  })
  referralRequired!: boolean;
  @ApiProperty({ type: BookingMethodDto, description: 'How to book an appointment' })
  bookingMethod!: BookingMethodDto;
  @ApiProperty({ type: RatingDto, description: 'Counts of positive, negative and all reviews' })
  rating!: RatingDto;
  @ApiProperty({ type: [ReviewDto], description: 'The 5 most recent reviews, newest first' })
  reviews!: ReviewDto[];
  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description:
      'Set when the doctor no longer practises at the listed clinic (then left out of lists and search); null while practising',
    example: null,
  })
  expiredAt!: string | null;
  @ApiProperty({
    description: 'Where the record came from (added in 1.1; additive)',
    example: 'synthetic-demo:v1 (not real data)',
  })
  source!: string;

  static override from(d: DoctorDetailView): DoctorDetailDto {
    return {
      ...DoctorDto.from(d),
      clinic: DoctorDetailClinicDto.from(d.clinic),
      referralRequired: d.referralRequired,
      bookingMethod: { ...d.bookingMethod },
      rating: { ...d.rating },
      reviews: d.reviews.map((r) => ReviewDto.from(r)),
      expiredAt: d.expiredAt ? d.expiredAt.toISOString() : null,
      source: d.source,
    };
  }
}

ApiProperty({
  type: DoctorDetailClinicDto,
  description: "The doctor's primary clinic, with its hours and whether it is open now",
})(DoctorDetailDto.prototype, 'clinic');

export class DoctorEnvelopeDto {
  @ApiProperty({ type: DoctorDetailDto, description: 'The doctor' })
  doctor!: DoctorDetailDto;
}
