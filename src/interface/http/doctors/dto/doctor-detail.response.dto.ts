import { ApiProperty } from '@nestjs/swagger';
import { DoctorDetailView } from '../../../../application/doctors/doctor-views';
import { ReviewDto } from '../../common/review.dto';
import { DoctorDto } from './doctor.response.dto';

export class BookingMethodDto {
  @ApiProperty()
  phone!: string;
  @ApiProperty({
    format: 'uri',
    nullable: true,
    type: String,
    description: 'null when the doctor takes no online bookings',
  })
  online!: string | null;
  @ApiProperty()
  referralOnly!: boolean;
}

export class RatingDto {
  @ApiProperty({ type: 'integer', description: 'Reviews rated 4 or 5' })
  positive!: number;
  @ApiProperty({ type: 'integer', description: 'Reviews rated 1 or 2' })
  negative!: number;
  @ApiProperty({ type: 'integer' })
  reviewCount!: number;
}

export class DoctorDetailDto extends DoctorDto {
  @ApiProperty()
  referralRequired!: boolean;
  @ApiProperty({ type: BookingMethodDto })
  bookingMethod!: BookingMethodDto;
  @ApiProperty({ type: RatingDto })
  rating!: RatingDto;
  @ApiProperty({ type: [ReviewDto], description: 'The 5 most recent reviews, newest first' })
  reviews!: ReviewDto[];
  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'Set when the doctor no longer practises at the listed clinic',
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
      referralRequired: d.referralRequired,
      bookingMethod: { ...d.bookingMethod },
      rating: { ...d.rating },
      reviews: d.reviews.map((r) => ReviewDto.from(r)),
      expiredAt: d.expiredAt ? d.expiredAt.toISOString() : null,
      source: d.source,
    };
  }
}

export class DoctorEnvelopeDto {
  @ApiProperty({ type: DoctorDetailDto })
  doctor!: DoctorDetailDto;
}
