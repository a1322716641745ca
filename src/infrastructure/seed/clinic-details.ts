import { FAMILY_MEDICINE, SPECIALTIES } from './catalogues';
import { ClinicDraft } from './clinic-drafts';
import {
  CLINIC_NAME_PATTERNS,
  GENERAL_NOTES,
  LINK_TEMPLATES,
  MULTI_SPECIALTY_PATTERNS,
  REFERRAL_NOTE,
  SHARED_LINKS,
  slugify,
  streetStem,
  VIRTUAL_NOTE,
  WAITLIST_NOTE,
  WHEELCHAIR_NOTE,
} from './clinic-texts';
import { ClinicLink, ClinicRow } from './demo-dataset';
import { SeededRandom } from './seeded-random';

const WEBSITE_SHARE: Record<ClinicRow['type'], number> = {
  'family-practice': 0.8,
  'walk-in': 0.75,
  'specialist-clinic': 0.9,
  'community-health-centre': 1,
  'hospital-outpatient': 1,
  'virtual-care': 1,
};

/**
 * The word a specialist clinic is named after: its doctors' specialty when one dominates
 * (60% or more of them), else null (a multi-specialty clinic).
 */
export function specialtyLabel(mainSpecialties: readonly number[]): string | null {
  const counts = new Map<number, number>();
  for (const s of mainSpecialties) {
    if (SPECIALTIES[s].name !== FAMILY_MEDICINE) counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  let best = -1;
  let bestCount = 0;
  for (const [s, n] of counts) {
    if (n > bestCount || (n === bestCount && s < best)) [best, bestCount] = [s, n];
  }
  return best >= 0 && bestCount >= 0.6 * mainSpecialties.length
    ? SPECIALTIES[best].clinicLabel
    : null;
}

/**
 * Completes each clinic: a unique name from the patterns of its type, a website on a reserved
 * example domain for most, and for some a note and links. `mainSpecialties[c]` lists the main
 * specialty of each doctor whose primary clinic is c.
 */
export function completeClinics(
  rng: SeededRandom,
  drafts: ClinicDraft[],
  mainSpecialties: number[][],
): ClinicRow[] {
  const taken = new Set<string>();
  return drafts.map((draft, c) => {
    const row = draft.row;
    const name = uniqueName(rng, draft, specialtyLabel(mainSpecialties[c]), taken);
    const website = rng.chance(WEBSITE_SHARE[row.type])
      ? `https://${slugify(name).slice(0, 63).replace(/-+$/, '')}.example.org`
      : null;
    return { ...row, name, website, notes: notesFor(rng, row), links: linksFor(rng, row, website) };
  });
}

function uniqueName(
  rng: SeededRandom,
  draft: ClinicDraft,
  label: string | null,
  taken: Set<string>,
): string {
  const fill = (pattern: string) =>
    pattern
      .replace('{n}', draft.place.neighbourhood)
      .replace('{c}', draft.place.city)
      .replace('{s}', streetStem(draft.street))
      .replace('{l}', label ?? '');
  const patterns =
    draft.row.type === 'specialist-clinic' && label === null
      ? MULTI_SPECIALTY_PATTERNS
      : CLINIC_NAME_PATTERNS[draft.row.type];
  const shuffled = rng.shuffle(patterns);
  const candidates = shuffled.map(fill);
  // Names must not repeat (a list of look-alikes helps nobody): next come the building number
  // with the street ("2300 Yonge Medical Centre"), then the street in brackets, then a number.
  const stem = streetStem(draft.street);
  const building = draft.row.street_address.split(' ')[0];
  candidates.push(
    ...shuffled
      .filter((p) => p.includes('{s}'))
      .map((p) => fill(p.replace('{s}', `${building} {s}`))),
  );
  candidates.push(
    ...candidates.map((n) =>
      n.includes(stem) ? `${n} (${draft.place.neighbourhood})` : `${n} (${stem})`,
    ),
  );
  let name = candidates.find((n) => !taken.has(n));
  for (let k = 2; name === undefined; k++) {
    if (!taken.has(`${candidates[0]} ${k}`)) name = `${candidates[0]} ${k}`;
  }
  taken.add(name);
  return name;
}

function notesFor(rng: SeededRandom, row: ClinicRow): string | null {
  const pool = [...GENERAL_NOTES];
  if (row.wheelchair) pool.push(WHEELCHAIR_NOTE);
  if (row.virtual_visits) pool.push(VIRTUAL_NOTE);
  if (!row.accepting_new_patients && row.type === 'family-practice')
    pool.push(WAITLIST_NOTE, WAITLIST_NOTE);
  if (row.type === 'specialist-clinic' || row.type === 'hospital-outpatient')
    pool.push(REFERRAL_NOTE, REFERRAL_NOTE);
  const picked = rng.shuffle(pool).slice(0, rng.chance(0.3) ? 2 : 1);
  const withNotes = rng.chance(0.3);
  return withNotes ? [...new Set(picked)].join(' ') : null;
}

function linksFor(rng: SeededRandom, row: ClinicRow, website: string | null): ClinicLink[] {
  const wanted = rng.chance(0.35);
  const own = rng
    .shuffle(LINK_TEMPLATES.filter((l) => row.virtual_visits || l.path !== '/virtual'))
    .slice(0, rng.int(1, 3));
  const shared = rng.chance(0.3) ? [rng.pick(SHARED_LINKS)] : [];
  if (!wanted) return [];
  const links = website ? own.map((l) => ({ label: l.label, url: `${website}${l.path}` })) : [];
  links.push(...shared.map((l) => ({ ...l })));
  return links.length > 0 ? links : [{ ...SHARED_LINKS[0] }];
}
