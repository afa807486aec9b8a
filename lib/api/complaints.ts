import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AxiosError, AxiosRequestConfig } from 'axios';
import type { ComplaintCreated, ComplaintInput } from '@/lib/shared/schemas/complaints';
import type { OwnComplaints } from '@/lib/shared/schemas/moderation';
import type { ApiClient } from './api-client';
import { useApi } from './api-context';
import { complaintKeys } from './keys';

/** A complaint is sent once: retried after network failures only, never after a refusal. */
const NO_RETRY_ON_REFUSAL: AxiosRequestConfig = {
  'axios-retry': {
    retryCondition: (error: AxiosError) => !error.response && error.code !== 'ECONNABORTED',
  },
};

/** `POST /api/complaint.php`: store a complaint; the reporter gets a mailed receipt with the reference. */
export const complaintMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: complaintKeys.submit,
    mutationFn: async (input: ComplaintInput) =>
      (await api.post<ComplaintCreated>('complaint.php', input, NO_RETRY_ON_REFUSAL)).data,
  });

/** A new complaint shows in the reporter's list of their complaints. */
export function useSubmitComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    ...complaintMutation(useApi()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: complaintKeys.own }),
  });
}

/** `GET /api/complaints.php`: the member's complaints and where each stands. */
export const ownComplaintsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: complaintKeys.own,
    queryFn: async () => (await api.get<OwnComplaints>('complaints.php')).data,
  });

export const useOwnComplaints = () => useQuery(ownComplaintsQuery(useApi()));
