'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider, type AbstractIntlMessages } from 'next-intl';
import { useState } from 'react';
import SignupModalDialog from '@/components/auth/signup-modal-dialog';
import { ApiProvider } from '@/lib/api/api-context';
import { queryKeys } from '@/lib/api/queries';
import { getQueryClient } from '@/lib/api/query-client';
import type { Locale } from '@/lib/shared/locales';
import type { Settings } from '@/lib/shared/schemas/settings';
import { signupNextPath } from '@/lib/shared/signup-next';
import { SIGNUP_MATCHES_PATH } from '@/lib/shared/values/match-finder';

/**
 * The signup dialog over a lander, with what it needs around it (the lander itself runs without
 * them): its texts, the query cache holding the site's settings, and the API client.
 */
export default function LanderSignupDialog(props: {
  locale: Locale;
  messages: AbstractIntlMessages;
  settings: Settings;
  afterSignup?: string;
  onClose: () => void;
}) {
  const [queryClient] = useState(() => {
    const client = getQueryClient();
    client.setQueryData(queryKeys.settings, props.settings);
    if (client.getQueryData(queryKeys.user) === undefined) client.setQueryData(queryKeys.user, null);
    return client;
  });
  return (
    <NextIntlClientProvider locale={props.locale} messages={props.messages} timeZone="Europe/Amsterdam">
      <QueryClientProvider client={queryClient}>
        <ApiProvider>
          <SignupModalDialog
            next={signupNextPath(props.afterSignup)}
            onHide={() => {
              props.onClose();
              // Signed up: the new member goes on, in the application's own layout.
              if (queryClient.getQueryData(queryKeys.user))
                window.location.assign(props.afterSignup ?? SIGNUP_MATCHES_PATH);
            }}
          />
        </ApiProvider>
      </QueryClientProvider>
    </NextIntlClientProvider>
  );
}
