import { Suspense, type ReactNode } from 'react';
import { isEntryWarningAccepted } from './entry-warning-state';
import { LoadingBar } from './loading-bar';
import { SiteEntryWarning } from './site-entry-warning';
import { SkipLink } from './skip-link';

/** Countries where the chat layout shows the entry warning (spec §2). */
export const CHAT_ENTRY_WARNING_COUNTRIES = ['NL', 'DE'] as const;

/** Chat layout: the conversation takes the whole screen; the entry warning only for NL and DE. */
export async function ChatShell(props: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <Suspense>
        <LoadingBar />
      </Suspense>
      <main id="main-content" tabIndex={-1} className="d-flex flex-column flex-grow-1">
        {props.children}
      </main>
      <SiteEntryWarning
        isAccepted={await isEntryWarningAccepted()}
        countries={CHAT_ENTRY_WARNING_COUNTRIES}
      />
    </>
  );
}
