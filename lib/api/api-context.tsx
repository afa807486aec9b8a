'use client';

import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { createLazyApiClient, type ApiClient } from './api-client';
import type { ApiClientOptions } from './client';
import { cacheUpdates } from './cache-updates';
import { queryKeys } from './queries';

const ApiContext = createContext<ApiClient | null>(null);

/**
 * Provides the API client, wired to the session: a refused logged-in call logs the member out
 * silently (spec §8) by ending the server session and forgetting the member.
 */
export function ApiProvider(props: { children: ReactNode; retryDelay?: ApiClientOptions['retryDelay'] }) {
  const queryClient = useQueryClient();
  const [client] = useState(() => {
    const api: ApiClient = createLazyApiClient({
      retryDelay: props.retryDelay,
      isLoggedIn: () => queryClient.getQueryData(queryKeys.user) != null,
      onAuthenticationRequired: () => {
        cacheUpdates(queryClient).loggedOut();
        void api.post('logout.php').catch(() => undefined);
      },
    });
    return api;
  });
  return <ApiContext.Provider value={client}>{props.children}</ApiContext.Provider>;
}

export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi must be used inside ApiProvider');
  return client;
}
