'use client';

import { SignupStoreProvider } from '@/stores/signup-store-provider';
import { SignupFlow } from './signup-flow';

/** The signup steps in the page, as smartphones (and direct visits) see them. */
export function SignupPageView() {
  return (
    <SignupStoreProvider>
      <SignupFlow headingLevel={2} />
    </SignupStoreProvider>
  );
}
