'use client';

import { QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { createLazyApiClient } from '@/lib/api/api-client';
import { OperatorApiContext, operatorApiError, operatorKeys, useOperatorApi } from '@/lib/api/operator-api';
import { makeQueryClient } from '@/lib/api/query-client';
import type { Operator } from '@/lib/shared/schemas/operators';
import { ConsoleFrame } from './console-frame';
import { ConsoleLogin } from './console-login';
import { rememberConsoleLocale } from './console-locale';

/** The console's providers: its own query cache and API client, then the door or the console. */
export function ConsoleRoot(props: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [api] = useState(() =>
    createLazyApiClient({
      baseURL: '/api/operator/',
      isLoggedIn: () => queryClient.getQueryData(operatorKeys.session) != null,
      // A session that ended (logged out elsewhere, expired) shows the door again.
      onAuthenticationRequired: () => queryClient.setQueryData(operatorKeys.session, null),
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <OperatorApiContext.Provider value={api}>
        <ConsoleGate>{props.children}</ConsoleGate>
      </OperatorApiContext.Provider>
    </QueryClientProvider>
  );
}

function ConsoleGate(props: { children: ReactNode }) {
  const t = useTranslations('OperatorConsole');
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  const locale = useLocale();
  const router = useRouter();
  const session = useQuery({
    queryKey: operatorKeys.session,
    queryFn: async (): Promise<Operator | null> => {
      try {
        return (await api.get<Operator>('session.php')).data;
      } catch (error) {
        if (operatorApiError(error)?.code === 'authentication_required') return null;
        throw error;
      }
    },
    staleTime: Infinity,
  });

  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  const operatorLocale = session.data?.locale;
  useEffect(() => {
    if (!operatorLocale || operatorLocale === locale) return;
    rememberConsoleLocale(operatorLocale);
    router.refresh();
  }, [operatorLocale, locale, router]);

  if (session.isPending) {
    return (
      <div className="console-loading" role="status">
        <span className="spinner-border" aria-hidden="true" />
        <span className="visually-hidden">{t('loading')}</span>
      </div>
    );
  }
  if (session.isError) {
    return (
      <main className="console-door" id="main">
        <div className="console-door-card">
          <p role="alert">{t('networkError')}</p>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void queryClient.invalidateQueries({ queryKey: operatorKeys.session })}
          >
            {t('retry')}
          </button>
        </div>
      </main>
    );
  }
  if (!session.data || session.data.secondFactor) return <ConsoleLogin operator={session.data} />;
  return <ConsoleFrame operator={session.data}>{props.children}</ConsoleFrame>;
}
