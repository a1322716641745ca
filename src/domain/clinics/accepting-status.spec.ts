import {
  ACCEPTING_STATUSES,
  acceptsNewPatients,
  fromPlanNetCode,
  isAcceptingStatus,
  parseAcceptingStatusList,
  PLAN_NET_ACCEPTING_CODE,
  PLAN_NET_ACCEPTING_DISPLAY,
} from './accepting-status';
import { InvalidParamError } from '../shared/domain-error';

describe('AcceptingStatus', () => {
  it('maps each status to its Plan-Net AcceptingPatientsCS code, unknown to none', () => {
    expect(PLAN_NET_ACCEPTING_CODE).toEqual({
      accepting: 'newpt',
      'existing-patients-only': 'existptonly',
      'existing-patients-family': 'existptfam',
      'not-accepting': 'nopt',
      unknown: null,
    });
    expect(PLAN_NET_ACCEPTING_DISPLAY.existptfam).toBe(
      'Accepting existing patients and their families',
    );
    for (const s of ACCEPTING_STATUSES) expect(fromPlanNetCode(PLAN_NET_ACCEPTING_CODE[s])).toBe(s);
  });

  it('keeps the v1 boolean: true exactly when accepting', () => {
    expect(ACCEPTING_STATUSES.filter(acceptsNewPatients)).toEqual(['accepting']);
  });

  it('reads the filter list in the canonical order and refuses anything else', () => {
    expect(parseAcceptingStatusList('existing-patients-family,accepting')).toEqual([
      'accepting',
      'existing-patients-family',
    ]);
    expect(parseAcceptingStatusList(ACCEPTING_STATUSES.join(','))).toEqual([...ACCEPTING_STATUSES]);
    const expected =
      'acceptingStatus takes a comma-separated list of accepting, existing-patients-only, existing-patients-family, not-accepting, unknown';
    const refusal = (text: unknown): string => {
      try {
        parseAcceptingStatusList(text);
      } catch (e) {
        expect(e).toBeInstanceOf(InvalidParamError);
        return (e as Error).message;
      }
      throw new Error('expected a refusal');
    };
    expect(refusal('')).toBe(expected);
    expect(refusal(undefined)).toBe(expected);
    expect(refusal(['accepting'])).toBe(expected);
    expect(refusal('accepting,')).toBe(`${expected} (an empty item)`);
    expect(refusal('Accepting')).toBe(`${expected} ("Accepting" is not one)`);
    expect(refusal('accepting, unknown')).toBe(`${expected} (" unknown" is not one)`);
    expect(refusal('newpt')).toBe(`${expected} ("newpt" is not one)`);
    expect(refusal('unknown,unknown')).toBe(`${expected} ("unknown" is given twice)`);
    expect(isAcceptingStatus('accepting')).toBe(true);
    expect(isAcceptingStatus('toString')).toBe(false);
  });
});
