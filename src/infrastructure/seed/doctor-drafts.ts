import {
  ENGLISH,
  FAMILY_MEDICINE,
  idLookup,
  LANGUAGES,
  SPECIALTIES,
  SpecialtySpec,
} from './catalogues';
import { DEMO_SOURCE, DemoGender, DoctorRow, SYNTHETIC_CPSO_START } from './demo-dataset';
import { NAME_GROUPS, NEUTRAL_FIRST_NAMES, SURNAME_FORMS } from './name-groups';
import { SeededRandom, weightedTable } from './seeded-random';

/** A doctor before placement: booking details depend on the clinic and come later. */
export interface DoctorDraft {
  readonly row: DoctorRow;
  readonly lastName: string;
  /** Index in SPECIALTIES of the main specialty: it decides where the doctor practises. */
  readonly main: number;
}

const specialtyId = idLookup(SPECIALTIES);
const languageId = idLookup(LANGUAGES);
const ENGLISH_ID = languageId(ENGLISH);
const MAX_EXTRA_LANGUAGES = 3;
const MAX_YEARS = 45;
const DAY_MS = 86_400_000;

/** Family and emergency medicine take patients without referral; other specialists mostly not. */
function takesSelfReferrals(spec: SpecialtySpec): boolean {
  return spec.name === FAMILY_MEDICINE || spec.name === 'Emergency Medicine';
}

/**
 * Synthetic registration numbers: 6 digits from 900000, spread over the range and unique. Real
 * CPSO numbers are far below 900000 today. Past 100,000 doctors the range runs out and
 * numbers continue on 7 digits (1000000 and up), just as clearly synthetic.
 */
export function cpsoNumbers(rng: SeededRandom, count: number): string[] {
  const out: string[] = [];
  const stride = Math.floor(100_000 / Math.max(count, 1));
  for (let i = 0; i < count; i++) {
    const n =
      stride >= 1
        ? SYNTHETIC_CPSO_START + i * stride + rng.int(0, stride - 1)
        : SYNTHETIC_CPSO_START + i;
    out.push(String(n));
  }
  return out;
}

export function generateDoctorDrafts(rng: SeededRandom, count: number, now: Date): DoctorDraft[] {
  const groups = weightedTable(NAME_GROUPS, (g) => g.weight);
  const specialties = weightedTable(
    SPECIALTIES.map((_, i) => i),
    (i) => SPECIALTIES[i].weight,
  );
  const allLastNames = NAME_GROUPS.flatMap((g) => g.last).filter((n) => !n.includes(' '));
  const cpso = cpsoNumbers(rng, count);
  // Surnames with an apostrophe or a particle, from a stream of their own (issue 50): every other
  // draw, and so CPSO numbers, clinics and the other names, stays as it was. (Of the labels
  // tried, this one leaves the default demo's doctors that the docs, the examples and issue 50
  // name as they were: 128 of its 3,000 names change.)
  const forms = rng.derive('surname-forms/3');
  const year = now.getUTCFullYear();
  const drafts: DoctorDraft[] = [];

  for (let i = 0; i < count; i++) {
    const group = rng.weightedPick(groups);
    const r = rng.next();
    const gender: DemoGender = r < 0.49 ? 'female' : r < 0.98 ? 'male' : 'non-binary';
    const first =
      gender === 'female'
        ? rng.pick(group.female)
        : gender === 'male'
          ? rng.pick(group.male)
          : rng.chance(0.6)
            ? rng.pick(NEUTRAL_FIRST_NAMES)
            : rng.pick(rng.chance(0.5) ? group.female : group.male);
    let last = rng.pick(group.last);
    // Some double-barrelled names, often across communities, as in any Toronto directory.
    const other = rng.pick(allLastNames);
    if (rng.chance(0.04) && !last.includes(' ') && other !== last) last = `${last}-${other}`;
    const form = SURNAME_FORMS[group.key];
    const formDraw = forms.next();
    const formPick = forms.next();
    if (form && formDraw < form.share && !last.includes('-'))
      last = form.forms[Math.floor(formPick * form.forms.length)];

    const main = rng.weightedPick(specialties);
    const spec = SPECIALTIES[main];
    const specialtyIds = [specialtyId(spec.name)];
    if (spec.second && rng.chance(spec.second.p)) specialtyIds.push(specialtyId(spec.second.name));

    const languageIds: number[] = [];
    if (rng.chance(group.english)) languageIds.push(ENGLISH_ID);
    const extras: number[] = [];
    for (const [name, p] of Object.entries(group.languages)) {
      if (rng.chance(p)) extras.push(languageId(name));
    }
    for (const lang of LANGUAGES) {
      const id = languageId(lang.name);
      if (lang.base > 0 && rng.chance(lang.base) && !extras.includes(id)) extras.push(id);
    }
    languageIds.push(...extras.slice(0, MAX_EXTRA_LANGUAGES));
    if (languageIds.length === 0) languageIds.push(ENGLISH_ID);
    languageIds.sort((a, b) => a - b);

    // Years of practice: a hump around 20, from new graduates (0) to 45.
    const u = (rng.next() + rng.next()) / 2;
    const years = Math.min(MAX_YEARS, Math.floor(u ** 1.15 * (MAX_YEARS + 1)));

    const selfReferral = takesSelfReferrals(spec);
    const referralRequired = !selfReferral && rng.chance(0.93);
    const referralOnly = referralRequired && rng.chance(0.6);
    const syncedAgoS = rng.int(0, 90 * 86_400);
    const expired = rng.chance(0.01);
    const expiredAgoDays = rng.int(1, 180);

    drafts.push({
      lastName: last,
      main,
      row: {
        id: rng.uuid(),
        cpso_number: cpso[i],
        name: `${first} ${last}`,
        gender,
        practice_start_year: year - years,
        specialty_ids: specialtyIds,
        language_ids: languageIds,
        referral_required: referralRequired,
        booking_phone: '',
        booking_online: null,
        referral_only: referralOnly,
        source: DEMO_SOURCE,
        synced_at: new Date(now.getTime() - syncedAgoS * 1000),
        expired_at: expired ? new Date(now.getTime() - expiredAgoDays * DAY_MS) : null,
      },
    });
  }
  return drafts;
}
