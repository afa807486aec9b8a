import { queryOptions } from '@tanstack/react-query';
import type { CompanyInfo, Interests, Regions } from '@/lib/shared/schemas/reference';
import type { Settings } from '@/lib/shared/schemas/settings';
import type { User } from '@/lib/shared/schemas/user';
import type { ApiClient } from './api-client';
import { isAuthenticationRequired } from './errors';
import { queryKeys } from './keys';

export { queryKeys };

/** Settings for this page's host (the forced domain) and its query. */
export const settingsQuery = (api: ApiClient, params: Record<string, string> = {}) =>
  queryOptions({
    queryKey: queryKeys.settings,
    queryFn: async () => {
      const domain = typeof window === 'undefined' ? undefined : window.location.host;
      const { data } = await api.get<Settings>('settings.php', { params: { ...params, domain } });
      return data;
    },
    staleTime: 5 * 60_000,
  });

/** Loaded once per visit. */
export const companyInfoQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.companyInfo,
    queryFn: async () => (await api.get<CompanyInfo>('companyinfo.php')).data,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** Loaded once per visit. */
export const regionsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.regions,
    queryFn: async () => (await api.get<Regions>('regions.php')).data,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** Loaded once per visit. */
export const interestsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.interests,
    queryFn: async () => (await api.get<Interests>('interests.php')).data,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** The logged-in member, or null for a visitor. */
export const userQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.user,
    queryFn: async (): Promise<User | null> => {
      try {
        return (await api.get<{ user: User }>('user.php')).data.user;
      } catch (error) {
        if (isAuthenticationRequired(error)) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
