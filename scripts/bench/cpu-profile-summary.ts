import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly children?: readonly number[];
}

interface CpuProfile {
  readonly startTime: number;
  readonly endTime: number;
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** Where a frame's code lives: a package, one of the service's own files, Node itself or V8. */
export function frameOwner(url: string, functionName: string): string {
  if (!url) return `(${functionName || 'native'})`.replace(/^\(\((.*)\)\)$/, '($1)');
  if (url.startsWith('node:')) return url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const own = /\/(src|scripts)\/(.*)$/.exec(url);
  return own ? `${own[1]}/${own[2].replace(/\.js$/, '')}` : url;
}

/** The frame's file: a package's file keeps its path inside the package. */
function frameFile(url: string, functionName: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(url);
  return pkg ? `${pkg[1]}/${pkg[2]}` : frameOwner(url, functionName);
}

const frameKey = (f: CallFrame) =>
  `${f.functionName || '(anonymous)'} ${frameFile(f.url, f.functionName)}:${f.lineNumber + 1}`;

function table(title: string, rows: [string, number][], total: number, n: number): string {
  const lines = rows
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, us]) => `${((100 * us) / total).toFixed(1).padStart(6)}%  ${k}`);
  return `${title}\n${lines.join('\n')}`;
}

/**
 * The busy time of a V8 CPU profile (`node --cpu-prof`), idle excluded: self time by owner (a
 * package, a file of ours, node: internals, the garbage collector), self time by function, and
 * inclusive time by function (each sample counted once per function on its stack).
 */
export function summarizeProfile(profile: CpuProfile, window?: ProfileWindow, top = 25): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfByOwner = new Map<string, number>();
  const selfByFn = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busy = 0;
  // Sample times (µs since the profile's start); the window counts back from its end.
  const from = window ? profile.endTime - profile.startTime - window.fromEndSec * 1e6 : 0;
  const to = window ? profile.endTime - profile.startTime - window.toEndSec * 1e6 : Infinity;
  let t = 0;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    t += us;
    if (t < from || t > to) return;
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') return;
    busy += us;
    const f = node.callFrame;
    const owner = frameOwner(f.url, f.functionName);
    selfByOwner.set(owner, (selfByOwner.get(owner) ?? 0) + us);
    selfByFn.set(frameKey(f), (selfByFn.get(frameKey(f)) ?? 0) + us);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const k = frameKey(byId.get(at)!.callFrame);
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + us);
    }
  });
  return [
    `busy ${(busy / 1e6).toFixed(2)} s of CPU in the profile (idle excluded); shares of it:`,
    table('\nself time by owner', [...selfByOwner], busy, top),
    table('\nself time by function', [...selfByFn], busy, top),
    table(
      '\ninclusive time by function (service code and frameworks)',
      [...inclusive].filter(([k]) => !/^\((root|program|garbage collector)\)/.test(k)),
      busy,
      top * 2,
    ),
  ].join('\n');
}

/** The part of a profile to read: from `fromEndSec` before its end to `toEndSec` before it. */
export interface ProfileWindow {
  readonly fromEndSec: number;
  readonly toEndSec: number;
}

/** Summarizes the newest .cpuprofile of `dir` (within `window` when given). */
export function summarizeProfiles(dir: string, window?: ProfileWindow): string {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (files.length === 0) return `no .cpuprofile in ${dir}`;
  const profile = JSON.parse(readFileSync(files[0], 'utf8')) as CpuProfile;
  const within = window ? ` (${window.fromEndSec} s to ${window.toEndSec} s before its end)` : '';
  return `${files[0]}${within}\n${summarizeProfile(profile, window)}`;
}

if (require.main === module) {
  const target = process.argv[2];
  if (!target) throw new Error('usage: node dist/scripts/bench/cpu-profile-summary.js <dir|file>');
  const text = target.endsWith('.cpuprofile')
    ? summarizeProfile(JSON.parse(readFileSync(target, 'utf8')) as CpuProfile)
    : summarizeProfiles(target);
  process.stdout.write(`${text}\n`);
}
