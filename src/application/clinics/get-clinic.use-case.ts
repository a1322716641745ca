import { Injectable } from '@nestjs/common';
import { ClinicDetailRecord, ClinicDoctorRecord } from '../../domain/clinics/clinic';
import { yearsOfPractice } from '../../domain/doctors/years-of-practice';
import { Clock } from '../shared/clock';
import { ClinicReadRepository } from './clinic-read.repository';
import { assertClinicIdShape, clinicNotFound } from './clinic-id';
import { ClinicHoursAnswer, ClinicOpening, scheduleFromDate } from './clinic-opening';

export type ClinicDoctorView = Omit<ClinicDoctorRecord, 'practiceStartYear'> & {
  yearsOfPractice: number;
};
export type ClinicDetailView = Omit<
  ClinicDetailRecord,
  'doctors' | 'schedule' | 'acceptingStatus' | 'acceptingCheckedAt'
> & {
  doctors: ClinicDoctorView[];
  /** Hours, openNow, nextOpen / nextClose and the graded status at the clock's now. */
  opening: ClinicHoursAnswer;
};

@Injectable()
export class GetClinicUseCase {
  constructor(
    private readonly clinics: ClinicReadRepository,
    private readonly clock: Clock,
    private readonly opening: ClinicOpening,
  ) {}

  async execute(id: string): Promise<ClinicDetailView> {
    assertClinicIdShape(id);
    const now = this.clock.now();
    const clinic = await this.clinics.findById(id, scheduleFromDate(now));
    if (!clinic) throw clinicNotFound(id);
    const { schedule, acceptingStatus, acceptingCheckedAt, doctors, ...rest } = clinic;
    return {
      ...rest,
      opening: this.opening.answer({ schedule, acceptingStatus, acceptingCheckedAt }, now),
      doctors: doctors.map(({ practiceStartYear, ...d }) => ({
        ...d,
        yearsOfPractice: yearsOfPractice(practiceStartYear, now),
      })),
    };
  }
}
