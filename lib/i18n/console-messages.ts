import 'server-only';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { CONSOLE_LOCALE_HEADER, consoleLocale } from '@/lib/shared/console';
import type { OperatorLocale } from '@/lib/shared/schemas/operators';
import type en from '@/messages/operator/en.json';

export type ConsoleMessages = typeof en;

/** The operator console's texts in one of its languages (messages/operator/<locale>.json). */
export async function consoleMessages(
  locale: OperatorLocale,
): Promise<{ locale: OperatorLocale; messages: ConsoleMessages }> {
  const loaded = (await import(`../../messages/operator/${locale}.json`)) as { default: ConsoleMessages };
  return { locale, messages: loaded.default };
}

/** The console's language of this request, as proxy.ts named it. */
export async function requestConsoleLocale(): Promise<OperatorLocale> {
  return consoleLocale((await headers()).get(CONSOLE_LOCALE_HEADER) ?? undefined, null);
}

/** A console page's metadata: its title, in the console's language. */
export async function consolePageMetadata(pick: (messages: ConsoleMessages) => string): Promise<Metadata> {
  const { messages } = await consoleMessages(await requestConsoleLocale());
  // Absolute: the member site's title template is not the console's.
  return { title: { absolute: `${pick(messages)} – ${messages.OperatorConsole.title}` } };
}
