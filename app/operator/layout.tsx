import '@/styles/console.scss';
import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { ConsoleRoot } from '@/components/operator/console-root';
import { consoleMessages, requestConsoleLocale } from '@/lib/i18n/console-messages';

export async function generateMetadata(): Promise<Metadata> {
  const { messages } = await consoleMessages(await requestConsoleLocale());
  const title = messages.OperatorConsole.title;
  return { title: { absolute: title }, robots: { index: false, follow: false } };
}

/**
 * The operator console: not part of the member site (no link to it, no member frame, never indexed),
 * in the operator's language (English, Dutch or German).
 */
export default async function ConsoleLayout(props: { children: ReactNode }) {
  const { locale, messages } = await consoleMessages(await requestConsoleLocale());
  return (
    <NextIntlClientProvider locale={locale} messages={messages}>
      <ConsoleRoot>{props.children}</ConsoleRoot>
    </NextIntlClientProvider>
  );
}
