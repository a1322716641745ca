import { Injectable } from '@nestjs/common';
import { ApiKey } from '../../domain/keys/api-key';
import { Tier, TIERS } from '../../domain/keys/tier';
import { OrderState } from '../../domain/checkout/order';
import { KeyForbiddenError } from '../../domain/keys/key.errors';
import { InvalidParamError, NotFoundError } from '../../domain/shared/domain-error';
import { OrderRepository } from '../checkout/order.repository';
import { IssuedKey } from '../keys/issued-key';
import { IssueKeyUseCase } from '../keys/issue-key.use-case';
import { KeyRevocation, RevokeKeyUseCase } from '../keys/revoke-key.use-case';
import { KeyAdminRepository, KeyCount, KeySearch } from '../keys/key-admin.repository';
import { Clock } from '../shared/clock';
import { UsageRepository } from '../usage/usage';
import { AdminSession } from './admin-session.repository';
import { AuditLog } from './audit-log';

export const CHART_DAYS = 30;

export interface Overview {
  readonly keys: readonly KeyCount[];
  readonly orders: Readonly<Partial<Record<OrderState, number>>>;
  /** One entry per day of the last 30 (UTC), oldest first, with requests per tier. */
  readonly usage: readonly { day: string; byTier: Record<Tier, number> }[];
}

/** What an operator sees and does on the dashboard (keys, orders, usage), audited. */
@Injectable()
export class DashboardUseCases {
  constructor(
    private readonly keys: KeyAdminRepository,
    private readonly issueKey: IssueKeyUseCase,
    private readonly revokeKey: RevokeKeyUseCase,
    private readonly orders: OrderRepository,
    private readonly usage: UsageRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async overview(): Promise<Overview> {
    const today = this.clock.now();
    const days: string[] = [];
    for (let i = CHART_DAYS - 1; i >= 0; i--)
      days.push(new Date(today.getTime() - i * 86_400_000).toISOString().slice(0, 10));
    const [keys, orders, rows] = await Promise.all([
      this.keys.counts(),
      this.orders.countByState(),
      this.usage.dailyByTier(days[0]),
    ]);
    const zero = () => Object.fromEntries(TIERS.map((t) => [t, 0])) as Record<Tier, number>;
    const byDay = new Map(days.map((d) => [d, zero()]));
    for (const r of rows) {
      const slot = byDay.get(r.day);
      if (slot) slot[r.tier] += r.requests;
    }
    return { keys, orders, usage: days.map((day) => ({ day, byTier: byDay.get(day)! })) };
  }

  searchKeys(c: KeySearch) {
    return this.keys.search(c);
  }

  async issue(s: AdminSession, ip: string, tier: string, label: string | null): Promise<IssuedKey> {
    if (label !== null && label.length > 100)
      throw new InvalidParamError('A label has at most 100 characters.');
    const issued = await this.issueKey.execute(tier, label);
    await this.log(
      s,
      ip,
      'key_issued',
      issued.keyPrefix,
      `${issued.tier}${label ? `: ${label}` : ''}`,
    );
    return issued;
  }

  async keyToRevoke(id: string): Promise<ApiKey> {
    const key = /^[0-9a-f-]{36}$/i.test(id) ? await this.keys.findById(id) : null;
    if (!key) throw new NotFoundError('No key has this id.');
    return key;
  }

  /**
   * Revokes the key's rotation chain: its current key, even one rotated in after the operator
   * opened the confirmation page (every instance refuses it at its next request). Audited, with
   * each key actually revoked.
   * @throws KeyForbiddenError for the published sandbox key (the only active sandbox key).
   */
  async revoke(s: AdminSession, ip: string, id: string): Promise<KeyRevocation> {
    const key = await this.keyToRevoke(id);
    if (key.tier === 'sandbox')
      throw new KeyForbiddenError('The published sandbox key cannot be revoked here.');
    return this.revokeKey.revoke(key, {
      operatorId: s.operator.id,
      operatorEmail: s.operator.email,
      ip,
      via: 'dashboard',
    });
  }

  /** The key's rotation chain, oldest first (the confirmation page shows it). */
  chainOf(key: ApiKey): Promise<ApiKey[]> {
    return this.keys.chain(key.chainId);
  }

  ordersPage(limit: number, offset: number) {
    return Promise.all([this.orders.list(limit, offset), this.orders.count()]);
  }

  private log(s: AdminSession, ip: string, action: 'key_issued', target: string, detail: string) {
    return this.audit.record({
      at: this.clock.now(),
      operatorId: s.operator.id,
      operatorEmail: s.operator.email,
      action,
      target,
      ip,
      detail,
    });
  }
}
