import { SeededRandom, weightedTable } from './seeded-random';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('SeededRandom', () => {
  const draws = (rng: SeededRandom, n: number) => Array.from({ length: n }, () => rng.nextUint32());

  it('repeats the same sequence for the same seed', () => {
    expect(draws(new SeededRandom(42), 100)).toEqual(draws(new SeededRandom(42), 100));
  });

  it('gives different sequences for different seeds and derived streams', () => {
    const a = draws(new SeededRandom(42), 20);
    expect(draws(new SeededRandom(43), 20)).not.toEqual(a);
    const root = new SeededRandom(42);
    expect(draws(root.derive('x'), 20)).not.toEqual(draws(root.derive('y'), 20));
    expect(draws(root.derive('x'), 20)).toEqual(draws(new SeededRandom(42).derive('x'), 20));
  });

  it('keeps next() in [0, 1) with a sensible mean', () => {
    const rng = new SeededRandom(1);
    let sum = 0;
    for (let i = 0; i < 20_000; i++) {
      const x = rng.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
      sum += x;
    }
    expect(sum / 20_000).toBeCloseTo(0.5, 1);
  });

  it('draws integers over the whole inclusive range', () => {
    const rng = new SeededRandom(2);
    const seen = new Set<number>();
    for (let i = 0; i < 2_000; i++) seen.add(rng.int(3, 7));
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
  });

  it('follows the weights of a weighted table', () => {
    const rng = new SeededRandom(3);
    const table = weightedTable(
      ['a', 'b', 'c', 'never'],
      (x) => ({ a: 1, b: 3, c: 6, never: 0 })[x]!,
    );
    const counts: Record<string, number> = { a: 0, b: 0, c: 0, never: 0 };
    for (let i = 0; i < 30_000; i++) counts[rng.weightedPick(table)]++;
    expect(counts.never).toBe(0);
    expect(counts.a / 30_000).toBeCloseTo(0.1, 1);
    expect(counts.b / 30_000).toBeCloseTo(0.3, 1);
    expect(counts.c / 30_000).toBeCloseTo(0.6, 1);
  });

  it('refuses tables without weight', () => {
    expect(() => weightedTable([], () => 1)).toThrow();
    expect(() => weightedTable(['a'], () => 0)).toThrow();
    expect(() => weightedTable(['a'], () => -1)).toThrow();
  });

  it('shuffles into a permutation without touching the input', () => {
    const input = Array.from({ length: 50 }, (_, i) => i);
    const out = new SeededRandom(4).shuffle(input);
    expect(out).not.toEqual(input);
    expect([...out].sort((a, b) => a - b)).toEqual(input);
    expect(input[0]).toBe(0);
  });

  it('makes deterministic, unique, version-4-shaped UUIDs', () => {
    const a = new SeededRandom(5);
    const ids = Array.from({ length: 5_000 }, () => a.uuid());
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
    const b = new SeededRandom(5);
    expect(Array.from({ length: 5_000 }, () => b.uuid())).toEqual(ids);
  });

  it('draws standard normal deviates', () => {
    const rng = new SeededRandom(6);
    const xs = Array.from({ length: 20_000 }, () => rng.gaussian());
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length;
    expect(mean).toBeCloseTo(0, 1);
    expect(variance).toBeCloseTo(1, 1);
  });
});
