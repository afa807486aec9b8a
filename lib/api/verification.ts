import { mutationOptions, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { VerificationStateView } from '@/lib/shared/schemas/verification';
import type { ApiClient } from './api-client';
import { useApi } from './api-context';
import { useCacheUpdates } from './cache-updates';
import { verificationKeys } from './keys';

/** A selfie upload on a slow phone connection may take longer than the client's usual 30 s. */
const SELFIE_TIMEOUT_MS = 2 * 60_000;

/** `GET /api/verification.php`: where the member's photo verification stands. */
export const verificationQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: verificationKeys.state,
    queryFn: async () => (await api.get<VerificationStateView>('verification.php')).data,
  });

/** `POST /api/verification.php`: asks to be verified; the answer names the pose to copy. */
export const startVerificationMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: verificationKeys.start,
    mutationFn: async () => (await api.post<VerificationStateView>('verification.php', {})).data,
  });

/**
 * `POST /api/verification-selfie.php` (multipart, field `selfie`): sends the selfie. Never retried:
 * a retry after a lost answer would find the request already waiting.
 */
export const sendSelfieMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: verificationKeys.selfie,
    mutationFn: async (selfie: Blob) => {
      const body = new FormData();
      body.append('selfie', selfie, 'selfie.jpg');
      const { data } = await api.post<VerificationStateView>('verification-selfie.php', body, {
        timeout: SELFIE_TIMEOUT_MS,
        'axios-retry': { retries: 0 },
      });
      return data;
    },
  });

export const useVerification = (isEnabled = true) =>
  useQuery({ ...verificationQuery(useApi()), enabled: isEnabled });

/** Every step answers the new state, which replaces the cached one. */
export function useStartVerification() {
  const updates = useCacheUpdates();
  return useMutation({
    ...startVerificationMutation(useApi()),
    onSuccess: (state) => updates.verificationChanged(state),
  });
}

export function useSendSelfie() {
  const updates = useCacheUpdates();
  return useMutation({
    ...sendSelfieMutation(useApi()),
    onSuccess: (state) => updates.verificationChanged(state),
  });
}
