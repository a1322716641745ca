import { DoctorView } from '../../../application/doctors/doctor-views';
import { Page, PageRequest } from '../../../domain/shared/page';
import { AVAILABILITY_NOTE, Json, listEnvelope, pageText, ToolAnswer } from '../tool-support';
import { acceptingStatusText, openNowText } from './clinic-answers';

/** A doctor as find_doctors, search_doctors and get_doctor give it (doctorListOutput's item). */
export function doctorItem(d: DoctorView) {
  return {
    cpsoNumber: d.cpsoNumber,
    name: d.name,
    gender: d.gender,
    yearsOfPractice: d.yearsOfPractice,
    specialties: d.specialties,
    languages: d.languages,
    clinic: {
      id: d.clinic.id,
      name: d.clinic.name,
      address: d.clinic.address,
      lat: d.clinic.lat,
      lng: d.clinic.lng,
      phone: d.clinic.phone,
      acceptingNewPatients: d.clinic.acceptingNewPatients,
      openNow: d.clinic.openNow,
      acceptingStatus: d.clinic.acceptingStatus,
      acceptingCheckedAt: d.clinic.acceptingCheckedAt?.toISOString() ?? null,
    },
    dataFreshness: d.dataFreshness,
    syncedAt: d.syncedAt,
    ...(d.distanceKm !== undefined ? { distanceKm: d.distanceKm } : {}),
  };
}

/**
 * One doctor in a line of text: who, where, how to phone, whether the clinic is open now, and
 * whom it takes (the graded status, as of its checked date's freshness).
 */
export const doctorLine = (d: DoctorView) =>
  `- ${d.name} (CPSO ${d.cpsoNumber}), ${d.specialties.join(', ') || 'no specialty listed'}; ` +
  `speaks ${d.languages.join(', ') || 'n/a'}; ${d.clinic.name}, ${d.clinic.address}, ` +
  `${d.clinic.phone}${d.distanceKm !== undefined ? `, ${d.distanceKm} km away` : ''}; ` +
  `${openNowText(d.clinic.openNow)}; ${acceptingStatusText(d.clinic.acceptingStatus)} (${d.dataFreshness})`;

/** A page of doctors as find_doctors and search_doctors answer it. */
export function doctorList(
  page: PageRequest,
  result: Page<DoctorView>,
  extra: Json = {},
  nextCursor: string | null = null,
): ToolAnswer {
  const doctors = result.items.map((d) => doctorItem(d));
  const env = listEnvelope(page, result.total, doctors.length, nextCursor);
  return {
    data: { doctors, ...env, ...extra, availabilityNote: AVAILABILITY_NOTE },
    text: pageText('doctors', env.total, env.count, env.offset, [
      ...result.items.map(doctorLine),
      ...(env.nextCursor !== null
        ? [`More: call again with cursor ${env.nextCursor} (or offset ${env.nextOffset}).`]
        : []),
      AVAILABILITY_NOTE,
    ]),
  };
}
