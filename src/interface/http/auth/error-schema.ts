/** A message per code, for the examples of the OpenAPI document (each status its own code). */
const EXAMPLE_MESSAGES: Record<string, string> = {
  invalid_param: 'limit must be an integer from 1 to 100.',
  missing_param: 'q is required: at least 2 characters of a name or a CPSO number.',
  missing_key: 'An API key is required: send Authorization: Bearer <key>.',
  invalid_key: 'The API key is unknown, malformed or revoked.',
  forbidden: 'This gateway request does not come from the configured gateway host.',
  not_rotatable: 'Only live keys can be rotated.',
  not_found: 'No doctor with CPSO number "100".',
  method_not_allowed: 'POST is not allowed here; use GET.',
  rate_limited: 'Rate limit exceeded: retry after 12 seconds.',
  unavailable: 'The directory is temporarily unavailable; retry shortly.',
};

/** OpenAPI schema of the error body that every error answers (decisions.md, Errors). */
export function errorSchema(codes: string[]) {
  return {
    type: 'object',
    required: ['error', 'message'],
    properties: {
      error: { type: 'string', enum: codes },
      message: { type: 'string' },
      requestId: { type: 'string' },
    },
    example: {
      error: codes[0],
      message: EXAMPLE_MESSAGES[codes[0]] ?? 'See the error code.',
      requestId: '8d1c1a4e-3f7b-4f57-9a39-2f4c9b0e6d21',
    },
  };
}
