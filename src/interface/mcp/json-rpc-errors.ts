/** Where the MCP endpoint is, as Fastify sees the URL (prefix included). */
const MCP_URL = '/api/v1/mcp';

/** JSON-RPC's error answer, with no id (it answers no single request). */
export interface JsonRpcErrorAnswer {
  jsonrpc: '2.0';
  error: { code: number; message: string };
  id: null;
}

const PARSE_FAILURES = new Set([
  'FST_ERR_CTP_INVALID_JSON',
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
]);

/**
 * JSON-RPC's own answer (-32700 Parse error, id null) when a body sent to the MCP endpoint is not
 * JSON; undefined for every other error and path, which keep the contract's error body.
 */
export function jsonRpcParseError(e: unknown, url: string): JsonRpcErrorAnswer | undefined {
  if (url.split('?')[0] !== MCP_URL) return undefined;
  // Fastify's parser error, or Nest's HttpException wrapping it (the code then in its cause).
  const err = e as {
    code?: string;
    cause?: { code?: string };
    message?: string;
    getStatus?: () => number;
  };
  const code = err?.code ?? err?.cause?.code;
  const wrapped =
    typeof err?.getStatus === 'function' &&
    err.getStatus() === 400 &&
    /^Body (is not valid JSON|cannot be empty)/.test(err.message ?? '');
  if (!(code && PARSE_FAILURES.has(code)) && !wrapped) return undefined;
  return {
    jsonrpc: '2.0',
    error: { code: -32700, message: 'Parse error: the body is not valid JSON.' },
    id: null,
  };
}

/**
 * The answer to a JSON-RPC batch (a JSON array): refused whole with -32600 Invalid Request, as
 * HTTP 400 (the status the MCP SDK gives its own invalid requests). The MCP specification removed
 * batching in 2025-06-18, and a batch would let one HTTP request, one unit of the caller's rate
 * limit, carry up to a hundred tool calls (or cancel one of its own and hang until a timeout).
 */
export function jsonRpcBatchRefusal(): JsonRpcErrorAnswer {
  return {
    jsonrpc: '2.0',
    error: {
      code: -32600,
      message:
        'Invalid Request: JSON-RPC batches are not supported (the MCP specification removed them ' +
        'in 2025-06-18); send one message per HTTP request.',
    },
    id: null,
  };
}
