import { QueryClient, isServer } from '@tanstack/react-query';

/** React Query's own retries stay off: the HTTP client already retries 5 times. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
}

let browserClient: QueryClient | undefined;

/** A new client for every server render; one for the whole visit in the browser. */
export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserClient ??= makeQueryClient();
  return browserClient;
}
