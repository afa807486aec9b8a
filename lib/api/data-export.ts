'use client';

import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AxiosError, AxiosRequestConfig } from 'axios';
import type { DataExportLink, DataExportState } from '@/lib/shared/schemas/data-export';
import type { ApiClient } from './api-client';
import { useApi } from './api-context';
import { dataExportKeys } from './keys';

/** How often a copy being prepared is asked about again. */
export const DATA_EXPORT_POLL_MS = 2_000;

/** Asking for a copy is retried after network failures only: a 429 means "not yet". */
const NO_RETRY_ON_LIMIT: AxiosRequestConfig = {
  'axios-retry': {
    retryCondition: (error: AxiosError) => !error.response && error.code !== 'ECONNABORTED',
  },
};

/** `GET /api/data-export.php`: the member's latest copy of their data. */
export const dataExportQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: dataExportKeys.state,
    queryFn: async () => (await api.get<DataExportState>('data-export.php')).data,
  });

/** `POST /api/data-export.php`: ask for a copy; answers its state (being prepared). */
export const requestDataExportMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: dataExportKeys.request,
    mutationFn: async () =>
      (await api.post<DataExportState>('data-export.php', undefined, NO_RETRY_ON_LIMIT)).data,
  });

/** `POST /api/data-export-link.php`: a one-time download address for the ready copy. */
export const dataExportLinkMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: dataExportKeys.link,
    mutationFn: async () =>
      (await api.post<DataExportLink>('data-export-link.php', undefined, NO_RETRY_ON_LIMIT)).data,
  });

/** The member's copy of their data; asked again every two seconds while it is being prepared. */
export function useDataExport() {
  return useQuery({
    ...dataExportQuery(useApi()),
    refetchInterval: (query) => (query.state.data?.status === 'preparing' ? DATA_EXPORT_POLL_MS : false),
  });
}

/** Asks for a copy of the member's data; the answer replaces the cached state. */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    ...requestDataExportMutation(useApi()),
    onSuccess: (state) => queryClient.setQueryData(dataExportKeys.state, state),
  });
}

export const useDataExportLink = () => useMutation(dataExportLinkMutation(useApi()));
