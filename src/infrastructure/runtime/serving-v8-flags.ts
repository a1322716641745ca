import { setFlagsFromString } from 'node:v8';

/**
 * V8 settings of a serving process (issue 14, item 6), applied by importing this module first.
 *
 * `--no-allocation-site-pretenuring`: V8 allocates straight into the old generation the objects of
 * any allocation site whose objects it once saw surviving young collections. A serving process
 * teaches it that about `pg`'s row objects during its first requests (measured: every instance
 * started under load had tenured them), and from then on every page's rows were born old, so all
 * their values (strings, arrays, dates) survived each young collection through them and were
 * copied and promoted: 1.7 MB promoted and 8-11 ms of pause per young collection, about
 * 130 µs of CPU per list request. The directory's long-lived data is small (caches of totals,
 * names, keys), so nothing here needs pretenuring.
 */
export const SERVING_V8_FLAGS: readonly string[] = ['--no-allocation-site-pretenuring'];

for (const flag of SERVING_V8_FLAGS) setFlagsFromString(flag);
