'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AxiosRequestConfig } from 'axios';
import { useOperatorApi } from '@/lib/api/operator-api';
import type { SitesOverview } from '@/lib/shared/schemas/operator-sites';

const ONCE: AxiosRequestConfig = { 'axios-retry': { retries: 0 } };

export const sitesKeys = { overview: ['operator', 'sites'] as const };

/** `GET /api/operator/sites.php`: the sites' settings, the bundles and the discount codes. */
export function useSitesOverview() {
  const api = useOperatorApi();
  return useQuery({
    queryKey: sitesKeys.overview,
    queryFn: async () => (await api.get<SitesOverview>('sites.php')).data,
  });
}

/** A change on the sites page (PUT or POST to `path`); the page's data loads again after it. */
export function useSitesChange<Input>(method: 'put' | 'post', path: string) {
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => (await api[method]<unknown>(path, input, ONCE)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sitesKeys.overview }),
  });
}
