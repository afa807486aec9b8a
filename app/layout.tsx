import '@fontsource-variable/plus-jakarta-sans/wght.css';
import '@/styles/globals.scss';
import type { Metadata, Viewport } from 'next';
import { cookies, headers } from 'next/headers';
import type { ReactNode } from 'react';
import { EarlySubmits } from '@/components/layout/early-submits';
import { EARLY_SUBMITS_SCRIPT } from '@/components/layout/early-submits-script';
import { getPageContext } from '@/lib/server/pages/page-context';
import { CONSOLE_LOCALE_HEADER } from '@/lib/shared/console';
import { parseTheme, THEME_COOKIE } from '@/lib/shared/constants';

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

/**
 * The document. What runs in the browser comes with each layout: the application frame
 * (components/layout/app-frame.tsx) for the default, chat and empty layouts, the lander's own
 * islands for landers.
 */
export default async function RootLayout(props: { children: ReactNode }) {
  const [{ locale }, theme, requestHeaders] = await Promise.all([
    getPageContext(),
    cookies().then((jar) => parseTheme(jar.get(THEME_COOKIE)?.value)),
    headers(),
  ]);
  // The operator console speaks its own language (proxy.ts names it).
  const consoleLocale = requestHeaders.get(CONSOLE_LOCALE_HEADER);
  return (
    <html lang={consoleLocale ?? locale} data-bs-theme={theme ?? undefined}>
      <body>
        {/* Before any form: a form sent before the page runs waits for it (components/layout/early-submits.tsx). */}
        <script
          nonce={requestHeaders.get('x-nonce') ?? undefined}
          dangerouslySetInnerHTML={{ __html: EARLY_SUBMITS_SCRIPT }}
        />
        {props.children}
        <EarlySubmits />
      </body>
    </html>
  );
}
