import { mutationOptions, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { OwnProfile, ProfileUpdate } from '@/lib/shared/schemas/profile';
import type { ApiClient } from './api-client';
import { useApi } from './api-context';
import { useCacheUpdates } from './cache-updates';
import { profileKeys } from './keys';

/** `GET /api/profile.php`: the member's own profile. */
export const profileQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: profileKeys.profile,
    queryFn: async () => (await api.get<OwnProfile>('profile.php')).data,
  });

/** `PUT /api/profile.php`: saves the fields given (absent: unchanged, null: cleared); answers the whole profile. */
export const updateProfileMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: profileKeys.update,
    mutationFn: async (changes: ProfileUpdate) => (await api.put<OwnProfile>('profile.php', changes)).data,
  });

export const useProfile = () => useQuery(profileQuery(useApi()));

/**
 * Saves profile changes; every component showing the profile sees the saved one at once, and the
 * member (whose country the navigation shows) is read again.
 */
export function useUpdateProfile() {
  const updates = useCacheUpdates();
  return useMutation({
    ...updateProfileMutation(useApi()),
    onSuccess: (profile, changes) => updates.profileSaved(profile, changes),
  });
}
