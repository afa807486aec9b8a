import '@fontsource-variable/plus-jakarta-sans/wght.css';
import '@/styles/globals.scss';
import { dehydrate } from '@tanstack/react-query';
import type { Metadata, Viewport } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { cookies } from 'next/headers';
import { Suspense, type ReactNode } from 'react';
import { TrackingCapture } from '@/components/auth/tracking-capture';
import { ChunkReload } from '@/components/layout/chunk-reload';
import { ServerEventsBridge } from '@/components/layout/server-events-bridge';
import { PageBounce } from '@/components/layout/page-bounce';
import { TitleCount } from '@/components/layout/title-count';
import { PushWorker } from '@/components/push/push-worker';
import { AppProviders } from '@/components/providers/app-providers';
import { queryKeys } from '@/lib/api/queries';
import { pickNamespaces, SHELL_NAMESPACES } from '@/lib/i18n/client-messages';
import { makeQueryClient } from '@/lib/api/query-client';
import { getPageUser } from '@/lib/server/pages/get-page-user';
import { getPageContext } from '@/lib/server/pages/page-context';
import { parseTheme, THEME_COOKIE } from '@/lib/shared/constants';
import { pageServices } from '@/lib/server/pages/page-services';

export async function generateMetadata(): Promise<Metadata> {
  const { settings } = await getPageContext();
  return {
    title: { default: settings.index_title, template: `%s – ${settings.name}` },
    description: settings.description,
    applicationName: settings.name,
  };
}

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffb300' },
    { media: '(prefers-color-scheme: dark)', color: '#141118' },
  ],
  colorScheme: 'light dark',
  width: 'device-width',
  initialScale: 1,
};

export default async function RootLayout(props: { children: ReactNode }) {
  const [{ locale, settings, company }, user] = await Promise.all([getPageContext(), getPageUser()]);
  const messages = await getMessages();
  // The frame's texts; pages add their own (components/providers/page-messages.tsx).
  const clientMessages = pickNamespaces(messages, SHELL_NAMESPACES);

  const queryClient = makeQueryClient();
  queryClient.setQueryData(queryKeys.settings, settings);
  queryClient.setQueryData(queryKeys.companyInfo, company);
  queryClient.setQueryData(queryKeys.user, user);

  const theme = parseTheme((await cookies()).get(THEME_COOKIE)?.value);

  return (
    <html lang={locale} data-bs-theme={theme ?? undefined}>
      <body>
        <NextIntlClientProvider locale={locale} messages={clientMessages} timeZone="Europe/Amsterdam">
          <AppProviders
            dehydratedState={dehydrate(queryClient)}
            isApiMocking={pageServices().env().API_MOCKING}
          >
            <ChunkReload />
            <TrackingCapture />
            <ServerEventsBridge />
            {/* The QA mode's mock worker holds the site's root: the push worker stays out of its way. */}
            <PushWorker isEnabled={!pageServices().env().API_MOCKING} />
            <TitleCount />
            <Suspense>
              <PageBounce />
            </Suspense>
            {props.children}
          </AppProviders>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
