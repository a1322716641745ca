import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The shell examples of README.md and docs/*.md, read as a new user would copy them (issue 52):
 * every ```sh block, its commands (continuation lines joined), the answer each shows (a JSON
 * comment after it, or a ```json block right after the sh block) and the blocks marked as not
 * runnable with `<!-- not run: reason -->` on the line before the fence.
 */
export interface DocCommand {
  /** The command as written, continuation lines joined, its trailing comment removed. */
  readonly text: string;
  /** The comment after it, when there is one. */
  readonly comment?: string;
  /** The answer it shows: the comment parsed as JSON, or the ```json block after the block. */
  readonly expected?: unknown;
  /** A status the comment states (`# 403 ...`); else any 2xx is expected. */
  readonly status?: number;
}

export interface DocBlock {
  readonly file: string;
  readonly line: number;
  readonly commands: DocCommand[];
  /** Set when marked `<!-- not run: reason -->`. */
  readonly notRun?: string;
}

export interface DocSnippet {
  readonly file: string;
  readonly line: number;
  readonly lang: string;
  readonly text: string;
  readonly notRun?: string;
}

const SHELL = new Set(['sh', 'bash', 'shell']);
const NOT_RUN = /^<!--\s*not run:\s*(.+?)\s*-->\s*$/;

/** README.md, then docs/*.md in name order. */
export function docFiles(root: string): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', ...docs];
}

/** Every fenced block of a Markdown file, with the marker on the line before it. */
export function fencedBlocks(root: string, file: string): DocSnippet[] {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const out: DocSnippet[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)\s*$/.exec(lines[i]);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]); i++) body.push(lines[i]);
    let before = start - 1;
    while (before >= 0 && lines[before].trim() === '') before--;
    const marker = before >= 0 ? NOT_RUN.exec(lines[before].trim()) : null;
    out.push({
      file,
      line: start + 1,
      lang: open[1],
      text: body.join('\n'),
      notRun: marker?.[1],
    });
  }
  return out;
}

/** The shell blocks of the files, each with the JSON block that follows it (its last answer). */
export function shellBlocks(root: string, files: string[]): DocBlock[] {
  const blocks: DocBlock[] = [];
  for (const file of files) {
    const fenced = fencedBlocks(root, file);
    fenced.forEach((b, k) => {
      if (!SHELL.has(b.lang)) return;
      const commands = splitCommands(b.text);
      const next = fenced[k + 1];
      if (next && next.lang === 'json' && follows(root, file, b, next) && commands.length > 0) {
        const last = commands[commands.length - 1];
        commands[commands.length - 1] = { ...last, expected: parseShown(next.text) };
      }
      blocks.push({ file, line: b.line, commands, notRun: b.notRun });
    });
  }
  return blocks;
}

/** The json block comes right after the sh block: only blank lines between them. */
function follows(root: string, file: string, a: DocSnippet, b: DocSnippet): boolean {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const end = a.line + a.text.split('\n').length; // the closing fence (0-based index)
  for (let i = end + 1; i < b.line - 1; i++) if (lines[i].trim() !== '') return false;
  return true;
}

/** Commands of a block: continuation lines joined; comment-only and blank lines left out. */
export function splitCommands(text: string): DocCommand[] {
  const out: DocCommand[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (!pending && (line.trim() === '' || line.trim().startsWith('#'))) continue;
    if (line.endsWith('\\')) {
      pending += line.slice(0, -1).trim() + ' ';
      continue;
    }
    const whole = (pending + line.trim()).trim();
    pending = '';
    out.push(withComment(whole));
  }
  return out;
}

/** Splits `cmd   # comment` at the first ` #` outside quotes. */
function withComment(whole: string): DocCommand {
  let quote: string | undefined;
  for (let i = 0; i < whole.length; i++) {
    const c = whole[i];
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"') {
      quote = c;
    } else if (c === '#' && i > 0 && /\s/.test(whole[i - 1])) {
      const comment = whole.slice(i + 1).trim();
      const text = whole.slice(0, i).trim();
      const status = /^(\d{3})\b/.exec(comment);
      const json = /^[{[]/.test(comment) ? parseShown(comment) : undefined;
      return { text, comment, expected: json, status: status ? Number(status[1]) : undefined };
    }
  }
  return { text: whole };
}

/** A shown answer: JSON, where `"…"` (or a string with … in it) stands for what varies. */
export function parseShown(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`a shown answer is not JSON (${(e as Error).message}): ${text}`);
  }
}

/**
 * Where `actual` differs from the shown answer, or [] when it matches: objects show some of
 * their keys (each must be there and match), arrays their first items (all of them unless the
 * last shown is "…"), strings with … a prefix and a suffix, other values themselves.
 */
export function shapeDifferences(shown: unknown, actual: unknown, path = '$'): string[] {
  if (typeof shown === 'string' && shown.includes('…')) {
    if (shown === '…') return actual === undefined ? [`${path}: missing`] : [];
    if (typeof actual !== 'string') return [`${path}: expected a string, got ${typeof actual}`];
    const [head, tail] = [shown.slice(0, shown.indexOf('…')), shown.slice(shown.indexOf('…') + 1)];
    return actual.startsWith(head) && actual.endsWith(tail) && actual.length >= head.length
      ? []
      : [`${path}: ${JSON.stringify(actual)} is not ${JSON.stringify(shown)}`];
  }
  if (Array.isArray(shown)) {
    if (!Array.isArray(actual)) return [`${path}: expected an array`];
    const open = shown.length > 0 && shown[shown.length - 1] === '…';
    const items = open ? shown.slice(0, -1) : shown;
    if (open ? actual.length < items.length : actual.length !== items.length)
      return [`${path}: ${actual.length} items, shown ${open ? 'at least ' : ''}${items.length}`];
    return items.flatMap((s, i) => shapeDifferences(s, actual[i], `${path}[${i}]`));
  }
  if (shown !== null && typeof shown === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual))
      return [`${path}: expected an object`];
    return Object.entries(shown as Record<string, unknown>)
      .filter(([k]) => k !== '…')
      .flatMap(([k, v]) =>
        k in actual
          ? shapeDifferences(v, (actual as Record<string, unknown>)[k], `${path}.${k}`)
          : [`${path}.${k}: missing`],
      );
  }
  return shown === actual
    ? []
    : [`${path}: ${JSON.stringify(actual)}, shown ${JSON.stringify(shown)}`];
}
