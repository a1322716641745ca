import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { RecordSchema } from '../../application/directory-data/directory-import.ports';
import { RecordProblem } from '../../domain/directory/interchange';

/** schemas/directory-record.schema.json, found from the package root (src/ and dist/ alike). */
export function schemaPath(): string {
  let dir = __dirname;
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'schemas', 'directory-record.schema.json');
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      dir = join(dir, '..');
    }
  }
  throw new Error('schemas/directory-record.schema.json not found');
}

const TYPES = ['clinic', 'doctor', 'offering', 'review', 'specialty', 'language'] as const;

/**
 * The published schema through Ajv (a maintained validator). Each record is checked against the
 * branch of its `type`, so a problem names the field of that kind of record rather than every
 * branch of a oneOf.
 */
export class AjvRecordSchema extends RecordSchema {
  private readonly byType = new Map<string, ValidateFunction>();

  constructor(path = schemaPath()) {
    super();
    const schema = JSON.parse(readFileSync(path, 'utf8')) as { $id: string };
    const ajv = new Ajv({ allErrors: false, strict: false });
    addFormats(ajv);
    ajv.addSchema(schema);
    TYPES.forEach((t, i) => this.byType.set(t, ajv.getSchema(`${schema.$id}#/oneOf/${i}`)!));
  }

  problems(record: unknown): RecordProblem[] {
    if (!record || typeof record !== 'object' || Array.isArray(record))
      return [{ field: '', reason: 'a record is a JSON object' }];
    const type = (record as { type?: unknown }).type;
    const validate = typeof type === 'string' ? this.byType.get(type) : undefined;
    if (!validate) return [{ field: '/type', reason: `type must be one of ${TYPES.join(', ')}` }];
    const source = (record as { source?: unknown }).source;
    if (typeof source !== 'string' || source.length === 0)
      return [{ field: '/source', reason: 'every record names its source' }];
    if (validate(record)) return [];
    return (validate.errors ?? []).map(describe);
  }
}

function describe(e: ErrorObject): RecordProblem {
  if (e.keyword === 'additionalProperties') {
    const extra = (e.params as { additionalProperty: string }).additionalProperty;
    const derived = ['evening', 'weekend', 'weekdayHours', 'nearTTC', 'nearTtc'].includes(extra);
    return {
      field: `${e.instancePath}/${extra}`,
      reason: derived
        ? 'is derived by the service and must not be sent'
        : 'is not a field of this record',
    };
  }
  if (e.keyword === 'required') {
    const missing = (e.params as { missingProperty: string }).missingProperty;
    return { field: `${e.instancePath}/${missing}`, reason: 'is required' };
  }
  return { field: e.instancePath || '', reason: e.message ?? 'is invalid' };
}
