import { DynamicModule, Global, Module, Provider } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { DirectoryPersistenceModule } from '../persistence/directory/directory-persistence.module';
import { KeysPersistenceModule } from '../persistence/keys/keys-persistence.module';
import { MetricsServer } from './metrics-server';
import { ServiceMetrics } from './service-metrics';

/**
 * The application's ServiceMetrics (global: the HTTP hook and the guards count into it), and,
 * when METRICS_PORT is set, the server of that port.
 */
@Global()
@Module({})
export class MetricsModule {
  static forRoot(config: AppConfig): DynamicModule {
    const providers: Provider[] = [ServiceMetrics];
    if (config.metricsPort !== undefined) providers.push(MetricsServer);
    return {
      module: MetricsModule,
      imports: [KeysPersistenceModule, DirectoryPersistenceModule],
      providers,
      exports: [ServiceMetrics],
    };
  }
}
