import {
  fullBits,
  emptyBits,
  setBit,
} from '../../src/infrastructure/persistence/directory/memory/bitset';
import {
  DoctorNear,
  NearestWalk,
} from '../../src/infrastructure/persistence/directory/memory/doctor-near';
import { llToEarth } from '../../src/infrastructure/persistence/directory/memory/earth';

/**
 * `node dist/scripts/bench/nearest-walks.js [rows]`: what a page nearest first costs the doctor
 * columns through the grid's rings and row by row, and the way the cost rule (doctor-near.ts's
 * GRID_ROW_COST) picks, over sets of 0.5% to 10% of `rows` (default 1,000,000) placed in clinic
 * clusters across the GTA, pages 25 to 5,100 rows in, points drawn downtown and towards the edges.
 * Seeded: every run draws the same rows. Milliseconds per page: the mean over 20 points, the best of 5 passes.
 */

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

function main(): void {
  const n = Number(process.argv[2] ?? 1_000_000);
  const rnd = seeded(3203);
  const clinics = Array.from({ length: Math.ceil(n / 3.75) }, () => [
    43.4 + rnd() * 0.6,
    -79.9 + rnd() * 0.9,
  ]);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const z = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const [lat, lng] = clinics[Math.floor(rnd() * clinics.length)];
    const e = llToEarth(lat, lng);
    x[i] = e.x;
    y[i] = e.y;
    z[i] = e.z;
  }
  const points = { n, x, y, z, geo: fullBits(n) };
  const walks: NearestWalk[] = ['grid', 'rows', 'auto'];
  const near = new Map(walks.map((w) => [w, new DoctorNear(points, w)]));
  const at = Array.from({ length: 20 }, () => [43.45 + rnd() * 0.5, -79.85 + rnd() * 0.8]);
  console.log('matches  rows in  grid ms  rows ms  auto ms');
  for (const share of [0.005, 0.01, 0.02, 0.05, 0.1]) {
    const bits = emptyBits(n);
    let matches = 0;
    for (let i = 0; i < n; i++)
      if (rnd() < share) {
        setBit(bits, i);
        matches++;
      }
    for (const keep of [25, 125, 500, 1800, 3300, 5100]) {
      const ms = (w: NearestWalk) => {
        const d = near.get(w)!;
        const once = () => at.forEach(([lat, lng]) => d.nearest(bits, lat, lng, keep - 25, 25));
        once();
        let best = Infinity;
        for (let r = 0; r < 5; r++) {
          const t0 = process.hrtime.bigint();
          once();
          best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e6 / at.length);
        }
        return best.toFixed(2).padStart(7);
      };
      const [g, r, a] = walks.map(ms);
      console.log(
        `${String(matches).padStart(7)}  ${String(keep - 25).padStart(7)}  ${g}  ${r}  ${a}`,
      );
    }
  }
}

main();
