import type { ReactNode } from 'react';
import { SignupModal } from '../auth/signup-modal';
import { SkipLink } from './skip-link';

/** Empty layout: the page alone. */
export function EmptyShell(props: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <main id="main-content" tabIndex={-1} className="flex-grow-1">
        {props.children}
      </main>
      <SignupModal />
    </>
  );
}
