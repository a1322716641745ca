import { ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import * as ts from 'typescript';
import { DEFAULT_SANDBOX_KEY } from '../../src/domain/keys/published-sandbox-key';
import {
  DocBlock,
  DocCommand,
  docFiles,
  fencedBlocks,
  shapeDifferences,
  shellBlocks,
} from '../support/doc-examples';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * The first ten minutes (issue 52), as a new user lives them, on the built service (the entry
 * point `npm start` runs) started on an empty database, so that it seeds the default demo data
 * (3,000 doctors) itself:
 *
 * - the log of that first start, and of a restart, has no warning or error line, nor anything
 *   that is not one of the service's JSON lines (a Node warning); the same for a first start on
 *   the embedded PostgreSQL in an empty data folder;
 * - every ```sh block of README.md and docs/*.md runs, command by command, in one shell per block
 *   (its host and port made the test service's; `npm run --silent cli --` the built command
 *   line), with `$KEY` the published sandbox key and `$LIVE` a live key issued by the command
 *   line; each curl must answer 2xx (or the status its comment gives, `# 403 …`) and each answer
 *   shown (a JSON comment after the command, or a ```json block right after the sh block) must
 *   match: the keys shown, the first items of arrays, every value but `"…"` (anything) and
 *   strings with … (a prefix and a suffix). Blocks marked `<!-- not run: reason -->` are listed;
 * - the typed client's example (README, ```ts) type-checks and runs against the service; the
 *   MCP configuration (README, ```json with mcpServers) connects over HTTP and over stdio;
 * - the command line and the service share the secret generated in the data folder, and a
 *   command line with another folder or another KEY_HASH_SECRET refuses to print a key.
 */
const ROOT = process.cwd();
const FILES = docFiles(ROOT);
const BLOCKS = shellBlocks(ROOT, FILES);
/** Warning or error lines a start may log, by a part of their message: none. */
const EXPECTED_WARNINGS: RegExp[] = [];

interface Service {
  proc: ChildProcess;
  lines: string[];
  port: number;
  exited: Promise<number | null>;
}

/**
 * Starts the built service and returns once it is ready (`GET /api/v1/` 200: listening, and its
 * index of the directory loaded), as a balancer or a reader of the README waits for it.
 */
async function startService(out: string, env: NodeJS.ProcessEnv, cwd: string): Promise<Service> {
  const s = await startListening(out, env, cwd);
  for (let waited = 0; ; waited += 50) {
    const r = await fetch(`http://127.0.0.1:${s.port}/api/v1/`).catch(() => undefined);
    if (r?.status === 200) return s;
    if (waited > 60_000) throw new Error(`not ready after 60 s:\n${s.lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function startListening(out: string, env: NodeJS.ProcessEnv, cwd: string): Promise<Service> {
  const proc = spawn(process.execPath, [join(out, 'src', 'main.js')], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const exited = new Promise<number | null>((r) => proc.on('exit', (code) => r(code)));
  return new Promise((resolve, reject) => {
    let buf = '';
    const onData = (b: Buffer) => {
      buf += b.toString();
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        lines.push(line);
        const m = /"url":"http:\/\/[^"]*:(\d+)".*"msg":"listening"/.exec(line);
        if (m) resolve({ proc, lines, port: Number(m[1]), exited });
      }
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    void exited.then((code) =>
      reject(new Error(`the service exited (${code}) before listening:\n${lines.join('\n')}`)),
    );
  });
}

async function stopService(s: Service): Promise<void> {
  s.proc.kill('SIGTERM');
  expect(await s.exited).toBe(0);
}

/** Lines that are not the service's JSON at info level or below, and not expected. */
function unexpectedLines(lines: string[]): string[] {
  return lines.filter((line) => {
    if (line.trim() === '') return false;
    let level: number;
    let msg = '';
    try {
      const parsed = JSON.parse(line) as { level: number; msg?: string };
      level = parsed.level;
      msg = parsed.msg ?? '';
    } catch {
      return true; // not the service's log: a Node warning, a stray print
    }
    return level >= 40 && !EXPECTED_WARNINGS.some((w) => w.test(msg));
  });
}

function build(): string {
  mkdirSync(join(ROOT, '.data'), { recursive: true });
  const out = mkdtempSync(join(ROOT, '.data', 'doc-examples-build-'));
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
  return out;
}

describe('the first ten minutes: README and docs examples on a fresh start (issue 52)', () => {
  let out: string;
  let db: TestDatabase;
  let work: string;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let service: Service;
  let firstStart: string[];
  let live: string;
  let cli: string;

  const runCli = (args: string[], extra: NodeJS.ProcessEnv = {}) =>
    spawnSync(process.execPath, [cli, ...args], {
      cwd: work,
      env: { ...env, ...extra },
      encoding: 'utf8',
    });

  beforeAll(async () => {
    out = build();
    cli = join(out, 'src', 'interface', 'cli', 'main.js');
    db = await createTestDatabase('doc_examples', { migrate: false });
    await db.dataSource.destroy();
    // The commands run in a folder of their own with the repository's examples and fixtures.
    work = mkdtempSync(join(ROOT, '.data', 'doc-examples-work-'));
    for (const d of ['examples', 'schemas', 'clients']) symlinkSync(join(ROOT, d), join(work, d));
    // A copy: an import writes its report beside the file.
    cpSync(join(ROOT, 'test/fixtures/import'), join(work, 'test/fixtures/import'), {
      recursive: true,
    });
    dataDir = join(work, '.data');
    env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? work,
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
    };
    service = await startService(out, env, work);
    firstStart = [...service.lines];
    const issued = runCli(['keys', 'issue', 'live']);
    expect(issued.stderr).toBe('');
    live = (JSON.parse(issued.stdout) as { key: string }).key;
  }, 300_000);

  afterAll(async () => {
    if (service?.proc.exitCode === null) service.proc.kill('SIGTERM');
    await service?.exited;
    await db?.drop();
    if (out) rmSync(out, { recursive: true, force: true });
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('a first start on an empty database seeds the default demo data and logs no warning or error', () => {
    expect(unexpectedLines(firstStart)).toEqual([]);
    expect(firstStart.join('\n')).toContain('seeding the synthetic demo dataset (3000 doctors)');
  });

  it('compares a shown answer by its keys, first items and values, … standing for what varies', () => {
    const actual = { a: 1, b: 'WzEsMiw', c: [1, 2, 3], d: { e: null, f: true } };
    expect(shapeDifferences({ a: 1, b: 'WzEs…', c: [1, '…'], '…': '…' }, actual)).toEqual([]);
    expect(shapeDifferences({ a: 2 }, actual)).toEqual(['$.a: 1, shown 2']);
    expect(shapeDifferences({ x: '…' }, actual)).toEqual(['$.x: missing']);
    expect(shapeDifferences({ c: [1, 2] }, actual)).toEqual(['$.c: 3 items, shown 2']);
    expect(shapeDifferences({ b: 'Xz…' }, actual)).toEqual(['$.b: "WzEsMiw" is not "Xz…"']);
    expect(shapeDifferences({ d: { f: false } }, actual)).toEqual(['$.d.f: true, shown false']);
  });

  it('lists the blocks marked as not run, each with its reason', () => {
    const skipped = BLOCKS.filter((b) => b.notRun);
    const snippets = FILES.flatMap((f) => fencedBlocks(ROOT, f)).filter(
      (b) => b.notRun && !['sh', 'bash', 'shell'].includes(b.lang),
    );
    console.log(
      `examples not run:\n${[...skipped, ...snippets].map((b) => `  ${b.file}:${b.line}: ${b.notRun}`).join('\n')}`,
    );
    for (const b of skipped) expect(b.notRun!.length).toBeGreaterThan(10);
    expect(BLOCKS.filter((b) => !b.notRun).length).toBeGreaterThan(5);
  });

  it.each(BLOCKS.filter((b) => !b.notRun).map((b) => [`${b.file}:${b.line}`, b] as const))(
    '%s runs as written',
    (_name, block) => {
      const results = runBlock(block, {
        ...env,
        KEY: DEFAULT_SANDBOX_KEY,
        LIVE: live,
      });
      const failures = results.flatMap((r) => checkResult(r));
      expect(failures).toEqual([]);
    },
    120_000,
  );

  function runBlock(block: DocBlock, blockEnv: NodeJS.ProcessEnv): Result[] {
    const dir = mkdtempSync(join(tmpdir(), 'gtad-block-'));
    try {
      const script = block.commands
        .map(
          (c, i) =>
            `{ ${rewrite(c.text, service.port, cli)}\n} >${dir}/out.${i} 2>${dir}/err.${i}; echo $? >${dir}/rc.${i}`,
        )
        .join('\n');
      spawnSync('bash', ['-c', script], { cwd: work, env: blockEnv, timeout: 110_000 });
      return block.commands.map((command, i) => {
        const read = (f: string) => {
          try {
            return readFileSync(join(dir, `${f}.${i}`), 'utf8');
          } catch {
            return '';
          }
        };
        return { block, command, stdout: read('out'), stderr: read('err'), rc: read('rc').trim() };
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("the typed client's example in README.md type-checks and runs against the service", async () => {
    const snippet = FILES.flatMap((f) => fencedBlocks(ROOT, f)).find(
      (b) => b.lang === 'ts' && b.text.includes('createDirectoryClient') && !b.notRun,
    );
    expect(snippet).toBeDefined();
    const file = join(work, 'client-example.ts');
    const imports = snippet!.text.split('\n').filter((l) => l.startsWith('import '));
    const body = snippet!.text.split('\n').filter((l) => !l.startsWith('import '));
    writeFileSync(
      file,
      [
        ...imports.map((l) =>
          l.replace("'@gtad/directory-client'", `'${join(ROOT, 'clients/typescript/src')}'`),
        ),
        'export async function run(): Promise<void> {',
        ...body,
        '}',
      ].join('\n'),
    );
    const program = ts.createProgram([file], {
      strict: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: ['node'],
      skipLibCheck: true,
      noEmit: true,
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);

    const printed: string[] = [];
    const log = jest.spyOn(console, 'log').mockImplementation((...a: unknown[]) => {
      printed.push(a.join(' '));
    });
    const errors = jest.spyOn(console, 'error').mockImplementation((...a: unknown[]) => {
      printed.push(`ERROR ${a.join(' ')}`);
    });
    const saved = process.env.GTAD_KEY;
    process.env.GTAD_KEY = live;
    try {
      const code = readFileSync(file, 'utf8').replaceAll(
        'http://localhost:3000',
        `http://127.0.0.1:${service.port}`,
      );
      writeFileSync(file, code);
      const mod = (await import(file)) as { run(): Promise<void> };
      await mod.run();
    } finally {
      log.mockRestore();
      errors.mockRestore();
      if (saved === undefined) delete process.env.GTAD_KEY;
      else process.env.GTAD_KEY = saved;
    }
    expect(printed.filter((l) => l.startsWith('ERROR'))).toEqual([]);
    expect(printed.length).toBeGreaterThan(1);
    expect(printed[printed.length - 1]).toMatch(/^\d+ of \d+; \d+ requests left this minute$/);
  });

  it('the MCP configuration in README.md connects over HTTP and over stdio, and lists the tools', async () => {
    const config = FILES.flatMap((f) => fencedBlocks(ROOT, f)).find(
      (b) => b.lang === 'json' && b.text.includes('mcpServers') && b.file === 'README.md',
    );
    expect(config).toBeDefined();
    const servers = (
      JSON.parse(config!.text) as {
        mcpServers: Record<
          string,
          { url?: string; headers?: Record<string, string>; command?: string; args?: string[] }
        >;
      }
    ).mcpServers;
    const remote = Object.values(servers).find((s) => s.url)!;
    const local = Object.values(servers).find((s) => s.command)!;
    const url = new URL(
      remote.url!.replace(/^https?:\/\/[^/]+/, `http://127.0.0.1:${service.port}`),
    );
    const headers = Object.fromEntries(
      Object.entries(remote.headers ?? {}).map(([k, v]) => [k, v.replace(/gtad_live_…/, live)]),
    );
    const overHttp = new McpClient({ name: 'doc-examples', version: '1.0.0' });
    await overHttp.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
    expect((await overHttp.listTools()).tools.map((t) => t.name)).toContain('find_doctors');
    await overHttp.close();

    // `npm run --silent --prefix <repo> mcp` runs the built stdio entry point.
    expect(local.command).toBe('npm');
    expect(local.args).toEqual(['run', '--silent', '--prefix', '/path/to/this/repo', 'mcp']);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.mcp).toBe('exec node dist/src/mcp-stdio.js');
    const overStdio = new McpClient({ name: 'doc-examples', version: '1.0.0' });
    await overStdio.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [join(out, 'src', 'mcp-stdio.js')],
        env: env as Record<string, string>,
        cwd: work,
        stderr: 'ignore',
      }),
    );
    expect((await overStdio.listTools()).tools).toHaveLength(7);
    await overStdio.close();
  });

  it("the command line shares the data folder's secret with the service, and refuses to print a key the service would not recognise", async () => {
    // Same data folder: the key it printed in beforeAll is served.
    const res = await fetch(`http://127.0.0.1:${service.port}/api/v1/doctors?limit=1`, {
      headers: { Authorization: `Bearer ${live}` },
    });
    expect(res.status).toBe(200);

    const otherDir = mkdtempSync(join(tmpdir(), 'gtad-other-data-'));
    try {
      for (const extra of [
        { DATA_DIR: otherDir },
        { KEY_HASH_SECRET: 'another-key-hash-secret-0123456789abcdef' },
      ]) {
        for (const args of [
          ['keys', 'issue', 'live'],
          ['keys', 'sandbox'],
        ]) {
          const r = runCli(args, extra);
          expect(r.status).toBe(1);
          expect(r.stdout).toBe('');
          expect(r.stderr).toContain(
            "error: this command's key-hash secret is not the one the service uses with this database",
          );
          expect(r.stderr).toContain(`the service's: the secret generated in DATA_DIR ${dataDir}`);
          expect(r.stderr).toContain('The API key is not recognised.');
        }
      }
      // Listing keys needs no secret.
      expect(runCli(['keys', 'list'], { DATA_DIR: otherDir }).status).toBe(0);
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('a restart logs no warning or error, and keys issued before are still served', async () => {
    await stopService(service);
    expect(unexpectedLines(service.lines)).toEqual([]);
    service = await startService(out, env, work);
    expect(unexpectedLines(service.lines)).toEqual([]);
    expect(service.lines.join('\n')).not.toContain('seeding');
    const res = await fetch(`http://127.0.0.1:${service.port}/api/v1/doctors?limit=1`, {
      headers: { Authorization: `Bearer ${live}` },
    });
    expect(res.status).toBe(200);
    await stopService(service);
    expect(unexpectedLines(service.lines)).toEqual([]);
  }, 120_000);

  it('a first start on the embedded PostgreSQL in an empty data folder logs no warning or error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gtad-first-start-'));
    chmodSync(dir, 0o755); // as root, the server runs as the postgres user and must reach it
    const embeddedEnv: NodeJS.ProcessEnv = { ...env, DATA_DIR: join(dir, 'data') };
    delete embeddedEnv.DATABASE_URL;
    try {
      const first = await startService(out, embeddedEnv, work);
      expect(first.lines.join('\n')).toContain('initialising embedded PostgreSQL');
      await stopService(first);
      expect(unexpectedLines(first.lines)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});

interface Result {
  block: DocBlock;
  command: DocCommand;
  stdout: string;
  stderr: string;
  rc: string;
}

/** The command as the test runs it: the test service's address, the built command line. */
function rewrite(text: string, port: number, cli: string): string {
  let t = text
    .replace(/(https?:\/\/)?(localhost|127\.0\.0\.1):3000/g, `http://127.0.0.1:${port}`)
    .replace(/npm run (--silent )?cli --/g, `node ${cli}`);
  if (/^curl\s/.test(t)) t = t.replace(/^curl\s/, `curl -sS -w '\\n@@status:%{http_code}' `);
  return t;
}

function checkResult(r: Result): string[] {
  const where = `${r.block.file}:${r.block.line} \`${r.command.text}\``;
  if (r.rc !== '0') return [`${where}: exit status ${r.rc}: ${r.stderr.slice(0, 500)}`];
  let body = r.stdout;
  if (/^curl\s/.test(r.command.text)) {
    const m = /\n@@status:(\d{3})$/.exec(body);
    if (!m) return [`${where}: no HTTP status (${r.stderr.slice(0, 300)})`];
    body = body.slice(0, m.index);
    const status = Number(m[1]);
    const wanted = r.command.status;
    if (wanted ? status !== wanted : status < 200 || status > 299)
      return [
        `${where}: HTTP ${status}${wanted ? `, documented ${wanted}` : ''}: ${body.slice(0, 300)}`,
      ];
  }
  if (r.command.expected === undefined) return [];
  let actual: unknown;
  try {
    actual = JSON.parse(body.split('\n').find((l) => l.trim() !== '') ?? '');
  } catch {
    return [`${where}: shows a JSON answer, answered ${body.slice(0, 300)}`];
  }
  return shapeDifferences(r.command.expected, actual).map((d) => `${where}: ${d}`);
}
