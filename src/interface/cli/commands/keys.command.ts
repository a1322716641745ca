import { DataSource } from 'typeorm';
import { EnsureSandboxKeyUseCase } from '../../../application/keys/ensure-sandbox-key.use-case';
import { IssueKeyUseCase } from '../../../application/keys/issue-key.use-case';
import { ListKeysUseCase } from '../../../application/keys/list-keys.use-case';
import { PublishedSandboxKey } from '../../../application/keys/published-sandbox-key.setting';
import { RevokeKeyUseCase } from '../../../application/keys/revoke-key.use-case';
import { Clock, SystemClock } from '../../../application/shared/clock';
import { ApiKey } from '../../../domain/keys/api-key';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { TypeOrmApiKeyRepository } from '../../../infrastructure/persistence/keys/typeorm-api-key.repository';
import { HmacKeyHasher } from '../../../infrastructure/security/hmac-key-hasher';

export interface KeysCommandContext {
  dataSource: DataSource;
  keyHashSecret: string;
  config: AppConfig;
  clock?: Clock;
}

export const KEYS_USAGE =
  'usage: keys sandbox | keys issue <live|gateway|admin> [--label <text>] | keys revoke <key_prefix> | keys list';

/**
 * `keys …` of the operator command line (decisions.md, Operating the service). Returns the one
 * JSON-serialisable result that the CLI prints; throws an Error with a clear message on bad
 * usage or failure. Works beside a running service: it only reads and writes api_keys, and a
 * revocation is seen by every instance at its next request.
 *
 * - `keys sandbox` → `{key, key_prefix, tier}` of the published sandbox key (stored if absent);
 * - `keys issue <tier>` → `{key, key_prefix, tier}`: the only time the new secret is shown;
 * - `keys revoke <key_prefix>` revokes the key's rotation chain (its current key, whichever key of
 *   the chain is named) → `{key_prefix, tier, revoked: [prefixes revoked now], current_key_prefix,
 *   revoked_at, already_revoked}`; audited as by `cli`;
 * - `keys list` → `{keys: [{key_prefix, tier, label, created_at, last_used_at, revoked_at, replaced_by}]}`,
 *   never a secret (none is stored).
 */
export async function runKeysCommand(args: string[], ctx: KeysCommandContext): Promise<unknown> {
  const [sub, ...rest] = args;
  const repo = new TypeOrmApiKeyRepository(ctx.dataSource);
  const hasher = new HmacKeyHasher(ctx.keyHashSecret);
  const clock = ctx.clock ?? new SystemClock();
  switch (sub) {
    case 'sandbox': {
      noMore(rest, 'keys sandbox');
      const sandbox = new PublishedSandboxKey(ctx.config.sandboxKey);
      const { key, stored } = await new EnsureSandboxKeyUseCase(
        repo,
        hasher,
        clock,
        sandbox,
      ).execute();
      if (stored.revokedAt) {
        throw new Error(
          `the published sandbox key ${key.keyPrefix} is revoked: set SANDBOX_KEY to a new sandbox key`,
        );
      }
      return { key: key.value, key_prefix: key.keyPrefix, tier: 'sandbox' };
    }
    case 'issue': {
      const [tier, ...opts] = rest;
      if (!tier) throw new Error(`keys issue needs a tier\n${KEYS_USAGE}`);
      const label = labelOption(opts);
      const issued = await new IssueKeyUseCase(repo, hasher, clock).execute(tier, label);
      return { key: issued.key, key_prefix: issued.keyPrefix, tier: issued.tier };
    }
    case 'revoke': {
      const [prefix, ...more] = rest;
      if (!prefix) throw new Error(`keys revoke needs a key prefix (see keys list)\n${KEYS_USAGE}`);
      noMore(more, 'keys revoke <key_prefix>');
      const r = await new RevokeKeyUseCase(repo, hasher, clock).execute(prefix, {
        operatorId: null,
        operatorEmail: 'cli',
        ip: null,
        via: 'cli',
      });
      return {
        key_prefix: r.named.keyPrefix,
        tier: r.named.tier,
        revoked: r.revoked.map((k) => k.keyPrefix),
        current_key_prefix: r.current.keyPrefix,
        revoked_at: r.current.revokedAt?.toISOString() ?? null,
        already_revoked: r.revoked.length === 0,
      };
    }
    case 'list': {
      noMore(rest, 'keys list');
      const keys = await new ListKeysUseCase(repo).execute();
      const prefixById = new Map(keys.map((k) => [k.id, k.keyPrefix]));
      return { keys: keys.map((k) => listed(k, prefixById)) };
    }
    default:
      throw new Error(sub ? `unknown keys command "${sub}"\n${KEYS_USAGE}` : KEYS_USAGE);
  }
}

function listed(k: ApiKey, prefixById: Map<string, string>) {
  return {
    key_prefix: k.keyPrefix,
    tier: k.tier,
    label: k.label,
    created_at: k.createdAt.toISOString(),
    last_used_at: k.lastUsedAt?.toISOString() ?? null,
    revoked_at: k.revokedAt?.toISOString() ?? null,
    replaced_by: k.replacedBy ? (prefixById.get(k.replacedBy) ?? null) : null,
  };
}

function labelOption(opts: string[]): string | null {
  if (opts.length === 0) return null;
  if (opts[0] === '--label' && opts.length === 2 && opts[1].trim() !== '')
    return opts[1].trim().slice(0, 200);
  throw new Error(`unexpected arguments: ${opts.join(' ')}\n${KEYS_USAGE}`);
}

function noMore(rest: string[], form: string): void {
  if (rest.length > 0)
    throw new Error(`unexpected arguments after "${form}": ${rest.join(' ')}\n${KEYS_USAGE}`);
}
