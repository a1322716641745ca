/**
 * Uuids held as four 32-bit words (16 bytes a row, where a string is about 80), in PostgreSQL's
 * order (a uuid compares byte by byte: word by word, unsigned), and text of one meaning.
 */

/** A uuid as four 32-bit words. */
export function idWords(uuid: string): [number, number, number, number] {
  const hex = uuid.replace(/-/g, '');
  return [0, 8, 16, 24].map((a) => parseInt(hex.slice(a, a + 8), 16)) as [
    number,
    number,
    number,
    number,
  ];
}

/** Row `i`'s uuid of `words` (four a row), as PostgreSQL writes it. */
export function uuidAt(words: Uint32Array, i: number): string {
  const h = (w: number) => words[4 * i + w].toString(16).padStart(8, '0');
  const s = h(0) + h(1) + h(2) + h(3);
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/**
 * Text JavaScript orders as PostgreSQL's "C" collation (UTF-8 bytes) and matches piece by piece
 * as LIKE does: no surrogate pairs. Cursors and fragments with them are read from SQL.
 */
export const C_ORDERED = /^[^\uD800-\uDFFF]*$/;
