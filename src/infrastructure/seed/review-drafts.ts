import { ReviewRow } from './demo-dataset';
import { NAME_GROUPS, NEUTRAL_FIRST_NAMES } from './name-groups';
import { CLINIC_REVIEW_PARTS, DOCTOR_REVIEW_PARTS, sentimentOf } from './review-templates';
import { SeededRandom } from './seeded-random';

const DAY_MS = 86_400_000;
/** Reviews go back about eight years. */
const MAX_AGE_DAYS = 8 * 365;
const REVIEWS_BASE_URL = 'https://reviews.example.org';
const DIMENSIONS = ['punctuality', 'helpfulness', 'knowledge', 'staff'] as const;

/** What is reviewed: a doctor (with the name used in the text) or a clinic. */
export type ReviewSubject =
  | { kind: 'doctor'; id: string; cpso: string; lastName: string; earliest: Date }
  | { kind: 'clinic'; id: string; earliest: Date };

const AUTHOR_FIRST = [
  ...new Set(NAME_GROUPS.flatMap((g) => [...g.female, ...g.male]).concat(NEUTRAL_FIRST_NAMES)),
];
const AUTHOR_INITIALS = [
  ...new Set(NAME_GROUPS.flatMap((g) => g.last.map((l) => l[0].toUpperCase()))),
];

/**
 * How many reviews a subject has: many have none, some a handful (under the signals' minimum
 * sample of 5), and some 5 to 40, with fewer towards 40.
 */
export function reviewCount(rng: SeededRandom, noneShare: number, fewShare: number): number {
  const r = rng.next();
  const x = rng.next();
  if (r < noneShare) return 0;
  if (r < noneShare + fewShare) return 1 + Math.floor(x * 4);
  return 5 + Math.floor(x ** 2.2 * 36);
}

/**
 * A J-shaped star distribution, as on every review site: about half 5s, a quarter 4s, and 1s
 * more common than 2s. `quality` in [0, 1) gives each subject a lean that its reviews share:
 * a few are poorly rated, many well.
 */
function starRating(rng: SeededRandom, quality: number): number {
  const r = rng.next();
  if (rng.chance(0.4)) {
    if (quality < 0.15) return r < 0.5 ? 1 : r < 0.7 ? 2 : r < 0.85 ? 3 : 4;
    if (quality > 0.55) return r < 0.65 ? 5 : 4;
  }
  return r < 0.09 ? 1 : r < 0.15 ? 2 : r < 0.25 ? 3 : r < 0.47 ? 4 : 5;
}

function dimension(rng: SeededRandom, rating: number, present: boolean): number | null {
  const value = Math.min(5, Math.max(1, Math.round(rating + rng.gaussian() * 0.8)));
  return present ? value : null;
}

const ymd = (d: Date): string => d.toISOString().slice(0, 10);

export type ReviewFactory = (
  rng: SeededRandom,
  subject: ReviewSubject,
  count: number,
) => ReviewRow[];

/**
 * Makes the reviews of one subject at a time, with texts that agree with their stars.
 * Clinic texts, authors and dates repeat a lot, so equal strings are shared between reviews
 * (looked up by the indices that built them), and strings are built flat with join(): this
 * keeps a 100,000-doctor dataset in a few hundred megabytes.
 */
export function reviewFactory(now: Date): ReviewFactory {
  const shared = new Map<number, string>();
  const once = (key: number, make: () => string): string => {
    let s = shared.get(key);
    if (s === undefined) shared.set(key, (s = make()));
    return s;
  };
  const dates: string[] = [];
  // Review ids lead with their rank in the dataset (the rest is drawn as before), so a seed
  // appends to the id and source indexes instead of writing all over them: 7.5 million reviews
  // of a million-doctor seed went in at 34 µs a row with random ids.
  let serial = 0;
  const sequentialId = (random: string) =>
    [(serial++).toString(16).padStart(8, '0'), random.slice(8)].join('');
  const dateDaysAgo = (days: number) =>
    (dates[days] ??= ymd(new Date(now.getTime() - days * DAY_MS)));

  return (rng, subject, count) => {
    const quality = rng.next();
    const out: ReviewRow[] = [];
    const ageDays = Math.floor((now.getTime() - subject.earliest.getTime()) / DAY_MS);
    const spanDays = Math.max(0, Math.min(MAX_AGE_DAYS, ageDays));
    const isDoctor = subject.kind === 'doctor';
    const parts = isDoctor ? DOCTOR_REVIEW_PARTS : CLINIC_REVIEW_PARTS;
    const doctorName = isDoctor ? `Dr. ${subject.lastName}` : '';
    const path = isDoctor ? `doctors/${subject.cpso}` : `clinics/${subject.id}`;
    for (let k = 1; k <= count; k++) {
      const rating = starRating(rng, quality);
      // Older review platforms did not ask for dimensions: about a third have none.
      const rated = rng.chance(0.65);
      const dims = DIMENSIONS.map(() => dimension(rng, rating, rated && rng.chance(0.8)));
      const sentiment = sentimentOf(rating);
      const o = rng.int(0, parts[sentiment].open.length - 1);
      const d = rng.int(0, parts[sentiment].detail.length - 1);
      const makeText = () =>
        [parts[sentiment].open[o].replace('{d}', doctorName), parts[sentiment].detail[d]].join(' ');
      const text = isDoctor ? makeText() : once(-(rating * 10_000 + o * 100 + d) - 1, makeText);
      const daysAgo = Math.floor(rng.next() * (spanDays + 1));
      // Every doctor review names where it was published (the doctor reviews endpoint shows it);
      // some clinic reviews were collected in person and have no page. The draw happens either way
      // so the rest of the dataset stays the same.
      const withUrl = rng.chance(0.85) || isDoctor;
      const f = rng.int(0, AUTHOR_FIRST.length - 1);
      const l = rng.int(0, AUTHOR_INITIALS.length - 1);
      out.push({
        id: sequentialId(rng.uuid()),
        doctor_id: isDoctor ? subject.id : null,
        clinic_id: isDoctor ? null : subject.id,
        rating,
        punctuality: dims[0],
        helpfulness: dims[1],
        knowledge: dims[2],
        staff: dims[3],
        author: once(f * 100 + l, () => [AUTHOR_FIRST[f], ' ', AUTHOR_INITIALS[l], '.'].join('')),
        text,
        review_date: dateDaysAgo(daysAgo),
        source_url: withUrl ? [REVIEWS_BASE_URL, path, 'reviews', k].join('/') : null,
      });
    }
    return out;
  };
}
