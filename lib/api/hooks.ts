'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { regionsOf, type Region } from '@/lib/shared/regions';
import { useApi } from './api-context';
import {
  companyInfoQuery,
  interestsQuery,
  queryKeys,
  regionsQuery,
  settingsQuery,
  userQuery,
} from './queries';

export const useSettings = () => useQuery(settingsQuery(useApi()));
export const useCompanyInfo = () => useQuery(companyInfoQuery(useApi()));
export const useRegions = () => useQuery(regionsQuery(useApi()));
export const useInterests = () => useQuery(interestsQuery(useApi()));
export const useUser = () => useQuery(userQuery(useApi()));

/**
 * The regions of one country: from the whole list when it is loaded, else from what the page
 * brought for that country (`queryKeys.countryRegions`), else the whole list is loaded now.
 * Undefined without a country or while loading.
 */
export function useCountryRegions(country: string | undefined): Region[] | undefined {
  const brought = useQueryClient().getQueryData<Region[]>(queryKeys.countryRegions(country ?? ''));
  const { data } = useQuery({
    ...regionsQuery(useApi()),
    enabled: country !== undefined && brought === undefined,
  });
  if (country === undefined) return undefined;
  return (data && regionsOf(data, country)) ?? brought;
}
