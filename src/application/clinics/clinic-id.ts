import { NotFoundError } from '../../domain/shared/domain-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Clinic ids are UUIDs: anything else cannot name a clinic, so it is simply not found. */
export function assertClinicIdShape(id: string): void {
  if (!isClinicIdShape(id)) throw clinicNotFound(id);
}

export function isClinicIdShape(id: string): boolean {
  return UUID.test(id);
}

export function clinicNotFound(id: string): NotFoundError {
  return new NotFoundError(`No clinic with id ${JSON.stringify(id.slice(0, 60))}.`);
}
