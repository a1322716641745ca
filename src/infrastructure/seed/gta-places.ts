import { BELT_905_PLACES } from './gta-places-905';
import { GtaPlace } from './gta-place';
import { TORONTO_PLACES } from './gta-places-toronto';

export { AREA_CODES, GTA_BOUNDS, lakeShoreLat, SUBWAY_CITIES } from './gta-place';
export type { GtaPlace, PhoneRegion } from './gta-place';

/** Every place where demo clinics are put: Toronto first, then the 905 belt. */
export const GTA_PLACES: readonly GtaPlace[] = [...TORONTO_PLACES, ...BELT_905_PLACES];
