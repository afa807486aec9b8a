import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { NextIntlClientProvider, type AbstractIntlMessages } from 'next-intl';
import type { ReactElement, ReactNode } from 'react';
import { ApiProvider } from '@/lib/api/api-context';
import { queryKeys } from '@/lib/api/queries';
import { makeQueryClient } from '@/lib/api/query-client';
import type { Locale } from '@/lib/shared/locales';
import type { User } from '@/lib/shared/schemas/user';
import en from '@/messages/en.json';

/**
 * Renders UI with the app's real providers, English messages (or another language's) and an API
 * client that retries at once.
 */
export function renderWithProviders(
  ui: ReactElement,
  options: {
    user?: User | null;
    locale?: Locale;
    messages?: AbstractIntlMessages;
    /** Data the page brought from the server, put in the cache before the first render. */
    prepare?: (queryClient: QueryClient) => void;
  } = {},
) {
  const queryClient = makeQueryClient();
  if (options.user !== undefined) queryClient.setQueryData(queryKeys.user, options.user);
  options.prepare?.(queryClient);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <NextIntlClientProvider
      locale={options.locale ?? 'en'}
      messages={options.messages ?? en}
      timeZone="Europe/Amsterdam"
    >
      <QueryClientProvider client={queryClient}>
        <ApiProvider retryDelay={() => 0}>{children}</ApiProvider>
      </QueryClientProvider>
    </NextIntlClientProvider>
  );
  const result = render(ui, { wrapper });
  return { ...result, queryClient };
}
