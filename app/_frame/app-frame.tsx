import { dehydrate } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTimeZone } from 'next-intl/server';
import { Suspense, type ReactNode } from 'react';
import { TrackingCapture } from '@/components/auth/tracking-capture';
import { ChunkReload } from '@/components/layout/chunk-reload';
import { PageBounce } from '@/components/layout/page-bounce';
import { ServerEventsBridge } from '@/components/layout/server-events-bridge';
import { TestSiteNotice } from '@/components/layout/test-site-notice';
import { TimeZoneCookie } from '@/components/layout/time-zone-cookie';
import { TitleCount } from '@/components/layout/title-count';
import { PushWorker } from '@/components/push/push-worker';
import { AppProviders } from '@/components/providers/app-providers';
import { discountKeys } from '@/lib/api/keys';
import { queryKeys } from '@/lib/api/queries';
import { makeQueryClient } from '@/lib/api/query-client';
import { shellMessages } from '@/lib/i18n/client-messages';
import {
  getPageClass,
  getPageRequestTime,
  getPageUser,
  getPageViewer,
} from '@/lib/server/pages/get-page-user';
import { getPageContext } from '@/lib/server/pages/page-context';
import { pageServices } from '@/lib/server/pages/page-services';
import { standInOffers } from '@/lib/shared/page-class';
import { isTestSite } from '@/lib/shared/values/payments';

/**
 * The application around the default, chat and empty layouts: the frame's texts, the site, its
 * company and the member prefetched for React Query, the browser's time zone cookie, the live
 * events, the push worker, the title's unread count, the traffic-source capture, and a test site's
 * notice above the page. Landers stay out of it: they are server-rendered with a few small islands
 * of their own, so a paid visitor's first load stays light.
 */
export async function AppFrame(props: { children: ReactNode }) {
  // Before the page's data is read: the tab's event stream replays what happens from here on.
  const renderedAt = getPageRequestTime();
  const [{ locale, settings, company }, user, pageClass] = await Promise.all([
    getPageContext(),
    getPageUser(),
    getPageClass(),
  ]);
  const [messages, timeZone] = await Promise.all([getMessages(), getTimeZone()]);
  // The frame's texts; pages add their own (components/providers/page-messages.tsx).
  const clientMessages = shellMessages(messages);

  const queryClient = makeQueryClient();
  queryClient.setQueryData(queryKeys.settings, settings);
  queryClient.setQueryData(queryKeys.companyInfo, company);
  queryClient.setQueryData(queryKeys.user, user);
  if (pageClass?.kind === 'member') {
    // A page rendered once for the member's class: the class's discount, the member's own with the
    // page's holes.
    const offers = standInOffers(pageClass);
    queryClient.setQueryData(discountKeys.welcome, offers.welcome);
    queryClient.setQueryData(discountKeys.timeBonus, offers.timeBonus);
  } else if (user && !user.paid_user) {
    // The welcome banner is in the first paint, not inserted above the content once the page has
    // asked for the member's offers.
    const viewer = await getPageViewer();
    if (viewer) {
      const offers = await pageServices().memberOffers({ userId: viewer.userId, locale });
      queryClient.setQueryData(discountKeys.welcome, offers.welcome);
      queryClient.setQueryData(discountKeys.timeBonus, offers.timeBonus);
    }
  }

  return (
    // Times show on the browser's clock (pageTimeZone, resolved by proxy.ts), the same on both sides.
    <NextIntlClientProvider locale={locale} messages={clientMessages} timeZone={timeZone}>
      <AppProviders
        dehydratedState={dehydrate(queryClient)}
        isApiMocking={pageServices().env().API_MOCKING}
        hasHoles={pageClass !== null}
      >
        <ChunkReload />
        <TimeZoneCookie />
        <TrackingCapture />
        <ServerEventsBridge since={renderedAt} />
        {/* The QA mode's mock worker holds the site's root: the push worker stays out of its way. */}
        <PushWorker isEnabled={!pageServices().env().API_MOCKING} />
        <TitleCount />
        <Suspense>
          <PageBounce />
        </Suspense>
        {isTestSite(pageServices().env()) ? <TestSiteNotice /> : null}
        {props.children}
      </AppProviders>
    </NextIntlClientProvider>
  );
}
