import { distanceKm, findStation, parsePostalArea } from './location';

describe('places and distances (issue 12)', () => {
  it('reads postal codes and forward sortation areas, refusing letters Canada Post never uses', () => {
    expect(parsePostalArea('M5S 1M8')).toEqual({ fsa: 'M5S', kind: 'postalCode' });
    expect(parsePostalArea('m5s1m8')).toEqual({ fsa: 'M5S', kind: 'postalCode' });
    expect(parsePostalArea(' l5b ')).toEqual({ fsa: 'L5B', kind: 'fsa' });
    for (const bad of ['M5', 'M5S 1M', 'D5S', 'W1A', 'M5S 1M88', '12345', 'Finch', 'M5O']) {
      expect([bad, parsePostalArea(bad)]).toEqual([bad, undefined]);
    }
  });

  it('finds subway stations whatever the case, dashes, accents or a trailing "station"', () => {
    expect(findStation('finch')?.name).toBe('Finch');
    expect(findStation('Finch Station')?.name).toBe('Finch');
    expect(findStation('sheppard yonge')?.name).toBe('Sheppard–Yonge');
    expect(findStation('SHEPPARD-YONGE STATION')?.name).toBe('Sheppard–Yonge');
    expect(findStation('st clair')?.name).toBe('St. Clair');
    expect(findStation('Atlantis')).toBeUndefined();
    expect(findStation('station')).toBeUndefined();
  });

  it('gives great-circle km with one decimal, 0 at the point itself', () => {
    const finch = { lat: 43.7807, lng: -79.4157 };
    expect(distanceKm(finch, finch.lat, finch.lng)).toBe(0);
    // Finch to Union (43.6453, -79.3806): about 15.3 km as the crow flies.
    expect(distanceKm(finch, 43.6453, -79.3806)).toBeCloseTo(15.3, 0);
    const d = distanceKm(finch, 43.6453, -79.3806);
    expect(Math.round(d * 10)).toBe(d * 10);
  });
});
