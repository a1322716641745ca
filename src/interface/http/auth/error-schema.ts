/** A message per code, for the examples of the OpenAPI document (each status its own code). */
const EXAMPLE_MESSAGES: Record<string, string> = {
  invalid_param: 'limit must be a whole number of 0 or more.',
  missing_param: 'q is required: at least 2 characters of a name or a CPSO number.',
  missing_key:
    'An API key is required: send Authorization: Bearer <key> (the sandbox key is published), or X-RapidAPI-Key and X-RapidAPI-Host through the gateway.',
  invalid_key: 'The API key is malformed.',
  forbidden:
    'X-RapidAPI-Key must carry a gateway key; send other keys as Authorization: Bearer <key>.',
  not_rotatable: 'A sandbox key cannot be rotated: only paid developer (live) keys rotate.',
  not_found: 'No doctor with CPSO number "100".',
  method_not_allowed: 'POST is not allowed here; use GET.',
  rate_limited: 'Rate limit of 60 requests per 60 s exceeded; retry in 17 s.',
  unavailable: 'The directory is temporarily unavailable; retry shortly.',
};

/**
 * OpenAPI schema of the error body that every error answers (decisions.md, Errors), with an
 * example of the first code (or `message`, what this operation really answers).
 */
export function errorSchema(codes: string[], message?: string) {
  return {
    type: 'object',
    required: ['error', 'message'],
    properties: {
      error: {
        type: 'string',
        enum: codes,
        description: 'Stable machine-readable code; branch on it, not on the message',
        example: codes[0],
      },
      message: {
        type: 'string',
        description: 'What went wrong, for a person (it names the parameter at fault)',
        example: message ?? EXAMPLE_MESSAGES[codes[0]] ?? 'See the error code.',
      },
      requestId: {
        type: 'string',
        description: 'Echoed in the X-Request-Id header; quote it when reporting a problem',
        example: '8d1c1a4e-3f7b-4f57-9a39-2f4c9b0e6d21',
      },
    },
    example: {
      error: codes[0],
      message: message ?? EXAMPLE_MESSAGES[codes[0]] ?? 'See the error code.',
      requestId: '8d1c1a4e-3f7b-4f57-9a39-2f4c9b0e6d21',
    },
  };
}
