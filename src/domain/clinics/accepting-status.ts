import { InvalidParamError } from '../shared/domain-error';

/**
 * Whether a doctor or clinic takes patients, graded as the HL7 Da Vinci PDex Plan-Net guide does
 * (its AcceptingPatientsCS code system), plus `unknown` for a status nobody has confirmed.
 */
export const ACCEPTING_STATUSES = [
  'accepting',
  'existing-patients-only',
  'existing-patients-family',
  'not-accepting',
  'unknown',
] as const;

export type AcceptingStatus = (typeof ACCEPTING_STATUSES)[number];

/** The Plan-Net AcceptingPatientsCS code system. */
export const PLAN_NET_ACCEPTING_PATIENTS_SYSTEM =
  'http://hl7.org/fhir/us/davinci-pdex-plan-net/CodeSystem/AcceptingPatientsCS';

export type PlanNetAcceptingCode = 'newpt' | 'existptonly' | 'existptfam' | 'nopt';

/** Each status's Plan-Net code; `unknown` has none (Plan-Net leaves the element out). */
export const PLAN_NET_ACCEPTING_CODE: Readonly<
  Record<AcceptingStatus, PlanNetAcceptingCode | null>
> = {
  accepting: 'newpt',
  'existing-patients-only': 'existptonly',
  'existing-patients-family': 'existptfam',
  'not-accepting': 'nopt',
  unknown: null,
};

/** Plan-Net's display text for each code, as its code system gives it. */
export const PLAN_NET_ACCEPTING_DISPLAY: Readonly<Record<PlanNetAcceptingCode, string>> = {
  newpt: 'Accepting',
  existptonly: 'Accepting existing patients',
  existptfam: 'Accepting existing patients and their families',
  nopt: 'Not Accepting',
};

export function isAcceptingStatus(value: unknown): value is AcceptingStatus {
  return typeof value === 'string' && (ACCEPTING_STATUSES as readonly string[]).includes(value);
}

/** The v1 boolean (`acceptingNewPatients`, `accepting`): true exactly when `accepting`. */
export function acceptsNewPatients(status: AcceptingStatus): boolean {
  return status === 'accepting';
}

/** The status from a Plan-Net code (`unknown` for none). */
export function fromPlanNetCode(code: PlanNetAcceptingCode | null): AcceptingStatus {
  if (code === null) return 'unknown';
  const found = ACCEPTING_STATUSES.find((s) => PLAN_NET_ACCEPTING_CODE[s] === code);
  if (!found) throw new InvalidParamError(`"${String(code)}" is not a Plan-Net accepting code`);
  return found;
}

/**
 * The `acceptingStatus` filter: a comma-separated list of statuses, at least one, each at most
 * once, in the order of {@link ACCEPTING_STATUSES}. Anything else is 400 `invalid_param`.
 */
export function parseAcceptingStatusList(text: unknown): AcceptingStatus[] {
  const expected = `acceptingStatus takes a comma-separated list of ${ACCEPTING_STATUSES.join(', ')}`;
  if (typeof text !== 'string' || text === '' || text.length > 200)
    throw new InvalidParamError(expected);
  const wanted = new Set<AcceptingStatus>();
  for (const part of text.split(',')) {
    if (!isAcceptingStatus(part))
      throw new InvalidParamError(
        part === '' ? `${expected} (an empty item)` : `${expected} ("${part}" is not one)`,
      );
    if (wanted.has(part)) throw new InvalidParamError(`${expected} ("${part}" is given twice)`);
    wanted.add(part);
  }
  return ACCEPTING_STATUSES.filter((s) => wanted.has(s));
}
