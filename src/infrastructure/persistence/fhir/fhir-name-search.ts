import { PractitionerCriteria } from '../../../application/fhir/fhir-criteria';
import { parseNameQuery } from '../../../application/doctors/name-match';
import { DoctorColumns } from '../directory/memory/doctor-columns';
import { NameIndex, NameMatchRules } from '../directory/memory/name-index';

/** FHIR's default for a string: each word starts a word of the name (no typo, no fragment). */
const STARTS: NameMatchRules = { typos: false, inside: false, joined: false };
/** `:contains`: each word inside a word of the name. */
const CONTAINS: NameMatchRules = { typos: false, inside: true, joined: false };

/** The rows a Practitioner search by name finds (positions of the columns, in name order). */
export interface FhirNameRows {
  readonly total: number;
  page(offset: number, limit: number): number[];
  all(): number[];
}

/** The groups (ascending) of one name parameter. */
function groupsOf(
  index: NameIndex,
  value: string,
  part: 'name' | 'family' | 'given',
  modifier: 'exact' | 'contains' | undefined,
): Int32Array {
  const words = parseNameQuery(value).words;
  const within = part === 'name' ? undefined : part;
  if (modifier === 'exact') return index.exactly(words, within).groups;
  return index.match(words, { ...(modifier === 'contains' ? CONTAINS : STARTS), part: within })
    .groups;
}

function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] < b[j]) i++;
    else if (a[i] > b[j]) j++;
    else {
      out.push(a[i]);
      i++;
      j++;
    }
  }
  return Int32Array.from(out);
}

/**
 * Practitioner?name=, family=, given= (issue 50): the name index of the columns in memory, as
 * the name search reads it (text-fold.ts's folding: case, accents, apostrophes and hyphens
 * aside), with FHIR's rule for strings: each word of the value starts a word of the name (or the
 * part), `:exact` the whole name (or part) is the value's words, `:contains` each word is inside
 * a word. Several parameters: all of them; with `_id`/`identifier`, those doctors among them.
 */
export function fhirNameRows(m: DoctorColumns, c: PractitionerCriteria): FhirNameRows {
  const index = m.d.nameIndex;
  let groups: Int32Array | undefined;
  for (const part of ['name', 'family', 'given'] as const) {
    const v = c[part];
    if (v === undefined) continue;
    const g = groupsOf(index, v, part, c.matching?.[part]);
    groups = groups ? intersect(groups, g) : g;
  }
  const gs = groups ?? new Int32Array(0);
  const start = index.groupStart;
  if (c.cpsos) {
    const member = new Set(gs);
    const rows = [...new Set(c.cpsos.flatMap((x) => m.names.rowsOfCpso(x)))]
      .filter((i) => member.has(index.groupOf(i)) && m.isServed(i))
      .sort((a, b) => a - b);
    return { total: rows.length, page: (o, l) => rows.slice(o, o + l), all: () => rows };
  }
  // The groups' rows still served (a change applied in place may have removed some).
  const servedIn = (g: number) => m.servedBetween(start[g], start[g + 1]);
  let total = 0;
  for (const g of gs) total += servedIn(g);
  const collect = (offset: number, limit: number) => {
    const out: number[] = [];
    let skip = offset;
    for (const g of gs) {
      const n = servedIn(g);
      if (skip >= n) {
        skip -= n;
        continue;
      }
      for (let i = start[g]; i < start[g + 1] && out.length < limit; i++) {
        if (!m.isServed(i)) continue;
        if (skip > 0) skip--;
        else out.push(i);
      }
      skip = 0;
      if (out.length >= limit) break;
    }
    return out;
  };
  return { total, page: collect, all: () => collect(0, total) };
}
