import { Bits, eachBit } from './bitset';

/** A practising doctor of a clinic (by position), with its specialty and language ids. */
export interface OfferingDoctor {
  readonly clinic: number;
  readonly specialties: readonly number[];
  readonly languages: readonly number[];
}

/** Language ids a 32-bit mask holds (the directory has 26 languages). */
const MASK_IDS = 32;

/**
 * The languages of each specialist offering (clinic, specialty): those of the clinic's doctors
 * who practise the specialty, as the specialists' page statement reads them from
 * clinic_doctor_search (issue 32: the page then reads no doctor rows for them). Built once per
 * copy of the columns from each doctor's clinics, specialties and languages, as a mask of
 * language ids per offering, keyed clinic position x 4096 + specialty id. Undefined when a
 * language id does not fit the mask (the statement reads them then).
 */
export class OfferingLanguages {
  private constructor(private readonly masks: Map<number, number>) {}

  static build(d: {
    readonly n: number;
    readonly specialties: ReadonlyMap<number, Bits>;
    readonly languages: ReadonlyMap<number, Bits>;
    readonly doctorClinics: { readonly start: Int32Array; readonly clinics: Int32Array };
  }): OfferingLanguages | undefined {
    if ([...d.languages.keys()].some((id) => id < 0 || id >= MASK_IDS)) return undefined;
    const mask = new Uint32Array(d.n);
    for (const [id, bits] of d.languages) eachBit(bits, (i) => (mask[i] |= 1 << id));
    const masks = new Map<number, number>();
    const { start, clinics } = d.doctorClinics;
    for (const [s, bits] of d.specialties)
      eachBit(bits, (i) => {
        for (let k = start[i]; k < start[i + 1]; k++) {
          const key = clinics[k] * 4096 + s;
          masks.set(key, ((masks.get(key) ?? 0) | mask[i]) >>> 0);
        }
      });
    return new OfferingLanguages(masks);
  }

  /**
   * The offerings of `clinics` (positions) computed again from `doctors`, the pairs of those
   * clinics and their practising doctors as clinic_doctor_search has them now (a change applied
   * in place), as the specialists' page statement reads them. False when a language id does not
   * fit the mask.
   */
  replace(
    clinics: Iterable<number>,
    specialtyIds: Iterable<number>,
    doctors: readonly OfferingDoctor[],
  ): boolean {
    if (doctors.some((x) => x.languages.some((id) => id < 0 || id >= MASK_IDS))) return false;
    const ids = [...specialtyIds];
    for (const c of clinics) for (const s of ids) this.masks.delete(c * 4096 + s);
    for (const { clinic: c, specialties, languages } of doctors) {
      let mask = 0;
      for (const id of languages) mask |= 1 << id;
      for (const s of specialties) {
        const key = c * 4096 + s;
        this.masks.set(key, ((this.masks.get(key) ?? 0) | mask) >>> 0);
      }
    }
    return true;
  }

  /** The language ids of the offering of specialty `s` at clinic position `c`. */
  of(c: number, s: number): number[] {
    const m = this.masks.get(c * 4096 + s) ?? 0;
    const ids: number[] = [];
    for (let id = 0; id < MASK_IDS; id++) if (m & (1 << id)) ids.push(id);
    return ids;
  }
}
