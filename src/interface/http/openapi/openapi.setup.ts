import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppConfig } from '../../../infrastructure/config/app-config';

export const BEARER_SCHEME = 'bearer';
export const GATEWAY_KEY_SCHEME = 'gatewayKey';
export const GATEWAY_HOST_SCHEME = 'gatewayHost';

/** Swagger UI at /api/v1/docs and the OpenAPI 3 document at /api/v1/openapi.json, both public. */
export function setupOpenApi(app: INestApplication, config: AppConfig): void {
  const name = config.gateway.name;
  const doc = new DocumentBuilder()
    .setTitle('GTA doctor and clinic directory API')
    .setDescription(
      'Read-only directory of doctors and clinics in the Greater Toronto Area. Availability data is ' +
        'best-effort: surface `dataFreshness` and ask users to phone the clinic to confirm. The demo ' +
        'dataset is synthetic.',
    )
    .setVersion('1.0.0')
    .addServer('/')
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', description: 'API key: gtad_<tier>_…' },
      BEARER_SCHEME,
    )
    .addApiKey({ type: 'apiKey', in: 'header', name: `X-${name}-Key` }, GATEWAY_KEY_SCHEME)
    .addApiKey({ type: 'apiKey', in: 'header', name: `X-${name}-Host` }, GATEWAY_HOST_SCHEME)
    .build();
  const document = SwaggerModule.createDocument(app, doc, {
    operationIdFactory: (_controller, method) => method,
  });
  SwaggerModule.setup('api/v1/docs', app, document, {
    jsonDocumentUrl: 'api/v1/openapi.json',
    yamlDocumentUrl: 'api/v1/openapi.yaml',
    swaggerOptions: { persistAuthorization: true },
  });
}
