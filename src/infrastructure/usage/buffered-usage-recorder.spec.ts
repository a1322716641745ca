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

  it('keeps the counts of a failed write for the next one, and writes at shutdown', async () => {
    const repo = new FakeUsage();
    const r = new BufferedUsageRecorder(repo, 60_000);
    r.record('k1', 'live', day);
    repo.failNext = true;
    await r.flush();
    r.record('k1', 'live', day);
    await r.onApplicationShutdown();
    expect(repo.batches).toEqual([[{ keyId: 'k1', day: '2026-11-25', tier: 'live', requests: 2 }]]);
  });
});
