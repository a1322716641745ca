import { CANONICAL } from './fhir-codes';

/** Where the FHIR view answers: every error there is an OperationOutcome. */
export const FHIR_PATH = '/api/v1/fhir';
export const FHIR_CONTENT_TYPE = 'application/fhir+json; charset=utf-8';

export function isFhirPath(url: string): boolean {
  return url === FHIR_PATH || url.startsWith(`${FHIR_PATH}/`) || url.startsWith(`${FHIR_PATH}?`);
}

const ISSUE_CODE: Record<number, string> = {
  400: 'invalid',
  401: 'login',
  403: 'forbidden',
  404: 'not-found',
  405: 'not-supported',
  406: 'not-supported',
  413: 'too-costly',
  414: 'too-long',
  415: 'not-supported',
  429: 'throttled',
  503: 'transient',
};

/**
 * The v1 error `{error, message}` as an OperationOutcome with the same status: the v1 code in
 * `details` (so clients can branch on it as on v1), the message in `diagnostics`.
 */
export function operationOutcome(
  status: number,
  error: string,
  message: string,
  requestId?: string,
) {
  return {
    resourceType: 'OperationOutcome',
    ...(requestId ? { id: requestId.replace(/[^A-Za-z0-9.-]/g, '-').slice(0, 64) } : {}),
    issue: [
      {
        severity: status >= 500 ? 'fatal' : 'error',
        code: ISSUE_CODE[status] ?? (status >= 500 ? 'exception' : 'processing'),
        details: {
          coding: [{ system: `${CANONICAL}/CodeSystem/error`, code: error }],
          text: error,
        },
        diagnostics: message,
      },
    ],
  };
}
