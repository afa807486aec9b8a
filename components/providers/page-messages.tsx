import type { AbstractIntlMessages } from 'next-intl';
import { getLocale, getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import {
  COUNTRY_NAMES,
  PAGE_NAMESPACES,
  pickNamespaces,
  servedCountryNames,
  type MessagesPage,
} from '@/lib/i18n/client-messages';
import { MoreMessages } from './more-messages';

/** Gives the client components of one page the message namespaces that page lists, beyond the frame's. */
export async function PageMessages(props: { page: MessagesPage; children: ReactNode }) {
  const [messages, locale] = await Promise.all([getMessages(), getLocale()]);
  const namespaces: readonly string[] = PAGE_NAMESPACES[props.page];
  const more: AbstractIntlMessages = pickNamespaces(messages, namespaces);
  if (namespaces.includes(COUNTRY_NAMES)) more[COUNTRY_NAMES] = servedCountryNames(locale);
  return <MoreMessages messages={more}>{props.children}</MoreMessages>;
}
