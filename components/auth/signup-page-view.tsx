'use client';

import { signupNextPath } from '@/lib/shared/signup-next';
import { SignupStoreProvider } from '@/stores/signup-store-provider';
import { SignupFlow } from './signup-flow';

/**
 * The signup steps in the page, as smartphones (and direct visits) see them. `next` is the page's
 * `next` query: a member's page or chat (from a member landing) that the new member goes on to,
 * instead of the signup matches; any other value is ignored.
 */
export function SignupPageView(props: { next?: string | null }) {
  return (
    <SignupStoreProvider>
      <SignupFlow headingLevel={2} next={signupNextPath(props.next)} />
    </SignupStoreProvider>
  );
}
