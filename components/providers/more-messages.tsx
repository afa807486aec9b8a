'use client';

import { NextIntlClientProvider, useLocale, useMessages, type AbstractIntlMessages } from 'next-intl';
import { useMemo, type ReactNode } from 'react';

/** The messages of the provider above, with more namespaces added for the components inside. */
export function MoreMessages(props: { messages: AbstractIntlMessages; children: ReactNode }) {
  const locale = useLocale();
  const outer = useMessages();
  const messages = useMemo(() => ({ ...outer, ...props.messages }), [outer, props.messages]);
  return (
    <NextIntlClientProvider locale={locale} messages={messages}>
      {props.children}
    </NextIntlClientProvider>
  );
}
