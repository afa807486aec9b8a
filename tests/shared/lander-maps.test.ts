import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REGIONS } from '@/lib/server/db/seed-data/regions';
import { SERVED_COUNTRIES } from '@/lib/shared/constants';
import { groupByRegion, landerMap, type LanderMap } from '@/lib/shared/lander-maps';
import { placeKey } from '@/lib/shared/values/landers';

/** The rings of an outline path as the map script writes it: `M x y`, relative `l` steps, `z`. */
function ringsOf(outline: string): [number, number][][] {
  return outline
    .split('z')
    .filter(Boolean)
    .map((ring) => {
      const match = /^M(-?\d+) (-?\d+)l(.*)$/.exec(ring);
      if (!match) throw new Error(`Unexpected ring ${ring.slice(0, 40)}`);
      let x = Number(match[1]);
      let y = Number(match[2]);
      const points: [number, number][] = [[x, y]];
      const numbers = (match[3] ?? '').match(/-?\d+/g)?.map(Number) ?? [];
      for (let i = 0; i + 1 < numbers.length; i += 2) {
        x += numbers[i] ?? 0;
        y += numbers[i + 1] ?? 0;
        points.push([x, y]);
      }
      return points;
    });
}

function inside(rings: [number, number][][], x: number, y: number): boolean {
  let isInside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i] ?? [0, 0];
      const [xj, yj] = ring[j] ?? [0, 0];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) isInside = !isInside;
    }
  }
  return isInside;
}

describe('the map lander’s shipped map data', () => {
  it('has an outline for every served country, inside its frame', () => {
    for (const country of SERVED_COUNTRIES) {
      const map = landerMap(country);
      expect(map, country).not.toBeNull();
      const { width, height, outline } = map as LanderMap;
      expect(width, country).toBeGreaterThan(300);
      expect(height, country).toBeGreaterThan(300);
      const rings = ringsOf(outline);
      expect(rings.length, country).toBeGreaterThan(0);
      for (const [x, y] of rings.flat()) {
        expect(x >= 0 && x <= width && y >= 0 && y <= height, `${country} ${x},${y}`).toBe(true);
      }
    }
  });

  it('places every region of the reference data inside its country’s bounding box and frame', () => {
    for (const region of REGIONS) {
      const map = landerMap(region.country) as LanderMap;
      const point = map.regions[region.code];
      expect(point, region.code).toBeDefined();
      if (!point) continue;
      const [west, south, east, north] = map.bbox;
      expect(point.lon >= west && point.lon <= east, `${region.code} longitude ${point.lon}`).toBe(true);
      expect(point.lat >= south && point.lat <= north, `${region.code} latitude ${point.lat}`).toBe(true);
      expect(point.x >= 0 && point.x <= map.width && point.y >= 0 && point.y <= map.height, region.code).toBe(
        true,
      );
    }
  });

  it('puts nearly every region point on land', () => {
    // Ceuta and Melilla lie on the African coast, which the map of Spain does not draw.
    const offshore = REGIONS.filter((region) => {
      const map = landerMap(region.country) as LanderMap;
      const point = map.regions[region.code];
      return point && !inside(ringsOf(map.outline), point.x, point.y);
    }).map((region) => region.code);
    expect(offshore.filter((code) => !['ES-CE', 'ES-ML'].includes(code))).toEqual([]);
  });

  it('stays small: tens of kB in all, a few kB per country', () => {
    const bytes = fs.statSync(path.resolve(import.meta.dirname, '../../lib/shared/lander-maps.json')).size;
    expect(bytes).toBeLessThan(64 * 1024);
    for (const country of SERVED_COUNTRIES) {
      expect((landerMap(country) as LanderMap).outline.length, country).toBeLessThan(9 * 1024);
    }
  });

  it('has no map for a country it does not serve', () => {
    expect(landerMap('XX')).toBeNull();
    expect(landerMap('toString')).toBeNull();
  });
});

describe('members on the map', () => {
  const nl = landerMap('NL') as LanderMap;
  const regions = REGIONS.filter((r) => r.country === 'NL');
  const member = (id: number, region: string | null) => ({ id, region });

  it('groups members by their region, most members first, the marked region before all', () => {
    const members = [
      member(1, 'Utrecht'),
      member(2, 'Noord-Holland'),
      member(3, 'Noord-Holland'),
      member(4, 'Zeeland'),
      member(5, null),
      member(6, 'Atlantis'),
    ];
    const groups = groupByRegion({ members, regions, map: nl });
    expect(groups.map((g) => g.code)).toEqual(['NL-NH', 'NL-UT', 'NL-ZE', null]);
    expect(groups[0]?.members.map((m) => m.id)).toEqual([2, 3]);
    expect(groups[0]?.point).toEqual({ x: nl.regions['NL-NH']?.x, y: nl.regions['NL-NH']?.y });
    // Members of no region on the map are listed last, without a pin.
    expect(groups.at(-1)).toMatchObject({ code: null, point: null });
    expect(groups.at(-1)?.members.map((m) => m.id)).toEqual([5, 6]);

    const marked = groupByRegion({ members, regions, map: nl, highlight: 'NL-ZE' });
    expect(marked.map((g) => g.code)).toEqual(['NL-ZE', 'NL-NH', 'NL-UT', null]);
  });

  it('reads region and town names as campaign slugs spell them', () => {
    expect(placeKey('Noord-Holland')).toBe(placeKey('noord holland'));
    expect(placeKey('Île-de-France')).toBe('ile de france');
    expect(placeKey('Fryslân')).toBe(placeKey('fryslan'));
    expect(placeKey("Provence-Alpes-Côte d'Azur")).toBe('provence alpes cote d azur');
  });
});
