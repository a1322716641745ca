import { InvalidParamError } from '../../domain/shared/domain-error';
import { lastUpdatedValue, nearValue, orValues, referenceId, token } from './fhir-values';
import { canonicalQuery, PageTokens } from './page-token';

describe('FHIR parameter values', () => {
  it('_lastUpdated: a value is a range as precise as written; ge from its start, gt from its end', () => {
    const at = (raw: string) => lastUpdatedValue(raw).at.toISOString();
    expect(at('ge2026-11-20')).toBe('2026-11-20T00:00:00.000Z');
    expect(at('gt2026-11-20')).toBe('2026-11-21T00:00:00.000Z');
    expect(at('gt2026-12')).toBe('2027-01-01T00:00:00.000Z');
    expect(at('gt2026')).toBe('2027-01-01T00:00:00.000Z');
    expect(at('ge2026-11-20T10:15:00-05:00')).toBe('2026-11-20T15:15:00.000Z');
    expect(at('gt2026-11-20T10:15Z')).toBe('2026-11-20T10:16:00.000Z');
    expect(at('gt2026-11-20T10:15:30Z')).toBe('2026-11-20T10:15:31.000Z');
    expect(at('gt2026-11-20T10:15:30.250Z')).toBe('2026-11-20T10:15:30.251Z');
    expect(lastUpdatedValue('gt2026').op).toBe('ge');
    for (const bad of [
      '2026-11-20',
      'lt2026-01-01',
      'eq2026',
      'ge2026-13-01',
      'ge2026-02-30',
      'ge2026-11-20T10:00',
      'ge2026-11-20T25:00Z',
      'ge20261120',
    ])
      expect(() => lastUpdatedValue(bad)).toThrow(InvalidParamError);
  });

  it('near: lat|lng[|distance[|km or m]], at most 100 km', () => {
    expect(nearValue('43.6|-79.4')).toEqual({ near: { lat: 43.6, lng: -79.4 } });
    expect(nearValue('43.6|-79.4|5')).toEqual({ near: { lat: 43.6, lng: -79.4 }, radiusKm: 5 });
    expect(nearValue('43.6|-79.4|2500|m').radiusKm).toBe(2.5);
    expect(nearValue('43.6|-79.4|100|km').radiusKm).toBe(100);
    for (const bad of [
      '43.6',
      'a|b',
      '91|0',
      '0|181',
      '43.6|-79.4|0',
      '43.6|-79.4|100.1|km',
      '43.6|-79.4|5|mi',
      '1|2|3|km|x',
    ])
      expect(() => nearValue(bad)).toThrow(InvalidParamError);
  });

  it('tokens, references and "any of" lists', () => {
    expect(token('a|b')).toEqual({ system: 'a', code: 'b' });
    expect(token('https://doctors.cpso.on.ca|123')).toEqual({
      system: 'https://doctors.cpso.on.ca',
      code: '123',
    });
    expect(token('|b')).toEqual({ system: '', code: 'b' });
    expect(token('b')).toEqual({ code: 'b' });
    expect(orValues('a, b,,c\\,d')).toEqual(['a', 'b', 'c,d']);
    expect(referenceId('location', 'Location', 'Location/x')).toBe('x');
    expect(referenceId('location', 'Location', 'http://h/api/v1/fhir/Location/x')).toBe('x');
    expect(referenceId('location', 'Location', 'x')).toBe('x');
    expect(() => referenceId('location', 'Location', 'Organization/x')).toThrow(InvalidParamError);
  });

  it('page tokens: read back by the search they were made for, refused when changed or moved', () => {
    const t = new PageTokens('secret');
    const q = canonicalQuery('/api/v1/fhir/Practitioner?name=al&_count=2&_page=old');
    expect(q).toBe('name=al&_count=2');
    const token = t.make(4, q);
    expect(t.read(token, q)).toBe(4);
    expect(new PageTokens('secret').read(token, q)).toBe(4); // another instance, same secret
    expect(() => new PageTokens('other').read(token, q)).toThrow(InvalidParamError);
    expect(() => t.read(token, 'name=al&_count=3')).toThrow(InvalidParamError);
    const [body, mac] = token.split('.');
    for (let i = 0; i < body.length; i++) {
      const c = body[i] === 'A' ? 'B' : 'A';
      expect(() => t.read(`${body.slice(0, i)}${c}${body.slice(i + 1)}.${mac}`, q)).toThrow(
        InvalidParamError,
      );
    }
    for (const bad of ['', '.', 'x', `${body}.`, `${body}.${mac}.x`])
      expect(() => t.read(bad, q)).toThrow(InvalidParamError);
  });
});
