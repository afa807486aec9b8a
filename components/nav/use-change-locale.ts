'use client';

import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { useApi } from '@/lib/api/api-context';
import { useUser } from '@/lib/api/hooks';
import { storeLocaleChoice } from '@/lib/i18n/store-locale';
import type { Locale } from '@/lib/shared/locales';

/** Switches the language: stored in the cookie, saved to the account when logged in, page re-rendered. */
export function useChangeLocale(): { changeLocale: (locale: Locale) => Promise<void>; isPending: boolean } {
  const router = useRouter();
  const api = useApi();
  const { data: user } = useUser();
  const [isPending, startTransition] = useTransition();
  return {
    isPending,
    changeLocale: async (locale) => {
      storeLocaleChoice(locale);
      if (user) await api.put('user.php', { language: locale }).catch(() => undefined);
      startTransition(() => router.refresh());
    },
  };
}
