import { Injectable, Logger } from '@nestjs/common';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Clock } from '../../application/shared/clock';
import { DirectorySettings } from '../../application/shared/directory-settings';
import { effectivePage, TierCaps } from '../../application/shared/page-caps';
import { ListCursors, ListScope, PageInput, PagePlan } from '../../application/shared/list-cursor';
import {
  LocationInput,
  ResolveLocationUseCase,
} from '../../application/geo/resolve-location.use-case';
import { dataFreshness, DataFreshness } from '../../domain/doctors/freshness';
import { Tier } from '../../domain/keys/tier';
import { DomainError } from '../../domain/shared/domain-error';
import { Page, PageRequest } from '../../domain/shared/page';
import { KnownNames, TOOL_DEFAULT_LIMIT, TOOL_MAX_LIMIT } from './tool-schemas';

const TOOL_BOUNDS = { defaultLimit: TOOL_DEFAULT_LIMIT, maxLimit: TOOL_MAX_LIMIT };

/** Who calls the tools: the HTTP transport passes the key's tier; stdio runs with admin reach. */
export interface ToolAccess {
  readonly tier: Tier;
  readonly caps: TierCaps;
}

/** What a tool registers against: the caller's reach and the directory's current names. */
export interface ToolContext {
  readonly access: ToolAccess;
  readonly names: KnownNames;
}

/** One tool: its name, title, description, schemas and handler, registered on a server. */
export interface DirectoryTool {
  register(server: McpServer, context: ToolContext): void;
}

/** Said wherever availability is given, so that an assistant passes it on. */
export const AVAILABILITY_NOTE =
  'Availability (accepting new patients) is best-effort and may have changed: phone the clinic to confirm before going.';

/** Every tool only reads the directory. */
export const READ_ONLY = {
  readOnlyHint: true,
  idempotentHint: true,
  openWorldHint: false,
} as const;

export type Json = Record<string, unknown>;

/** A tool's answer before it becomes a result: structured data and the text beside it. */
export interface ToolAnswer {
  readonly data: Json;
  readonly text: string;
}

/** Plain JSON (dates as ISO strings), as structuredContent must be. */
const json = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/**
 * total, count, offset and the offset of the next page (null on the last), and the cursor of the
 * next page (null on the last). A page read after a cursor gives only its cursor: its offset is
 * not its place in a list that may have changed.
 */
export function listEnvelope(
  page: PageRequest,
  total: number,
  count: number,
  nextCursor: string | null = null,
) {
  const next = page.offset + count;
  return {
    total,
    count,
    offset: page.offset,
    nextOffset: !page.after && count > 0 && next < total ? next : null,
    nextCursor,
  };
}

/** A list's text: how many match and which page, then one line per row. */
export function pageText(
  what: string,
  total: number,
  count: number,
  offset: number,
  lines: string[],
) {
  const head =
    total === 0
      ? `No ${what} match.`
      : `${total} ${what} match; showing ${count} from offset ${offset}.`;
  return [head, ...lines].join('\n');
}

/**
 * What every tool shares: the page it may read, the location it was given, how fresh a clinic's
 * availability is, and how an answer or a failure becomes a tool result.
 */
@Injectable()
export class ToolSupport {
  private readonly log = new Logger('MCP');

  constructor(
    private readonly clock: Clock,
    private readonly settings: DirectorySettings,
    private readonly location: ResolveLocationUseCase,
    private readonly cursors: ListCursors,
  ) {}

  /** limit and offset within the tools' bounds and the caller's tier caps. */
  page(a: { limit?: number; offset?: number }, access: ToolAccess): PageRequest {
    return effectivePage(a.limit, a.offset, access.tier, access.caps, {
      defaultLimit: TOOL_DEFAULT_LIMIT,
      maxLimit: TOOL_MAX_LIMIT,
    });
  }

  /**
   * The page of a list tool: offset, or cursor (the previous page's nextCursor; not both), within
   * the tools' bounds and the caller's tier caps, as REST's lists (issue 34, item 3).
   */
  plan(a: PageInput, access: ToolAccess, scope: ListScope): PagePlan {
    return this.cursors.plan(a, access.tier, access.caps, TOOL_BOUNDS, scope);
  }

  /** The nextCursor of a page read by `plan` (null on the last). */
  nextCursor(plan: PagePlan, scope: ListScope, page: Page<unknown>): string | null {
    return this.cursors.next(plan, scope, page);
  }

  /** lat/lng or near, and radiusKm: the same rules and errors as the REST lists. */
  async locate(a: LocationInput) {
    const loc = await this.location.execute(a);
    return {
      criteria: { near: loc.point, radiusKm: loc.radiusKm },
      envelope: loc.near ? { near: loc.near } : {},
    };
  }

  freshness(checkedAt: Date | null): DataFreshness {
    return dataFreshness(checkedAt, this.clock.now(), this.settings.freshnessDays);
  }

  /**
   * Runs a tool: domain errors (not found, bad argument) become tool errors an assistant can act
   * on, a not-found followed by `hint`; anything else (the database down) a short "temporarily
   * unavailable", logged here.
   */
  async run(tool: string, hint: string, body: () => Promise<ToolAnswer>): Promise<CallToolResult> {
    try {
      const { data, text } = await body();
      return { content: [{ type: 'text', text }], structuredContent: json(data) };
    } catch (e) {
      if (e instanceof DomainError) {
        const text = e.code === 'not_found' ? `${e.message} ${hint}` : e.message;
        return { content: [{ type: 'text', text }], isError: true };
      }
      this.log.error(`${tool} failed: ${(e as Error).message}`);
      return {
        content: [
          {
            type: 'text',
            text: 'The directory is temporarily unavailable. Try again in a minute.',
          },
        ],
        isError: true,
      };
    }
  }
}
