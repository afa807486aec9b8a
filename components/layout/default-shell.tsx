import { Suspense, type ReactNode } from 'react';
import { ActivationReminder } from '../auth/activation-reminder';
import { AutoLike } from '../likes/auto-like';
import { NotificationAlerts } from '../notifications/notification-alerts';
import { TimeBonusModal } from '../discounts/time-bonus-modal';
import { TimeBonusSync } from '../discounts/time-bonus-sync';
import { WelcomeBanner } from '../discounts/welcome-banner';
import { SignupModal } from '../auth/signup-modal';
import { TabBar } from '../nav/tab-bar';
import { TopNav } from '../nav/top-nav';
import { isEntryWarningAccepted } from './entry-warning-state';
import { Footer } from './footer';
import { LoadingBar } from './loading-bar';
import { SiteEntryWarning } from './site-entry-warning';
import { SkipLink } from './skip-link';
import { WarningsHeader } from './warnings-header';

/**
 * Default layout: top navigation, warnings header, the welcome banner of a member who has not paid,
 * the activation reminder or a notification alert, page, footer with disclaimer, the tab bar on phones, entry warning, the time-bonus offer.
 */
export async function DefaultShell(props: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <Suspense>
        <LoadingBar />
      </Suspense>
      <WarningsHeader />
      <TopNav />
      <WelcomeBanner />
      <main id="main-content" tabIndex={-1} className="container py-4">
        <ActivationReminder />
        <NotificationAlerts />
        {props.children}
      </main>
      <Footer />
      <TabBar />
      <SignupModal />
      <TimeBonusSync />
      <TimeBonusModal />
      <Suspense>
        <AutoLike />
      </Suspense>
      <SiteEntryWarning isAccepted={await isEntryWarningAccepted()} />
    </>
  );
}
