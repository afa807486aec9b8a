import { Suspense, type ReactNode } from 'react';
import { AppFrame } from '@/app/_frame/app-frame';
import { SignupModal } from '@/components/auth/signup-modal';
import { isEntryWarningAccepted } from '@/components/layout/entry-warning-state';
import { LoadingBar } from '@/components/layout/loading-bar';
import { SiteEntryWarning } from '@/components/layout/site-entry-warning';
import { SkipLink } from '@/components/layout/skip-link';

/** Countries where the chat layout shows the entry warning too (spec §2). */
const CHAT_ENTRY_WARNING_COUNTRIES = ['NL', 'DE'] as const;

/**
 * The chat layout: minimal, the conversation fills the screen (the list beside it on wide screens);
 * the entry warning only for NL and DE; the signup dialog for visitors.
 */
export default async function ChatLayout(props: { children: ReactNode }) {
  return (
    <AppFrame>
      <SkipLink />
      <Suspense>
        <LoadingBar />
      </Suspense>
      <main id="main-content" tabIndex={-1} className="chat-layout">
        {props.children}
      </main>
      <SignupModal />
      <SiteEntryWarning
        isAccepted={await isEntryWarningAccepted()}
        countries={CHAT_ENTRY_WARNING_COUNTRIES}
      />
    </AppFrame>
  );
}
