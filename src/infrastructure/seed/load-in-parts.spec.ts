import fc from 'fast-check';
import { criticalPathFirst, LoadJob, poolSizeOf, runSideBySide } from './load-in-parts';

/** A job graph: each job waits for some of the jobs before it, and takes a few ticks. */
const graphs = fc
  .array(
    fc.record({
      ticks: fc.integer({ min: 0, max: 3 }),
      picks: fc.array(fc.nat(), { maxLength: 3 }),
    }),
    {
      minLength: 1,
      maxLength: 12,
    },
  )
  .map((specs) =>
    specs.map((s, i) => ({
      name: `j${i}`,
      ticks: s.ticks,
      after: i === 0 ? [] : [...new Set(s.picks.map((p) => `j${p % i}`))],
    })),
  );

/** Macrotasks so far: the scheduler learns of a failure within the macrotask it happens in. */
let epoch = 0;
const tick = () =>
  new Promise<void>((resolve) =>
    setImmediate(() => {
      epoch++;
      resolve();
    }),
  );

/** Runs `graph` on `n` connections, recording each job's start and end and who ran it. */
async function record(
  graph: { name: string; ticks: number; after: string[] }[],
  n: number,
  fail?: string,
) {
  const events: { job: string; at: 'start' | 'end' | 'fail'; on: number; epoch: number }[] = [];
  let busy = 0;
  let most = 0;
  const jobs: LoadJob<number>[] = graph.map((g) => ({
    name: g.name,
    after: g.after,
    work: async (on) => {
      events.push({ job: g.name, at: 'start', on, epoch });
      most = Math.max(most, ++busy);
      for (let i = 0; i < g.ticks; i++) await tick();
      busy--;
      if (g.name === fail) {
        events.push({ job: g.name, at: 'fail', on, epoch });
        throw new Error(`failed ${g.name}`);
      }
      events.push({ job: g.name, at: 'end', on, epoch });
    },
  }));
  const connections = Array.from({ length: n }, (_, i) => i);
  const outcome = await runSideBySide(jobs, connections).then(
    () => undefined,
    (e: Error) => e.message,
  );
  return { events, most, outcome };
}

describe('runSideBySide (the jobs of a load in parts)', () => {
  it('runs every job once, after the jobs it waits for, never more at once than connections', async () => {
    await fc.assert(
      fc.asyncProperty(graphs, fc.integer({ min: 1, max: 3 }), async (graph, n) => {
        const { events, most, outcome } = await record(graph, n);
        expect(outcome).toBeUndefined();
        expect(most).toBeLessThanOrEqual(n);
        const started = events.filter((e) => e.at === 'start').map((e) => e.job);
        expect([...started].sort()).toEqual(graph.map((g) => g.name).sort());
        for (const g of graph) {
          const start = events.findIndex((e) => e.job === g.name && e.at === 'start');
          for (const a of g.after)
            expect(events.findIndex((e) => e.job === a && e.at === 'end')).toBeLessThan(start);
        }
      }),
      { seed: 20261127, numRuns: 200 },
    );
  });

  it('uses the second connection when two jobs are ready at once', async () => {
    const { events, most } = await record(
      [
        { name: 'a', ticks: 3, after: [] },
        { name: 'b', ticks: 3, after: [] },
        { name: 'c', ticks: 0, after: ['a', 'b'] },
      ],
      2,
    );
    expect(most).toBe(2);
    expect(new Set(events.map((e) => e.on))).toEqual(new Set([0, 1]));
  });

  it('starts no job after one fails, lets the running ones end, and throws the failure', async () => {
    await fc.assert(
      fc.asyncProperty(graphs, fc.integer({ min: 1, max: 3 }), fc.nat(), async (graph, n, pick) => {
        const fail = graph[pick % graph.length].name;
        const { events, outcome } = await record(graph, n, fail);
        expect(outcome).toBe(`failed ${fail}`);
        const failed = events.find((e) => e.at === 'fail')!;
        // Nothing starts once the failure is known (after its macrotask); every job that
        // started, but the failed one, ended.
        expect(events.filter((e) => e.at === 'start' && e.epoch > failed.epoch)).toEqual([]);
        const starts = events.filter((e) => e.at === 'start').length;
        expect(events.filter((e) => e.at === 'end')).toHaveLength(starts - 1);
      }),
      { seed: 20261128, numRuns: 200 },
    );
  });

  it('refuses a job that waits for an unknown job, and jobs that wait on each other', async () => {
    const job = (name: string, after: string[]): LoadJob<number> => ({
      name,
      after,
      work: async () => undefined,
    });
    await expect(runSideBySide([job('a', ['nope'])], [0])).rejects.toThrow(/unknown nope/);
    await expect(runSideBySide([job('a', ['b']), job('b', ['a'])], [0, 1])).rejects.toThrow(
      /wait on each other: a, b/,
    );
  });

  it("reads the pool's size from TypeORM's postgres driver", () => {
    expect(poolSizeOf({ master: { options: { max: 7 } } })).toBe(7);
    expect(poolSizeOf({})).toBeUndefined();
  });

  it('takes the chain that ends last first, and each job before the jobs that wait for it', () => {
    const job = (name: string, after: string[] = []): LoadJob<number> => ({
      name,
      after,
      work: async () => undefined,
    });
    const order = (jobs: LoadJob<number>[], seconds: Record<string, number>) =>
      criticalPathFirst(jobs, seconds).map((j) => j.name);
    // A chain (clinic_doctor_search, clinic_search, doctor_geo) beside a long job of its own.
    expect(
      order([job('long'), job('a'), job('b', ['a']), job('c', ['b'])], {
        long: 89,
        a: 8,
        b: 23,
        c: 87,
      }),
    ).toEqual(['a', 'b', 'long', 'c']);
    // Unknown jobs count a second; ties keep the given order.
    expect(order([job('x'), job('y'), job('z', ['y'])], {})).toEqual(['y', 'x', 'z']);
    fc.assert(
      fc.property(
        graphs,
        fc.array(fc.integer({ min: 1, max: 100 }), { maxLength: 12 }),
        (graph, secs) => {
          const jobs = graph.map((g) => job(g.name, g.after));
          const seconds = Object.fromEntries(graph.map((g, i) => [g.name, secs[i] ?? 1]));
          const names = order(jobs, seconds);
          expect([...names].sort()).toEqual(graph.map((g) => g.name).sort());
          for (const g of graph)
            for (const a of g.after) expect(names.indexOf(a)).toBeLessThan(names.indexOf(g.name));
        },
      ),
      { seed: 20261129, numRuns: 300 },
    );
  });
});
