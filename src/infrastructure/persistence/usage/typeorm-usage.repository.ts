import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UsageCount, UsageRepository } from '../../../application/usage/usage';
import { Tier } from '../../../domain/keys/tier';

/** key_usage_daily: one upsert statement per flush, whatever the number of keys. */
@Injectable()
export class TypeOrmUsageRepository extends UsageRepository {
  constructor(private readonly ds: DataSource) {
    super();
  }

  async add(counts: readonly UsageCount[]): Promise<void> {
    if (counts.length === 0) return;
    await this.ds.query(
      `INSERT INTO key_usage_daily (key_id, day, tier, requests)
       SELECT u.key_id, u.day, u.tier, u.requests
         FROM unnest($1::uuid[], $2::date[], $3::text[], $4::bigint[]) AS u (key_id, day, tier, requests)
         JOIN api_keys k ON k.id = u.key_id
       ON CONFLICT (key_id, day) DO UPDATE SET requests = key_usage_daily.requests + EXCLUDED.requests`,
      [
        counts.map((c) => c.keyId),
        counts.map((c) => c.day),
        counts.map((c) => c.tier),
        counts.map((c) => c.requests),
      ],
    );
  }

  async dailyByTier(since: string): Promise<{ day: string; tier: Tier; requests: number }[]> {
    const rows = await this.ds.query<{ day: string; tier: Tier; requests: string }[]>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, tier, sum(requests)::text AS requests
         FROM key_usage_daily WHERE day >= $1::date GROUP BY day, tier ORDER BY day, tier`,
      [since],
    );
    return rows.map((r) => ({ day: r.day, tier: r.tier, requests: Number(r.requests) }));
  }
}
