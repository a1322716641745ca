import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { MetricsController } from './metrics.controller';

/**
 * /metrics on the public port (admin keys only) when METRICS_PORT is not set; nothing at all
 * when it is (then /metrics there is a 404 like any unknown path).
 */
@Module({})
export class MetricsHttpModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: MetricsHttpModule,
      controllers: config.metricsPort === undefined ? [MetricsController] : [],
    };
  }
}
