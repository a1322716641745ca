import { CLINIC_EXAMPLES } from './clinic-examples';
import { DOCTOR_EXAMPLES } from './doctor-examples';
import { METADATA_EXAMPLES } from './metadata-examples';

/**
 * Full example answers of the OpenAPI document, one per operation: real answers of the service
 * on the demo dataset (`npm start`, 3,000 synthetic doctors), shortened to a page of two. They
 * are shown by Swagger UI instead of a skeleton of 'string' values, and
 * test/e2e/openapi-reference.test.ts validates each against its schema, so a field added to a
 * response needs its example here.
 */

/** The sandbox key of the README, published on purpose: the curl lines below work as they are. */
export const SANDBOX_KEY = 'gtad_sandbox_fgEqYTYQKwfBbddaXo1IBmJctdI8COnV18aX5h';

/** A `curl` line for an operation's description (`$KEY`: a key, e.g. the sandbox key). */
export function curl(path: string, opts: { method?: string; key?: boolean } = {}): string {
  const method = opts.method ? `-X ${opts.method} ` : '';
  const auth = opts.key === false ? '' : `-H 'Authorization: Bearer $KEY' `;
  return `\`\`\`sh\ncurl ${method}${auth}'http://localhost:3000/api/v1${path}'\n\`\`\``;
}

export const EXAMPLES = {
  getApiReadiness: { status: 'ok', database: 'up', version: '1.0.0' },
  getApiReadinessDown: { status: 'unavailable', database: 'down', version: '1.0.0' },
  rotateKey: {
    key: 'gtad_live_Qm7RfT2xK9pLw4ZbN8cVd1HsJ6yGe3Ua5Xo0iB',
    key_prefix: 'gtad_live_Qm7RfT',
  },
  ...DOCTOR_EXAMPLES,
  ...CLINIC_EXAMPLES,
  ...METADATA_EXAMPLES,
};
