import { CLINIC_TYPES, DemoClinicType, FAMILY_MEDICINE, SPECIALTIES } from './catalogues';
import { ClinicDraft } from './clinic-drafts';
import { DoctorClinicRow } from './demo-dataset';
import { DoctorDraft } from './doctor-drafts';
import { SeededRandom, weightedTable, WeightedTable } from './seeded-random';

/** Share of doctors who also practise at a second clinic. */
const SECOND_CLINIC_SHARE = 0.15;
/** A second clinic is usually in the same municipality as the first. */
const SAME_CITY_SHARE = 0.6;
/** Most specialists join a specialist clinic of their own specialty, as in practice. */
const SAME_FOCUS_SHARE = 0.8;

// When a doctor's usual clinic types have no clinic (tiny datasets), these come next.
// prettier-ignore
const FALLBACK_FAMILY: readonly DemoClinicType[] = ['family-practice', 'walk-in', 'community-health-centre', 'virtual-care', 'hospital-outpatient', 'specialist-clinic'];
// prettier-ignore
const FALLBACK_SPECIALIST: readonly DemoClinicType[] = ['specialist-clinic', 'hospital-outpatient', 'community-health-centre', 'family-practice', 'walk-in', 'virtual-care'];

export interface Placement {
  readonly doctorClinics: DoctorClinicRow[];
  /** Clinic index of each doctor's primary clinic. */
  readonly primaryOf: Int32Array;
  /** Clinic index of each doctor's second clinic, or -1. */
  readonly secondaryOf: Int32Array;
}

/**
 * Puts every doctor in exactly one primary clinic of a type that suits the specialty, and some
 * in a second one. Doctors first fill the clinics of their type that have nobody yet, then
 * join clinics in proportion to their capacity, so every clinic gets a doctor when its type
 * has enough doctors; leftover empty clinics take a doctor from a crowded clinic of the same type.
 */
export function placeDoctors(
  rng: SeededRandom,
  doctors: DoctorDraft[],
  clinics: ClinicDraft[],
): Placement {
  if (doctors.length === 0) {
    return { doctorClinics: [], primaryOf: new Int32Array(0), secondaryOf: new Int32Array(0) };
  }
  const byType = new Map<DemoClinicType, number[]>(CLINIC_TYPES.map((t) => [t, []]));
  clinics.forEach((c, i) => byType.get(c.row.type)!.push(i));
  const typeTables = SPECIALTIES.map((spec) =>
    typeTableFor(spec.affinity, spec.name === FAMILY_MEDICINE, byType),
  );
  const queues = new Map([...byType].map(([t, list]) => [t, rng.shuffle(list)]));
  const next = new Map<DemoClinicType, number>(CLINIC_TYPES.map((t) => [t, 0]));
  const capacity = new Map<string, WeightedTable<number> | null>();
  const capacityTable = (type: DemoClinicType, city?: string): WeightedTable<number> | null => {
    const key = `${type}|${city ?? ''}`;
    if (!capacity.has(key)) {
      const list = byType
        .get(type)!
        .filter((i) => city === undefined || clinics[i].row.city === city);
      capacity.set(key, list.length > 0 ? weightedTable(list, (i) => clinics[i].capacity) : null);
    }
    return capacity.get(key)!;
  };

  // A specialist clinic's focus is the main specialty of its first doctor; it is fixed once
  // every specialist clinic has a doctor, which is when the focus tables start being used.
  const focus = new Int32Array(clinics.length).fill(-1);
  const focusTables = new Map<number, WeightedTable<number> | null>();
  const focusTable = (specialty: number): WeightedTable<number> | null => {
    if (!focusTables.has(specialty)) {
      const list = byType.get('specialist-clinic')!.filter((c) => focus[c] === specialty);
      focusTables.set(
        specialty,
        list.length > 0 ? weightedTable(list, (c) => clinics[c].capacity) : null,
      );
    }
    return focusTables.get(specialty)!;
  };

  const primaryOf = new Int32Array(doctors.length);
  const secondaryOf = new Int32Array(doctors.length).fill(-1);
  doctors.forEach((d, i) => {
    const type = rng.weightedPick(typeTables[d.main]);
    const queue = queues.get(type)!;
    const k = next.get(type)!;
    const sameFocus = rng.chance(SAME_FOCUS_SHARE);
    if (k < queue.length) {
      primaryOf[i] = queue[k];
      next.set(type, k + 1);
      if (type === 'specialist-clinic') focus[queue[k]] = d.main;
    } else {
      const focused = type === 'specialist-clinic' && sameFocus ? focusTable(d.main) : null;
      primaryOf[i] = rng.weightedPick(focused ?? capacityTable(type)!);
    }
  });
  doctors.forEach((d, i) => {
    if (!rng.chance(SECOND_CLINIC_SHARE)) return;
    const type = rng.weightedPick(typeTables[d.main]);
    const sameCity = rng.chance(SAME_CITY_SHARE)
      ? capacityTable(type, clinics[primaryOf[i]].row.city)
      : null;
    const table = sameCity ?? capacityTable(type)!;
    for (let attempt = 0; attempt < 3; attempt++) {
      const c = rng.weightedPick(table);
      if (c !== primaryOf[i]) {
        secondaryOf[i] = c;
        return;
      }
    }
  });
  fillEmptyClinics(clinics, primaryOf, secondaryOf);

  const doctorClinics: DoctorClinicRow[] = [];
  doctors.forEach((d, i) => {
    doctorClinics.push({
      doctor_id: d.row.id,
      clinic_id: clinics[primaryOf[i]].row.id,
      is_primary: true,
    });
    if (secondaryOf[i] >= 0) {
      doctorClinics.push({
        doctor_id: d.row.id,
        clinic_id: clinics[secondaryOf[i]].row.id,
        is_primary: false,
      });
    }
  });
  return { doctorClinics, primaryOf, secondaryOf };
}

function typeTableFor(
  affinity: readonly number[],
  family: boolean,
  byType: Map<DemoClinicType, number[]>,
): WeightedTable<DemoClinicType> {
  const open = CLINIC_TYPES.filter((t, i) => affinity[i] > 0 && byType.get(t)!.length > 0);
  if (open.length > 0) return weightedTable(open, (t) => affinity[CLINIC_TYPES.indexOf(t)]);
  const fallback = (family ? FALLBACK_FAMILY : FALLBACK_SPECIALIST).find(
    (t) => byType.get(t)!.length > 0,
  );
  if (!fallback) throw new Error('Doctors need at least one clinic');
  return weightedTable([fallback], () => 1);
}

/** Moves a doctor from the most crowded clinic of the same type into each clinic left empty. */
function fillEmptyClinics(
  clinics: ClinicDraft[],
  primaryOf: Int32Array,
  secondaryOf: Int32Array,
): void {
  const primaries: number[][] = clinics.map(() => []);
  const occupied = new Uint8Array(clinics.length);
  primaryOf.forEach((c, d) => {
    primaries[c].push(d);
    occupied[c] = 1;
  });
  secondaryOf.forEach((c) => {
    if (c >= 0) occupied[c] = 1;
  });
  clinics.forEach((clinic, c) => {
    if (occupied[c]) return;
    let donor = -1;
    clinics.forEach((other, o) => {
      if (other.row.type !== clinic.row.type || primaries[o].length < 2) return;
      if (donor < 0 || primaries[o].length > primaries[donor].length) donor = o;
    });
    if (donor < 0) return;
    const d = primaries[donor].pop()!;
    primaryOf[d] = c;
    if (secondaryOf[d] === c) secondaryOf[d] = -1;
    primaries[c].push(d);
    occupied[c] = 1;
  });
}
