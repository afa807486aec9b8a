import maps from './lander-maps.json';

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
