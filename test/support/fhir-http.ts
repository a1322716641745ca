import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FhirValidator } from './fhir-validation';

// FHIR JSON as the API answered it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface FhirResult {
  status: number;
  body: Json;
  headers: Record<string, string | string[] | number | undefined>;
}

/**
 * GET under /api/v1/fhir through the real Fastify stack; every JSON answer (resources, Bundles,
 * OperationOutcomes) goes through the validator before the test sees it.
 */
export async function fhirGet(
  app: NestFastifyApplication,
  validator: FhirValidator,
  path: string,
  headers: Record<string, string> = {},
): Promise<FhirResult> {
  const url = path.startsWith('http')
    ? new URL(path).pathname + new URL(path).search
    : `/api/v1/fhir${path}`;
  const r = await app.inject({ method: 'GET', url, headers });
  let body: Json = r.body;
  if (String(r.headers['content-type'] ?? '').startsWith('application/fhir+json') && r.body) {
    body = JSON.parse(r.body);
    validator.check(body, {
      planNet: body.resourceType !== 'Practitioner' || body.active !== false,
    });
  }
  return { status: r.statusCode, body, headers: r.headers };
}

/** The ids of a Bundle's entries of one search mode, in order. */
export const ids = (b: Json, mode = 'match'): string[] =>
  (b.entry ?? []).filter((e: Json) => e.search.mode === mode).map((e: Json) => e.resource.id);

export const nextLink = (b: Json): string | undefined =>
  b.link?.find((l: Json) => l.relation === 'next')?.url;
