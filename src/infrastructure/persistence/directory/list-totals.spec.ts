import { totalFits } from './list-totals';

describe('totalFits (a cached total checked against the page read with it)', () => {
  it('accepts totals a page can have', () => {
    expect(totalFits(0, 0, 10, 0)).toBe(true);
    expect(totalFits(7, 0, 10, 7)).toBe(true);
    expect(totalFits(10, 0, 10, 10)).toBe(true);
    expect(totalFits(500, 40, 10, 10)).toBe(true);
    expect(totalFits(45, 40, 10, 5)).toBe(true);
    expect(totalFits(30, 40, 10, 0)).toBe(true);
  });

  it('refuses totals the page contradicts', () => {
    expect(totalFits(299, 250, 100, 100)).toBe(false); // new rows, old total
    expect(totalFits(700, 250, 100, 49)).toBe(false); // old rows, new total
    expect(totalFits(5, 0, 10, 0)).toBe(false);
    expect(totalFits(3, 0, 10, 7)).toBe(false);
  });
});
