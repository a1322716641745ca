import { Inject, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { AuthenticateKeyUseCase } from '../../../application/keys/authenticate-key.use-case';
import { EnsureSandboxKeyUseCase } from '../../../application/keys/ensure-sandbox-key.use-case';
import { PublishedSandboxKey } from '../../../application/keys/published-sandbox-key.setting';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { APP_CONFIG } from '../../../infrastructure/config/core.module';
import { KeysPersistenceModule } from '../../../infrastructure/persistence/keys/keys-persistence.module';
import { RateLimitStorageModule } from '../../../infrastructure/rate-limit/rate-limit-storage.module';
import { RateLimitStorage } from '../../../infrastructure/rate-limit/rate-limit.storage';
import { SecurityModule } from '../../../infrastructure/security/security.module';
import { ApiKeyGuard } from './api-key.guard';
import { AuthFailureLimiter } from './auth-failure.limiter';
import { PassportAuthenticator } from './passport-authenticator';
import { RateLimitGuard } from './rate-limit.guard';
import { rateLimitOptions } from './rate-limit.options';

/**
 * Authentication and rate limiting for every route: the two global guards, in this order
 * (ApiKeyGuard resolves the key, then RateLimitGuard counts it), and the published sandbox key.
 */
@Module({
  imports: [
    KeysPersistenceModule,
    RateLimitStorageModule,
    SecurityModule,
    ThrottlerModule.forRootAsync({
      imports: [RateLimitStorageModule],
      inject: [APP_CONFIG, RateLimitStorage],
      useFactory: (config: AppConfig, storage: RateLimitStorage) =>
        rateLimitOptions(config, storage),
    }),
  ],
  providers: [
    {
      provide: PublishedSandboxKey,
      useFactory: (config: AppConfig) => new PublishedSandboxKey(config.sandboxKey),
      inject: [APP_CONFIG],
    },
    AuthenticateKeyUseCase,
    EnsureSandboxKeyUseCase,
    PassportAuthenticator,
    {
      provide: AuthFailureLimiter,
      useFactory: (storage: RateLimitStorage, config: AppConfig) =>
        new AuthFailureLimiter(storage, config),
      inject: [RateLimitStorage, APP_CONFIG],
    },
    { provide: APP_GUARD, useClass: ApiKeyGuard },
    { provide: APP_GUARD, useClass: RateLimitGuard },
  ],
  exports: [
    EnsureSandboxKeyUseCase,
    PublishedSandboxKey,
    AuthFailureLimiter,
    PassportAuthenticator,
  ],
})
export class AuthModule implements OnApplicationBootstrap {
  private readonly logger = new Logger('Keys');

  constructor(
    @Inject(EnsureSandboxKeyUseCase) private readonly ensureSandbox: EnsureSandboxKeyUseCase,
  ) {}

  /**
   * Stores the published sandbox key when the schema exists. On a fresh database the migrations
   * run after start-up; authentication then creates the key on its first use (and main.ts may
   * call EnsureSandboxKeyUseCase once the migrations have run).
   */
  async onApplicationBootstrap(): Promise<void> {
    try {
      const { stored } = await this.ensureSandbox.execute();
      if (stored.revokedAt) {
        this.logger.warn(
          `the published sandbox key ${stored.keyPrefix} is revoked: set SANDBOX_KEY to a new one`,
        );
      }
    } catch (e) {
      const code =
        (e as { driverError?: { code?: string }; code?: string }).driverError?.code ??
        (e as { code?: string }).code;
      if (code === '42P01') return; // api_keys not migrated yet
      this.logger.warn(
        `could not store the published sandbox key yet (${String(e)}); it will be on first use`,
      );
    }
  }
}
