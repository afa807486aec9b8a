'use client';

import { lazy, Suspense, useEffect, useState } from 'react';
import { DESKTOP_MEDIA, matchesMedia } from '@/components/hooks/use-media-query';
import { isSignupLinkClick } from './signup-link';

// The dialog and the signup steps load only when somebody opens it.
const SignupModalDialog = lazy(() => import('./signup-modal-dialog'));

/**
 * On desktop (768 px and wider), links to /signup open the signup in a dialog over the current page;
 * on smartphones they lead to the signup page. Mounted once by the layouts that offer signup.
 */
export function SignupModal() {
  const [isOpen, setOpen] = useState(false);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!isSignupLinkClick(event) || !matchesMedia(DESKTOP_MEDIA)) return;
      // Before the link's own handler: the page stays, the dialog opens.
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('click', onClick, true);
    return () => window.removeEventListener('click', onClick, true);
  }, []);

  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <SignupModalDialog onHide={() => setOpen(false)} />
    </Suspense>
  );
}
