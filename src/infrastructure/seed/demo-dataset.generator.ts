import { FAMILY_MEDICINE, LANGUAGES, SPECIALTIES } from './catalogues';
import { completeClinics } from './clinic-details';
import { generateClinicDrafts } from './clinic-drafts';
import { drawClinicSchedules } from './clinic-schedules';
import {
  ClinicRow,
  DemoDataset,
  DemoDatasetOptions,
  DoctorRow,
  ReviewRow,
  SeedableDataset,
  SpecialistOfferingRow,
} from './demo-dataset';
import { DoctorDraft, generateDoctorDrafts } from './doctor-drafts';
import { placeDoctors, Placement } from './place-doctors';
import { reviewCount, reviewFactory } from './review-drafts';
import { SeededRandom } from './seeded-random';

/** 3,000 doctors give 800 clinics; 100,000 give about 26,700. */
export const DOCTORS_PER_CLINIC = 3.75;

const FAMILY_MEDICINE_ID = SPECIALTIES.findIndex((s) => s.name === FAMILY_MEDICINE) + 1;
const EMERGENCY_MEDICINE_ID = SPECIALTIES.findIndex((s) => s.name === 'Emergency Medicine') + 1;

/** Chance that a doctor who is not referral-only books online, by type of the primary clinic. */
const ONLINE_BOOKING_SHARE: Record<ClinicRow['type'], number> = {
  'family-practice': 0.45,
  'walk-in': 0.6,
  'specialist-clinic': 0.25,
  'community-health-centre': 0.3,
  'hospital-outpatient': 0.1,
  'virtual-care': 1,
};

export function clinicCountFor(doctors: number): number {
  return doctors <= 0 ? 0 : Math.max(1, Math.round(doctors / DOCTORS_PER_CLINIC));
}

/**
 * The synthetic GTA directory: a pure function of `doctors` and `seed` (the same options give
 * deep-equal datasets). `now` only places timestamps: every random draw is made whatever its
 * value. Each part draws from its own stream, so a change in one part (say, review texts)
 * leaves the others as they were.
 */
export function generateDemoDataset(opts: DemoDatasetOptions): DemoDataset {
  const data = streamDemoDataset(opts);
  return { ...data, reviews: [...data.reviews] };
}

/**
 * The same dataset with its reviews generated one at a time as they are read (once): the same
 * rows in the same order as generateDemoDataset's, without holding them all (a seed of a
 * million doctors writes 7.5 million reviews).
 */
export function streamDemoDataset(opts: DemoDatasetOptions): SeedableDataset {
  if (!Number.isInteger(opts.doctors) || opts.doctors < 0) {
    throw new RangeError(`doctors must be a whole number >= 0, got ${opts.doctors}`);
  }
  if (!Number.isInteger(opts.seed))
    throw new RangeError(`seed must be an integer, got ${opts.seed}`);
  if (Number.isNaN(opts.now.getTime())) throw new RangeError('now must be a valid date');
  const { now } = opts;
  const root = new SeededRandom(opts.seed);

  const clinicDrafts = generateClinicDrafts(
    root.derive('clinics'),
    clinicCountFor(opts.doctors),
    now,
  );
  const doctorDrafts = generateDoctorDrafts(root.derive('doctors'), opts.doctors, now);
  const placement = placeDoctors(root.derive('placement'), doctorDrafts, clinicDrafts);

  const mainSpecialties: number[][] = clinicDrafts.map(() => []);
  doctorDrafts.forEach((d, i) => mainSpecialties[placement.primaryOf[i]].push(d.main));
  const clinics = completeClinics(root.derive('clinic-details'), clinicDrafts, mainSpecialties);
  const clinicHoursExceptions = drawClinicSchedules(root.derive('clinic-schedules'), clinics, now);
  const doctors = withBooking(root.derive('booking'), doctorDrafts, clinics, placement);

  return {
    specialties: SPECIALTIES.map((s, i) => ({ id: i + 1, name: s.name })),
    languages: LANGUAGES.map((l, i) => ({ id: i + 1, name: l.name })),
    clinics,
    clinicHoursExceptions,
    doctors,
    doctorClinics: placement.doctorClinics,
    specialistOfferings: offerings(root.derive('offerings'), doctors, clinics, placement),
    reviews: reviews(root.derive('reviews'), doctorDrafts, clinics, now),
  };
}

/** Booking by the primary clinic's phone; online booking on its website for some. */
function withBooking(
  rng: SeededRandom,
  drafts: DoctorDraft[],
  clinics: ClinicRow[],
  placement: Placement,
): DoctorRow[] {
  return drafts.map((d, i) => {
    const clinic = clinics[placement.primaryOf[i]];
    const online = rng.chance(ONLINE_BOOKING_SHARE[clinic.type]);
    const bookingOnline =
      online && clinic.website && !d.row.referral_only
        ? `${clinic.website}/book?provider=${d.row.cpso_number}`
        : null;
    return { ...d.row, booking_phone: clinic.phone, booking_online: bookingOnline };
  });
}

/**
 * One offering per (clinic, specialty other than family medicine) held by a practising doctor
 * there, primary or second clinic, with a wait drawn from the specialty's usual range
 * (leaning to its middle).
 */
function offerings(
  rng: SeededRandom,
  doctors: DoctorRow[],
  clinics: ClinicRow[],
  placement: Placement,
): SpecialistOfferingRow[] {
  const held: Set<number>[] = clinics.map(() => new Set());
  doctors.forEach((d, i) => {
    if (d.expired_at !== null) return;
    for (const s of d.specialty_ids) {
      // Family and emergency medicine take no referrals, so they are not specialist offerings.
      if (s === FAMILY_MEDICINE_ID || s === EMERGENCY_MEDICINE_ID) continue;
      held[placement.primaryOf[i]].add(s);
      if (placement.secondaryOf[i] >= 0) held[placement.secondaryOf[i]].add(s);
    }
  });
  const rows: SpecialistOfferingRow[] = [];
  clinics.forEach((c, k) => {
    for (const s of [...held[k]].sort((a, b) => a - b)) {
      const [min, max] = SPECIALTIES[s - 1].waitWeeks;
      const u = (rng.next() + rng.next()) / 2;
      rows.push({
        clinic_id: c.id,
        specialty_id: s,
        wait_weeks: Math.max(1, min + Math.round(u * (max - min))),
      });
    }
  });
  return rows;
}

function* reviews(
  rng: SeededRandom,
  doctors: DoctorDraft[],
  clinics: ClinicRow[],
  now: Date,
): Generator<ReviewRow> {
  const reviewsFor = reviewFactory(now);
  const eightYearsAgo = new Date(
    Date.UTC(now.getUTCFullYear() - 8, now.getUTCMonth(), now.getUTCDate()),
  );
  for (const d of doctors) {
    const subject = {
      kind: 'doctor' as const,
      id: d.row.id,
      cpso: d.row.cpso_number,
      lastName: d.lastName,
      // Nobody reviews a doctor before they started practising.
      earliest: new Date(Date.UTC(d.row.practice_start_year, 0, 1)),
    };
    yield* reviewsFor(rng, subject, reviewCount(rng, 0.4, 0.28));
  }
  for (const c of clinics) {
    const subject = { kind: 'clinic' as const, id: c.id, earliest: eightYearsAgo };
    yield* reviewsFor(rng, subject, reviewCount(rng, 0.3, 0.35));
  }
}
