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
  };
}
