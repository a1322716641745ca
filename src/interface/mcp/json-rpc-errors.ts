/** Where the MCP endpoint is, as Fastify sees the URL (prefix included). */
const MCP_URL = '/api/v1/mcp';

const PARSE_FAILURES = new Set([
  'FST_ERR_CTP_INVALID_JSON',
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
]);

/**
 * JSON-RPC's own answer (-32700 Parse error, id null) when a body sent to the MCP endpoint is not
 * JSON; undefined for every other error and path, which keep the contract's error body.
 */
export function jsonRpcParseError(
  e: unknown,
  url: string,
): { jsonrpc: '2.0'; error: { code: number; message: string }; id: null } | undefined {
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
