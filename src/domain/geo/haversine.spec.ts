import { haversineMetres } from './haversine';

describe('haversineMetres', () => {
  it('is zero for the same point', () => {
    expect(haversineMetres(43.6453, -79.3806, 43.6453, -79.3806)).toBe(0);
  });

  it('is symmetric', () => {
    const ab = haversineMetres(43.6453, -79.3806, 43.7806, -79.4159);
    const ba = haversineMetres(43.7806, -79.4159, 43.6453, -79.3806);
    expect(ab).toBeCloseTo(ba, 6);
  });

  it('measures one degree of latitude as about 111.2 km', () => {
    expect(haversineMetres(43, -79, 44, -79)).toBeCloseTo(111_195, -1);
  });

  it('shrinks a degree of longitude by cos(latitude)', () => {
    const expected = 111_195 * Math.cos((43.7 * Math.PI) / 180);
    expect(haversineMetres(43.7, -80, 43.7, -79)).toBeCloseTo(expected, -2);
  });

  it('matches known GTA distances', () => {
    // Union to Finch stations along Yonge: about 15.3 km as the crow flies.
    const unionToFinch = haversineMetres(43.6452, -79.3806, 43.7805, -79.4157);
    expect(unionToFinch).toBeGreaterThan(15_000);
    expect(unionToFinch).toBeLessThan(15_500);
    // King to Queen stations: one short downtown block, about 360 m.
    const kingToQueen = haversineMetres(43.6491, -79.3778, 43.6524, -79.3792);
    expect(kingToQueen).toBeGreaterThan(330);
    expect(kingToQueen).toBeLessThan(400);
  });

  it('handles antipodal points without NaN', () => {
    expect(haversineMetres(0, 0, 0, 180)).toBeCloseTo(Math.PI * 6_371_008.8, 0);
  });
});
