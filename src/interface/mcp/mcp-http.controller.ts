import { Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../../infrastructure/config/app-config';
import { APP_CONFIG } from '../../infrastructure/config/core.module';
import { Authenticated } from '../http/auth/auth.decorators';
import { DirectoryTools } from './directory-tools';
import { jsonRpcBatchRefusal } from './json-rpc-errors';

/** The MCP endpoint, under the API prefix: POST /api/v1/mcp. */
export const MCP_PATH = 'mcp';
/** JSON-RPC messages are small; a tool call with every filter is well under 4 KiB. */
export const MCP_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Streamable HTTP, stateless, JSON answers (decisions.md, MCP interface). The global guards have
 * authenticated and counted the request before this runs (401/403/429 in the contract's shape,
 * with the rate-limit headers); each request gets a server and a transport of its own, with the
 * caller's tier deciding the caps. Only POST is routed: GET and DELETE answer 405. One request
 * carries one JSON-RPC message: a batch is refused before any tool runs, so each tool call is one
 * unit of the rate limit.
 */
@ApiExcludeController()
@Authenticated()
@Controller(MCP_PATH)
export class McpHttpController {
  constructor(
    private readonly tools: DirectoryTools,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @HttpCode(200)
  async handle(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (Array.isArray(req.body)) {
      await reply
        .status(400)
        .header('Cache-Control', 'no-store')
        .type('application/json')
        .send(jsonRpcBatchRefusal());
      return;
    }
    const server = await this.tools.createServer({
      tier: req.principal?.tier ?? 'sandbox',
      caps: this.config.limits,
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    try {
      await server.connect(transport);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) {
        if (typeof v === 'string') headers.set(k, v);
        else if (Array.isArray(v)) headers.set(k, v.join(', '));
      }
      const request = new Request(`http://localhost${req.url}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(req.body ?? null),
      });
      const response = await transport.handleRequest(request, { parsedBody: req.body });
      const text = await response.text();
      response.headers.forEach((value, key) => {
        if (key !== 'content-length') void reply.header(key, value);
      });
      void reply.header('Cache-Control', 'no-store');
      await reply.status(response.status).send(text);
    } finally {
      await transport.close().catch(() => undefined);
      await server.close().catch(() => undefined);
    }
  }
}
