import { Tier } from '../../domain/keys/tier';

/** Requests of one key on one day (UTC). */
export interface UsageCount {
  readonly keyId: string;
  readonly day: string;
  readonly tier: Tier;
  readonly requests: number;
}

/** Port: counts a request of a key, cheaply (no database write per request). */
export abstract class UsageRecorder {
  abstract record(keyId: string, tier: Tier, at: Date): void;
}

/** Port: the daily counts table. */
export abstract class UsageRepository {
  /** Adds the counts (an upsert per key and day). */
  abstract add(counts: readonly UsageCount[]): Promise<void>;
  /** Requests per day and tier since `since` (UTC day), oldest first. */
  abstract dailyByTier(since: string): Promise<{ day: string; tier: Tier; requests: number }[]>;
}

/** A no-op recorder (command line, tools). */
export class NoUsageRecorder extends UsageRecorder {
  record(): void {}
}
