'use client';

import { useEffect, useRef } from 'react';
import { useUser } from '@/lib/api/hooks';
import { signupNextPath } from '@/lib/shared/signup-next';
import { SignupStoreProvider, useSignupStore } from '@/stores/signup-store-provider';
import { SignupFlow } from './signup-flow';

/**
 * The signup steps inside a lander's dialog (an iframe of this site). Links lead the whole window
 * on, not the frame; the page's `data-signup` tells the lander where the visitor is: `started`
 * once the first step is answered (the dialog then no longer closes by Escape or a click outside),
 * `done` once signed up (closing the dialog then leads on, as the links do).
 */
export function SignupEmbedded(props: { next: string | null }) {
  return (
    <SignupStoreProvider>
      <Embedded next={signupNextPath(props.next ?? undefined)} />
    </SignupStoreProvider>
  );
}

function Embedded(props: { next: string | null | undefined }) {
  const root = useRef<HTMLDivElement>(null);
  const { data: user } = useUser();
  const step = useSignupStore((state) => state.step);
  const gender = useSignupStore((state) => state.gender);
  const state = user ? 'done' : step !== 0 || gender !== null ? 'started' : 'open';

  useEffect(() => {
    document.documentElement.dataset.signup = state;
  }, [state]);

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const onClick = (event: MouseEvent) => {
      const anchor = event.target instanceof Element ? event.target.closest('a') : null;
      if (!anchor?.href || (anchor.target && anchor.target !== '_self')) return;
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      event.stopPropagation();
      (window.top ?? window).location.assign(anchor.href);
    };
    element.addEventListener('click', onClick, true);
    return () => element.removeEventListener('click', onClick, true);
  }, []);

  return (
    <div ref={root} className="signup-embedded">
      <SignupFlow headingLevel={2} next={props.next} />
    </div>
  );
}
