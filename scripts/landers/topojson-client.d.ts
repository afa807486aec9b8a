// The part of topojson-client (which ships no types) that the map data script uses.
declare module 'topojson-client' {
  interface CountryFeature {
    id?: string | number;
    geometry:
      | { type: 'Polygon'; coordinates: [number, number][][] }
      | { type: 'MultiPolygon'; coordinates: [number, number][][][] }
      | { type: string; coordinates: unknown };
  }
  export function feature(topology: object, object: object): { features: CountryFeature[] };
}
