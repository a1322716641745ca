import { Injectable } from '@nestjs/common';
import { GeoPoint } from '../../domain/directory/criteria';
import {
  findStation,
  MAX_RADIUS_KM,
  parsePostalArea,
  ResolvedNear,
} from '../../domain/geo/location';
import { InvalidParamError } from '../../domain/shared/domain-error';
import { ReadCache } from '../shared/read-cache';
import { findPlaceName } from './place-names';
import { PostalAreaRepository } from './postal-area.repository';

/** A location as a client sends it: coordinates, or a place, and an optional radius. */
export interface LocationInput {
  readonly lat?: number;
  readonly lng?: number;
  readonly near?: string;
  readonly radiusKm?: number;
}

/** The point lists are ordered from (if any), the radius, and the place it came from. */
export interface ResolvedLocation {
  readonly point?: GeoPoint;
  readonly radiusKm?: number;
  /** Only when the client sent `near`. */
  readonly near?: ResolvedNear;
}

/** Centroids move only when the directory changes, which clears the cache. */
const CENTROID_TTL_MS = 10 * 60_000;

/**
 * `lat`/`lng`, or `near` (a postal code, its forward sortation area, a TTC subway station, or a
 * GTA place by name: issue 51, item 4), and `radiusKm` (issue 12). The same rules for REST and
 * MCP. A name is tried in this order: postal code, exact station name (as before places), then
 * findPlaceName (places, stations and misspellings of both).
 */
@Injectable()
export class ResolveLocationUseCase {
  constructor(
    private readonly areas: PostalAreaRepository,
    private readonly cache: ReadCache,
  ) {}

  async execute(input: LocationInput): Promise<ResolvedLocation> {
    const hasCoords = input.lat !== undefined || input.lng !== undefined;
    const place = input.near?.trim();
    if (input.near !== undefined && !place) {
      throw new InvalidParamError(
        'near must be a postal code, its first three characters, a subway station, or a GTA place.',
      );
    }
    if (hasCoords && place) {
      throw new InvalidParamError('Send either lat and lng or near, not both.');
    }
    if (input.radiusKm !== undefined) {
      if (!(input.radiusKm > 0 && input.radiusKm <= MAX_RADIUS_KM)) {
        throw new InvalidParamError(
          `radiusKm must be greater than 0 and at most ${MAX_RADIUS_KM}.`,
        );
      }
      if (!hasCoords && !place) {
        throw new InvalidParamError('radiusKm needs a location: lat and lng, or near.');
      }
    }
    if (hasCoords) {
      if (input.lat === undefined)
        throw new InvalidParamError('lat must be sent together with lng.');
      if (input.lng === undefined)
        throw new InvalidParamError('lng must be sent together with lat.');
      return { point: { lat: input.lat, lng: input.lng }, radiusKm: input.radiusKm };
    }
    if (!place) return {};
    const near = await this.resolvePlace(place);
    return { point: { lat: near.lat, lng: near.lng }, radiusKm: input.radiusKm, near };
  }

  private async resolvePlace(query: string): Promise<ResolvedNear> {
    const area = parsePostalArea(query);
    if (area) {
      const c = await this.cache.getOrLoad(`fsa:${area.fsa}`, CENTROID_TTL_MS, () =>
        this.areas.centroid(area.fsa),
      );
      if (!c) {
        throw new InvalidParamError(
          `The directory has no clinic in postal area ${area.fsa}: try a neighbouring area, a subway station, or lat and lng.`,
        );
      }
      return { query, lat: c.lat, lng: c.lng, kind: area.kind };
    }
    const station = findStation(query);
    if (station) return { query, lat: station.lat, lng: station.lng, kind: 'station' };
    const found = findPlaceName(query);
    const quoted = JSON.stringify(query.slice(0, 60));
    switch (found.type) {
      case 'place': {
        const { name, kind, lat, lng } = found.place;
        return { query, lat, lng, kind: 'place', name, category: kind };
      }
      case 'station': {
        const { name, lat, lng } = found.station;
        return { query, lat, lng, kind: 'station', name };
      }
      case 'ambiguous':
        throw new InvalidParamError(
          `near ${quoted} could mean several places: ${found.candidates.join('; ')}. Send one of these names, a postal code, or lat and lng.`,
        );
      case 'unknown':
        throw new InvalidParamError(
          `near ${quoted} is neither a Canadian postal code (or its first three characters), a TTC subway station nor a GTA place this service knows` +
            (found.suggestions.length
              ? `; the closest known: ${found.suggestions.join('; ')}.`
              : '.'),
        );
    }
  }
}
