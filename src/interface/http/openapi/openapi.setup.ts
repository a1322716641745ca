import { INestApplication } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiError } from '../errors/api-error';
import {
  DocumentBuilder,
  OpenAPIObject,
  ParameterObject,
  SchemaObject,
  SwaggerModule,
} from '@nestjs/swagger';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { SANDBOX_KEY } from './examples';

export const BEARER_SCHEME = 'bearer';
export const GATEWAY_KEY_SCHEME = 'gatewayKey';
export const GATEWAY_HOST_SCHEME = 'gatewayHost';

const DOCS_PATH = '/api/v1/docs';
/** What the Swagger UI page loads; nothing else of the swagger-ui-dist folder is served. */
const DOCS_FILES = new Set([
  '',
  '/',
  '/index.html',
  '/swagger-ui.css',
  '/swagger-ui-bundle.js',
  '/swagger-ui-standalone-preset.js',
  '/swagger-ui-init.js',
  '/favicon-32x32.png',
  '/favicon-16x16.png',
]);

/**
 * Swagger UI at /api/v1/docs and the OpenAPI 3 document at /api/v1/openapi.json, both public.
 * The page runs under the service's Content-Security-Policy (its scripts are files, not inline),
 * cannot be framed, keeps no key in browser storage, and only the files it loads are served.
 */
const documents = new WeakMap<INestApplication, OpenAPIObject>();

/** The document an application serves (npm run openapi:document writes it to a file). */
export function openApiDocumentOf(app: INestApplication): OpenAPIObject {
  const doc = documents.get(app);
  if (!doc) throw new Error('setupOpenApi has not run for this application');
  return doc;
}

/**
 * Swagger UI's "Try it out" fills every parameter with its example and sends them all, which
 * for the lists is a contradictory request (`near` with `lat`, `cursor` with `offset`, `cpso`
 * with filters: 400). So an optional query parameter's example is offered as a named example
 * after a first one without a value ("not sent"): the page shows it and fills it in when chosen,
 * and an empty field is not sent. The document still carries every example (test/e2e/openapi-reference).
 */
function examplesWithoutPrefill(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    for (const op of [item.get, item.post, item.put, item.delete, item.patch]) {
      for (const p of (op?.parameters ?? []) as ParameterObject[]) {
        if (p.in !== 'query' || p.required || p.examples) continue;
        const schema = p.schema as SchemaObject | undefined;
        const example: unknown = p.example ?? schema?.example;
        if (example === undefined) continue;
        delete p.example;
        if (schema) delete schema.example;
        p.examples = {
          notSent: { summary: '(not sent)' },
          example: { summary: `e.g. ${JSON.stringify(example)}`, value: example },
        };
      }
    }
  }
}

export function setupOpenApi(app: INestApplication, config: AppConfig): void {
  const name = config.gateway.name;
  const doc = new DocumentBuilder()
    .setTitle('GTA doctor and clinic directory API')
    .setDescription(
      'Read-only directory of doctors and clinics in the Greater Toronto Area. Availability data is ' +
        'best-effort: surface `dataFreshness` and ask users to phone the clinic to confirm. The demo ' +
        'dataset is synthetic. The same directory is also served as FHIR R4 (HL7 Plan-Net shapes, ' +
        'read-only, same keys) under `/api/v1/fhir`, outside this document: its CapabilityStatement ' +
        'is at [/api/v1/fhir/metadata](/api/v1/fhir/metadata).\n\n' +
        'Each operation shows an example request; `$KEY` in it is a key, for instance the published ' +
        `sandbox key: \`KEY=${SANDBOX_KEY}\` (capped pages, 60 requests a minute). The example ` +
        'answers are real answers of the demo dataset.',
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
  // Public operations say so (`security: []`) rather than inheriting nothing; the bearer scheme
  // is an opaque API key, not a JWT.
  for (const item of Object.values(document.paths)) {
    for (const op of [item.get, item.post, item.put, item.delete, item.patch]) {
      if (op && !op.security) op.security = [];
    }
  }
  examplesWithoutPrefill(document);
  const bearer = document.components?.securitySchemes?.[BEARER_SCHEME];
  if (bearer && 'bearerFormat' in bearer) delete bearer.bearerFormat;
  // package.json says UNLICENSED: no licence is granted, all rights reserved.
  document.info.license = {
    name: 'UNLICENSED (all rights reserved)',
    url: 'https://choosealicense.com/no-permission/',
  };
  documents.set(app, document);
  (app as NestFastifyApplication)
    .getHttpAdapter()
    .getInstance()
    // A callback hook that returns at once for other URLs (no promise, no split per request).
    .addHook('onRequest', (req, _reply, done) => {
      if (!req.url.startsWith(DOCS_PATH)) return done();
      const path = req.url.split('?')[0];
      if (!DOCS_FILES.has(path.slice(DOCS_PATH.length)))
        return done(new ApiError('not_found', 'No such documentation file.'));
      done();
    });
  SwaggerModule.setup('api/v1/docs', app, document, {
    jsonDocumentUrl: 'api/v1/openapi.json',
    raw: ['json'],
    swaggerOptions: { persistAuthorization: false, validatorUrl: null },
  });
}
