import { UsageCount, UsageRepository } from '../../application/usage/usage';
import { BufferedUsageRecorder } from './buffered-usage-recorder';

/** A hand-written fake of the port: remembers batches, fails when told to. */
class FakeUsage extends UsageRepository {
  batches: UsageCount[][] = [];
  failNext = false;
  async add(counts: readonly UsageCount[]): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('database down');
    }
    this.batches.push([...counts]);
  }
  async dailyByTier() {
    return [];
  }
}

describe('BufferedUsageRecorder', () => {
  const day = new Date('2026-11-25T10:00:00Z');

  it('adds requests per key and day in memory and writes them as one batch', async () => {
    const repo = new FakeUsage();
    const r = new BufferedUsageRecorder(repo, 60_000);
    for (let i = 0; i < 5; i++) r.record('k1', 'live', day);
    r.record('k2', 'admin', day);
    r.record('k1', 'live', new Date('2026-11-26T00:00:01Z'));
    expect(repo.batches).toHaveLength(0);
    await r.flush();
    expect(repo.batches).toEqual([
      [
        { keyId: 'k1', day: '2026-11-25', tier: 'live', requests: 5 },
        { keyId: 'k2', day: '2026-11-25', tier: 'admin', requests: 1 },
        { keyId: 'k1', day: '2026-11-26', tier: 'live', requests: 1 },
      ],
    ]);
    await r.flush();
    expect(repo.batches).toHaveLength(1);
  });

  it('counts each request on its UTC day, at the edges of days and when the clock goes back', async () => {
    const repo = new FakeUsage();
    const r = new BufferedUsageRecorder(repo, 60_000);
    const at = [
      '2026-11-25T23:59:59.999Z',
      '2026-11-26T00:00:00.000Z',
      '2026-11-25T00:00:00.000Z',
      '2026-11-26T23:59:59.999Z',
      '1969-12-31T23:59:59.999Z',
      '1970-01-01T00:00:00.000Z',
      '2026-11-25T12:00:00.000Z',
    ];
    for (const t of at) r.record('k', 'live', new Date(t));
    await r.flush();
    const counts = Object.fromEntries(repo.batches[0].map((c) => [c.day, c.requests]));
    expect(counts).toEqual({
      '2026-11-25': 3,
      '2026-11-26': 2,
      '1969-12-31': 1,
      '1970-01-01': 1,
    });
  });

  it('keeps the counts of a failed write for the next one, and writes at shutdown', async () => {
    const repo = new FakeUsage();
    const r = new BufferedUsageRecorder(repo, 60_000);
    r.record('k1', 'live', day);
    repo.failNext = true;
    await r.flush();
    r.record('k1', 'live', day);
    await r.beforeApplicationShutdown();
    expect(repo.batches).toEqual([[{ keyId: 'k1', day: '2026-11-25', tier: 'live', requests: 2 }]]);
  });
});
