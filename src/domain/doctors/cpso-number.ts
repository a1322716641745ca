/**
 * CPSO registration numbers are short strings of digits (five to seven today). Anything else
 * cannot name a doctor, so it is answered "not found" without asking the database.
 */
const CPSO_SHAPE = /^\d{1,10}$/;

export function isCpsoNumberShape(value: string): boolean {
  return CPSO_SHAPE.test(value);
}
