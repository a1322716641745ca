import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { loadDirectoryFixture } from '../fixtures/directory.fixture';
import { TEST_KEY_HASH_SECRET } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * `npm run --silent mcp`: the built entry point spawned as an assistant would, talked to over
 * stdio by the SDK's own client. Its standard output must carry nothing but protocol messages.
 */
describe('MCP over stdio (the built entry point)', () => {
  let db: TestDatabase;
  let out: string;
  let client: Client;
  const protocolErrors: Error[] = [];
  let stderr = '';

  beforeAll(async () => {
    db = await createTestDatabase('mcp_stdio');
    await loadDirectoryFixture(db.dataSource);
    // Inside the project (under the ignored .data), so the build resolves node_modules.
    mkdirSync(join(process.cwd(), '.data'), { recursive: true });
    out = mkdtempSync(join(process.cwd(), '.data', 'mcp-build-'));
    execFileSync(
      process.execPath,
      [
        require.resolve('typescript/bin/tsc'),
        '-p',
        'tsconfig.build.json',
        '--outDir',
        out,
        '--tsBuildInfoFile',
        join(out, '.tsbuildinfo'),
      ],
      { stdio: 'inherit' },
    );
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(out, 'src', 'mcp-stdio.js')],
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: db.url,
        KEY_HASH_SECRET: TEST_KEY_HASH_SECRET,
        LOG_LEVEL: 'info',
      },
      stderr: 'pipe',
      cwd: process.cwd(),
    });
    transport.stderr?.on('data', (b: Buffer) => (stderr += b.toString()));
    client = new Client({ name: 'stdio-test', version: '1.0.0' });
    client.onerror = (e) => protocolErrors.push(e);
    await client.connect(transport);
  }, 240_000);

  afterAll(async () => {
    await client?.close();
    await db?.drop();
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it('serves the seven tools with admin reach', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toHaveLength(7);
    const r = (await client.callTool({
      name: 'find_doctors',
      arguments: { limit: 25 },
    })) as unknown as { structuredContent: { count: number; total: number } };
    expect(r.structuredContent.count).toBe(r.structuredContent.total); // no sandbox caps
  });

  it('answers a search, and writes its logs to stderr, never to stdout', async () => {
    const r = (await client.callTool({
      name: 'search_doctors',
      arguments: { q: 'Singh' },
    })) as unknown as {
      structuredContent: { doctors: { name: string }[] };
    };
    expect(r.structuredContent.doctors.map((d) => d.name)).toContain('bob Singh');
    expect(stderr).toContain('MCP server ready on stdio');
    expect(protocolErrors).toEqual([]);
  });
});
