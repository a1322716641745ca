import { LANGUAGES, SPECIALTIES, FAMILY_MEDICINE, CLINIC_TYPES } from './catalogues';
import { isAcceptableCentre } from './clinic-sites';
import { AREA_CODES, GTA_PLACES, SUBWAY_CITIES } from './gta-places';
import { NAME_GROUPS } from './name-groups';
import { TTC_SUBWAY_STATIONS } from '../../domain/geo/ttc-subway-stations';

describe('reference data of the demo dataset', () => {
  it('lists the 70 stations of TTC lines 1, 2 and 4 once each', () => {
    expect(TTC_SUBWAY_STATIONS).toHaveLength(70);
    expect(new Set(TTC_SUBWAY_STATIONS.map((s) => s.name)).size).toBe(70);
    const onLine = (l: 1 | 2 | 4) => TTC_SUBWAY_STATIONS.filter((s) => s.lines.includes(l)).length;
    expect([onLine(1), onLine(2), onLine(4)]).toEqual([38, 31, 5]);
    for (const s of TTC_SUBWAY_STATIONS) {
      // Between Kipling and Kennedy, Union and Vaughan Metropolitan Centre.
      expect(s.lat).toBeGreaterThan(43.63);
      expect(s.lat).toBeLessThan(43.8);
      expect(s.lng).toBeGreaterThan(-79.54);
      expect(s.lng).toBeLessThan(-79.26);
    }
  });

  it('gives every place sound centres, FSAs, streets and weights', () => {
    expect(GTA_PLACES.length).toBeGreaterThan(80);
    for (const p of GTA_PLACES) {
      expect(isAcceptableCentre(p)).toBe(true);
      expect(p.fsas.length).toBeGreaterThan(0);
      // Toronto postal codes start with M, the rest of the GTA with L.
      for (const f of p.fsas) expect(f).toMatch(p.city === 'Toronto' ? /^M\d[A-Z]$/ : /^L\d[A-Z]$/);
      expect(p.streets.length).toBeGreaterThanOrEqual(4);
      expect(p.weight).toBeGreaterThan(0);
      expect(p.radiusM).toBeGreaterThanOrEqual(500);
      expect(p.phoneRegion).toBe(p.city === 'Toronto' ? 'toronto' : 'belt905');
    }
    const names = GTA_PLACES.map((p) => `${p.city}/${p.neighbourhood}`);
    expect(new Set(names).size).toBe(names.length);
    expect([...SUBWAY_CITIES].sort()).toEqual(['Toronto', 'Vaughan']);
    expect(AREA_CODES.toronto.map((a) => a.code)).toEqual(['416', '647', '437']);
    expect(AREA_CODES.belt905.map((a) => a.code)).toEqual(['905', '289', '365']);
  });

  it('has unique specialties and languages, family medicine the most common', () => {
    expect(new Set(SPECIALTIES.map((s) => s.name)).size).toBe(SPECIALTIES.length);
    expect(new Set(LANGUAGES.map((l) => l.name)).size).toBe(LANGUAGES.length);
    const total = SPECIALTIES.reduce((s, x) => s + x.weight, 0);
    const fm = SPECIALTIES.find((s) => s.name === FAMILY_MEDICINE)!;
    expect(fm.weight / total).toBeGreaterThan(0.5);
    for (const s of SPECIALTIES) {
      expect(s.affinity).toHaveLength(CLINIC_TYPES.length);
      expect(s.waitWeeks[0]).toBeGreaterThanOrEqual(1);
      expect(s.waitWeeks[1]).toBeLessThanOrEqual(52);
      if (s.second) expect(SPECIALTIES.map((x) => x.name)).toContain(s.second.name);
    }
  });

  it('only names known languages in the name groups', () => {
    const known = new Set(LANGUAGES.map((l) => l.name));
    for (const g of NAME_GROUPS) {
      for (const lang of Object.keys(g.languages)) expect(known).toContain(lang);
      expect(g.female.length).toBeGreaterThan(5);
      expect(g.male.length).toBeGreaterThan(5);
      expect(g.last.length).toBeGreaterThan(10);
    }
  });
});
