import maps from './lander-maps.json';
import { placeKey } from './values/landers';

/**
 * A served country as the map lander draws it (lander-maps.json, made by `npm run landers:map` from
 * Natural Earth outlines and the offline gazetteer): a simplified outline in the country's own frame
 * of `width` × `height` units (far-off parts such as Alaska or the Canary Islands as insets), and a
 * point per region where its people live.
 */
export interface LanderMap {
  width: number;
  height: number;
  /** The outline as an SVG path (even-odd fill). */
  outline: string;
  /** Frames around the insets, as an SVG path, or null. */
  insetFrames: string | null;
  /** The outline's extent in degrees: west, south, east, north. */
  bbox: readonly [number, number, number, number];
  /** Per region code (ISO 3166-2, as in the regions table): its point in the frame and in degrees. */
  regions: Readonly<Record<string, { x: number; y: number; lon: number; lat: number }>>;
}

interface StoredMap {
  w: number;
  h: number;
  d: string;
  f?: string;
  bbox: number[];
  regions: Record<string, number[]>;
}

const STORED = maps as Record<string, StoredMap>;

/** The map of a served country, or null for a country without one. */
export function landerMap(country: string): LanderMap | null {
  const stored = Object.hasOwn(STORED, country) ? STORED[country] : undefined;
  if (!stored) return null;
  const [west = 0, south = 0, east = 0, north = 0] = stored.bbox;
  return {
    width: stored.w,
    height: stored.h,
    outline: stored.d,
    insetFrames: stored.f ?? null,
    bbox: [west, south, east, north],
    regions: Object.fromEntries(
      Object.entries(stored.regions).map(([code, [x = 0, y = 0, lon = 0, lat = 0]]) => [
        code,
        { x, y, lon, lat },
      ]),
    ),
  };
}

/** The countries that have a map. */
export const LANDER_MAP_COUNTRIES: readonly string[] = Object.keys(STORED);

/** The members of one region on the map (or, with `code` null, those of no region on it). */
export interface MapGroup<M> {
  code: string | null;
  name: string | null;
  /** The region's point in the map's frame; null for the group of members without one. */
  point: { x: number; y: number } | null;
  members: M[];
}

/**
 * Members grouped by the region of their profile (a name, as the regions table spells it), for the
 * pins and the list: the highlighted region first, then the regions with most members, then the
 * members whose region the map does not have.
 */
export function groupByRegion<M extends { region: string | null }>(options: {
  members: readonly M[];
  regions: readonly { code: string; name: string }[];
  map: LanderMap;
  highlight?: string | null;
}): MapGroup<M>[] {
  const byName = new Map(options.regions.map((region) => [placeKey(region.name), region]));
  const groups = new Map<string, MapGroup<M>>();
  const elsewhere: M[] = [];
  for (const member of options.members) {
    const region = member.region ? byName.get(placeKey(member.region)) : undefined;
    const point = region ? options.map.regions[region.code] : undefined;
    if (!region || !point) {
      elsewhere.push(member);
      continue;
    }
    const group = groups.get(region.code) ?? {
      code: region.code,
      name: region.name,
      point: { x: point.x, y: point.y },
      members: [],
    };
    group.members.push(member);
    groups.set(region.code, group);
  }
  const sorted = [...groups.values()].sort(
    (a, b) =>
      Number(b.code === options.highlight) - Number(a.code === options.highlight) ||
      b.members.length - a.members.length,
  );
  return elsewhere.length ? [...sorted, { code: null, name: null, point: null, members: elsewhere }] : sorted;
}
