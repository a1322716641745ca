import { Injectable } from '@nestjs/common';
import { ClinicDetailRecord, ClinicDoctorRecord } from '../../domain/clinics/clinic';
import { yearsOfPractice } from '../../domain/doctors/years-of-practice';
import { Clock } from '../shared/clock';
import { ClinicReadRepository } from './clinic-read.repository';
import { assertClinicIdShape, clinicNotFound } from './clinic-id';

export type ClinicDoctorView = Omit<ClinicDoctorRecord, 'practiceStartYear'> & {
  yearsOfPractice: number;
};
export type ClinicDetailView = Omit<ClinicDetailRecord, 'doctors'> & {
  doctors: ClinicDoctorView[];
};

@Injectable()
export class GetClinicUseCase {
  constructor(
    private readonly clinics: ClinicReadRepository,
    private readonly clock: Clock,
  ) {}

  async execute(id: string): Promise<ClinicDetailView> {
    assertClinicIdShape(id);
    const clinic = await this.clinics.findById(id);
    if (!clinic) throw clinicNotFound(id);
    const now = this.clock.now();
    return {
      ...clinic,
      doctors: clinic.doctors.map(({ practiceStartYear, ...d }) => ({
        ...d,
        yearsOfPractice: yearsOfPractice(practiceStartYear, now),
      })),
    };
  }
}
