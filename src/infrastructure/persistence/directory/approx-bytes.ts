/** What one entry of a Map costs besides its key and value: the slot, the entry object, a promise. */
export const ENTRY_OVERHEAD_BYTES = 160;

/** At most this many values of one structure are walked: past it, the rest count as the average. */
const MAX_WALKED = 10_000;

/**
 * An estimate, in bytes, of the heap a value holds: strings at two bytes a character (the worst
 * case of V8's string representations), numbers and booleans at 8, arrays, plain objects, Maps
 * and Sets by their members (a large collection by a sample of its first MAX_WALKED members),
 * binary data by its length, a function at a fixed 64 (what it closes over is not seen). Shared
 * members are counted each time they are reached; cycles once.
 */
export function approxBytes(value: unknown, seen: Set<object> = new Set()): number {
  switch (typeof value) {
    case 'string':
      return 16 + 2 * value.length;
    case 'number':
    case 'boolean':
    case 'undefined':
    case 'symbol':
      return 8;
    case 'bigint':
      return 16 + Math.ceil(value.toString(16).length / 2);
    case 'function':
      return 64;
  }
  if (value === null) return 8;
  const obj = value as object;
  if (seen.has(obj)) return 8;
  seen.add(obj);
  if (ArrayBuffer.isView(obj)) return 64 + obj.byteLength;
  if (obj instanceof ArrayBuffer) return 32 + obj.byteLength;
  if (obj instanceof Date) return 32;
  if (Array.isArray(obj)) return 32 + 8 * obj.length + members(obj, obj.length, seen);
  if (obj instanceof Map) {
    const pairs = (function* () {
      for (const [k, v] of obj) {
        yield k;
        yield v;
      }
    })();
    return 64 + 24 * obj.size + members(pairs, 2 * obj.size, seen);
  }
  if (obj instanceof Set) return 64 + 16 * obj.size + members(obj, obj.size, seen);
  const keys = Object.keys(obj);
  const own = obj as Record<string, unknown>;
  return (
    32 +
    8 * keys.length +
    members(
      (function* () {
        for (const k of keys) {
          yield k;
          yield own[k];
        }
      })(),
      2 * keys.length,
      seen,
    )
  );
}

/** The members' bytes: each of the first MAX_WALKED, the rest at their average. */
function members(items: Iterable<unknown>, count: number, seen: Set<object>): number {
  let bytes = 0;
  let walked = 0;
  for (const x of items) {
    if (walked === MAX_WALKED) break;
    bytes += approxBytes(x, seen);
    walked++;
  }
  return walked === 0 ? 0 : walked === count ? bytes : Math.ceil((bytes / walked) * count);
}
