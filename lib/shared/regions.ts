import type { Regions } from './schemas/reference';

export type Region = Regions['countries'][number]['regions'][number];

/** One country's regions from the list of every served country's; undefined for a country not in it. */
export function regionsOf(regions: Regions, country: string): Region[] | undefined {
  return regions.countries.find((c) => c.country === country)?.regions;
}
