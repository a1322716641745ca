import { Bits, eachBit } from './bitset';

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

  /** The language ids of the offering of specialty `s` at clinic position `c`. */
  of(c: number, s: number): number[] {
    const m = this.masks.get(c * 4096 + s) ?? 0;
    const ids: number[] = [];
    for (let id = 0; id < MASK_IDS; id++) if (m & (1 << id)) ids.push(id);
    return ids;
  }
}
