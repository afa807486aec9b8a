'use client';

import { HydrationBoundary, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ApiProvider } from '@/lib/api/api-context';
import { createLazyApiClient } from '@/lib/api/api-client';
import { userQuery } from '@/lib/api/queries';
import { getQueryClient } from '@/lib/api/query-client';
import { PageHolesProvider } from './page-holes';

/**
 * Client-side providers. With API mocking on (QA mode), the mocked `.php` endpoints start before
 * anything renders and the server's prefetched data is ignored, so every call goes to the mocks.
 */
export function AppProviders(props: {
  children: ReactNode;
  dehydratedState?: DehydratedState;
  isApiMocking: boolean;
  /** The page was rendered once for the viewer's class: the viewer's own data comes as its holes. */
  hasHoles?: boolean;
}) {
  const queryClient = getQueryClient();
  const [isReady, setReady] = useState(!props.isApiMocking);

  useEffect(() => {
    // Marks the page as interactive, for browser tests and tools that must not act before it is.
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  useEffect(() => {
    if (!props.isApiMocking) return;
    void import('@/lib/api/mocks/browser').then(async ({ startMockWorker }) => {
      await startMockWorker();
      // With no server-side session in this mode, the mocked session is known before rendering.
      await queryClient.prefetchQuery(userQuery(createLazyApiClient()));
      setReady(true);
    });
  }, [props.isApiMocking, queryClient]);

  return (
    <QueryClientProvider client={queryClient}>
      <HydrationBoundary state={props.isApiMocking ? undefined : props.dehydratedState}>
        <PageHolesProvider hasHoles={props.hasHoles ?? false}>
          <ApiProvider>{isReady ? props.children : null}</ApiProvider>
        </PageHolesProvider>
      </HydrationBoundary>
    </QueryClientProvider>
  );
}
