import { Module } from '@nestjs/common';
import { HolidayCalendar } from '../../domain/clinics/hours/public-holidays';
import { DateHolidaysOntarioCalendar } from './date-holidays-ontario.calendar';

/** Binds the HolidayCalendar port to Ontario's nine public holidays (date-holidays, corrected). */
@Module({
  providers: [{ provide: HolidayCalendar, useClass: DateHolidaysOntarioCalendar }],
  exports: [HolidayCalendar],
})
export class HolidaysModule {}
