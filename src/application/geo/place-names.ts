import { GTA_PLACES, GtaPlace, PLACE_GROUPS, PlaceGroup } from '../../domain/geo/gta-places';
import { SubwayStation, TTC_SUBWAY_STATIONS } from '../../domain/geo/ttc-subway-stations';
import { editDistance, foldKey, foldWords } from '../shared/text-fold';

/** What a name can point at: a TTC station, a place, or a group of places. */
type Target =
  | { readonly type: 'station'; readonly station: SubwayStation }
  | { readonly type: 'place'; readonly place: GtaPlace }
  | { readonly type: 'group'; readonly group: PlaceGroup };

/** How a `near` name was understood (after postal codes and exact station names). */
export type PlaceNameMatch =
  | { readonly type: 'station'; readonly station: SubwayStation }
  | { readonly type: 'place'; readonly place: GtaPlace }
  | { readonly type: 'ambiguous'; readonly candidates: readonly string[] }
  | { readonly type: 'unknown'; readonly suggestions: readonly string[] };

/** How many edits a misspelling of a name of this many folded letters may have. */
export function typosAllowed(keyLength: number): number {
  return keyLength >= 9 ? 2 : keyLength >= 5 ? 1 : 0;
}

/** The name a candidate is listed by: a station says it is one. */
function label(t: Target): string {
  if (t.type === 'station') return `${t.station.name} (TTC station)`;
  return t.type === 'place' ? t.place.name : t.group.name;
}

/** The names a target stands for in a list of candidates: a group, its members. */
function candidateNames(t: Target): string[] {
  return t.type === 'group' ? [...t.group.members] : [label(t)];
}

const byKey = new Map<string, Target[]>();
function add(name: string, target: Target): void {
  const key = foldKey(name);
  if (!key) return;
  const list = byKey.get(key) ?? [];
  if (!list.some((x) => label(x) === label(target))) list.push(target);
  byKey.set(key, list);
}
for (const station of TTC_SUBWAY_STATIONS) add(station.name, { type: 'station', station });
for (const place of GTA_PLACES) {
  for (const name of [place.name, ...place.aliases]) add(name, { type: 'place', place });
}
for (const group of PLACE_GROUPS) {
  for (const name of [group.name, ...group.aliases]) add(name, { type: 'group', group });
}
const KEYS = [...byKey.keys()];

/** A key's targets, a station first: stations keep precedence over places of the same name. */
function resolveKey(targets: readonly Target[]): PlaceNameMatch {
  const station = targets.find((x) => x.type === 'station');
  if (station?.type === 'station') return { type: 'station', station: station.station };
  if (targets.length === 1 && targets[0].type === 'place') {
    return { type: 'place', place: targets[0].place };
  }
  return { type: 'ambiguous', candidates: [...new Set(targets.flatMap(candidateNames))] };
}

/** The query's folded key, and without a trailing or leading "station" when it has one. */
function queryKeys(query: string): string[] {
  const words = foldWords(query);
  const keys = [words.join('')];
  const bare = words.filter((w, i) => !(w === 'station' && (i === 0 || i === words.length - 1)));
  if (bare.length && bare.length < words.length) keys.push(bare.join(''));
  return keys.filter((k) => k.length > 0);
}

/**
 * A GTA place (or a TTC station) by name, as people type it (issue 51, item 4): by foldKey
 * (case, accents, punctuation and spaces), with or without "station"; then a close misspelling
 * (one edit for names of 5 to 8 folded letters, two from 9) when the closest names all mean one
 * place. A name shared by several places, a group (a hospital network) or a misspelling as
 * close to two names is `ambiguous`, with the candidates; anything else is `unknown`, with the
 * closest names known.
 */
export function findPlaceName(query: string): PlaceNameMatch {
  const keys = queryKeys(query);
  for (const key of keys) {
    const exact = byKey.get(key);
    if (exact) return resolveKey(exact);
  }
  let best = Infinity;
  let closest: Target[] = [];
  for (const known of KEYS) {
    const allowed = Math.min(typosAllowed(known.length), best);
    if (allowed === 0) continue;
    for (const key of keys) {
      const dist = editDistance(key, known, allowed);
      if (dist > allowed) continue;
      if (dist < best) {
        best = dist;
        closest = [];
      }
      for (const t of byKey.get(known)!) {
        if (!closest.some((x) => label(x) === label(t))) closest.push(t);
      }
    }
  }
  if (closest.length) {
    // closest holds each place once, however many of its names (name, aliases) were as close.
    if (closest.length === 1) return resolveKey(closest);
    return { type: 'ambiguous', candidates: [...new Set(closest.flatMap(candidateNames))] };
  }
  return { type: 'unknown', suggestions: suggest(keys[0] ?? '') };
}

/** Up to three known names closest to an unknown one: names it begins, then by edits. */
function suggest(key: string, count = 3): string[] {
  if (!key) return [];
  const max = Math.min(8, Math.max(2, Math.ceil(key.length * 0.4)));
  const scored: { score: number; name: string }[] = [];
  for (const known of KEYS) {
    let score: number;
    if (key.length >= 3 && known.startsWith(key)) score = 0;
    else {
      const dist = editDistance(key, known, max);
      if (dist > max) continue;
      score = dist;
    }
    for (const t of byKey.get(known)!) scored.push({ score, name: label(t) });
  }
  scored.sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  return [...new Set(scored.map((x) => x.name))].slice(0, count);
}
