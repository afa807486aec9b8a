'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { readApiFailure } from '@/lib/api/auth';
import { useApi } from '@/lib/api/api-context';
import { useCacheUpdates } from '@/lib/api/cache-updates';
import {
  canAutofillPasskeys,
  canUsePasskeys,
  cancelPasskeyCeremony,
  ceremonyFailure,
  signInWithPasskey,
} from '@/lib/api/passkeys';
import { useFailureText } from '@/components/forms/field-errors';

/** The passkey glyph: a person with a key, as browsers and password managers show passkeys. */
export function PasskeyIcon(props: { size?: number }) {
  const size = props.size ?? 22;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="9" cy="7" r="4" />
      <path d="M2 21a7 7 0 0 1 11-5.7" />
      <circle cx="18" cy="13" r="2.5" />
      <path d="M18 15.5V21l1.5-1.2M18 18.5h1.5" />
    </svg>
  );
}

/**
 * Whether the autofill may wait for the next pick after this failure: only after the server refused
 * a passkey the person picked. A browser that ends the request at once (whatever it says) would
 * otherwise have the page ask for challenges in a loop.
 */
function isWorthRetrying(error: unknown): boolean {
  const code = readApiFailure(error).code;
  return code === 'passkey_invalid' || code === 'passkey_unknown' || code === 'passkey_challenge_expired';
}

/**
 * Signing in with a passkey on the login page: the e-mail field's autofill offers the passkeys of
 * this site where the browser supports it (armed again after every attempt), and the button opens
 * the browser's passkey dialog without anything typed. Failures come back as the texts to show.
 */
export function usePasskeySignIn(props: {
  onSignedIn: () => void;
  onFailure: (failure: { text: string; code: string | null }) => void;
}) {
  const t = useTranslations('Login');
  const failureText = useFailureText();
  const api = useApi();
  const updates = useCacheUpdates();
  const [isSupported, setSupported] = useState(false);
  const [isPending, setPending] = useState(false);
  const [isSignedIn, setSignedIn] = useState(false);
  const isAutofill = useRef(false);
  const callbacks = useRef(props);
  useEffect(() => {
    callbacks.current = props;
  });

  /**
   * One sign-in: `done` (signed in), `aborted` (the page started another), `again` (the autofill
   * may wait for the next pick) or `stop`. Failures are reported in the words to show.
   */
  const attempt = useCallback(
    async (isButton: boolean): Promise<'done' | 'aborted' | 'again' | 'stop'> => {
      let isPicked = false;
      try {
        const user = await signInWithPasskey(api, {
          isAutofill: !isButton,
          onPicked: () => (isPicked = true),
        });
        setSignedIn(true);
        updates.loggedIn(user);
        callbacks.current.onSignedIn();
        return 'done';
      } catch (error) {
        const browser = ceremonyFailure(error);
        if (browser === 'aborted') return 'aborted';
        // The autofill is the page's own offer: until a passkey was picked in it, a failure (no
        // challenge now, a browser that cannot) is nobody's to read. The button still works.
        if (!isButton && !isPicked) return 'stop';
        // The autofill ends quietly when the person looks away; only the button's dialog says so.
        if (browser === 'cancelled') {
          if (isButton) callbacks.current.onFailure({ text: t('passkeyCancelled'), code: null });
        } else if (browser) {
          callbacks.current.onFailure({ text: t('passkeyFailed'), code: null });
        } else {
          const failure = readApiFailure(error);
          callbacks.current.onFailure({ text: failureText(failure.message), code: failure.code });
        }
        return isWorthRetrying(error) ? 'again' : 'stop';
      }
    },
    [api, updates, t, failureText],
  );

  /** Offers the passkeys in the e-mail field's autofill until one signs in or the page goes. */
  const armAutofill = useCallback(async () => {
    while (isAutofill.current) {
      if ((await attempt(false)) !== 'again') return;
    }
  }, [attempt]);

  useEffect(() => {
    let isLive = true;
    void (async () => {
      const [usable, autofill] = await Promise.all([canUsePasskeys(), canAutofillPasskeys()]);
      if (!isLive) return;
      setSupported(usable);
      isAutofill.current = autofill;
      if (autofill) void armAutofill();
    })();
    return () => {
      isLive = false;
      isAutofill.current = false;
      void cancelPasskeyCeremony();
    };
  }, [armAutofill]);

  // The button's dialog replaces the autofill's request; afterwards the autofill waits again.
  const start = () => {
    setPending(true);
    void attempt(true).then((outcome) => {
      setPending(false);
      if (outcome !== 'done' && outcome !== 'aborted') void armAutofill();
    });
  };
  return { isSupported, isPending, isSignedIn, start };
}

/** The button under the password form: a passkey sign-in with nothing typed. */
export function PasskeyLoginButton(props: { isPending: boolean; onStart: () => void }) {
  const t = useTranslations('Login');
  return (
    <div className="login-passkey">
      <div className="login-divider" aria-hidden="true">
        <span>{t('or')}</span>
      </div>
      <button
        type="button"
        className="btn btn-outline-secondary btn-lg w-100 login-passkey-button"
        aria-describedby="login-passkey-hint"
        disabled={props.isPending}
        onClick={props.onStart}
      >
        <PasskeyIcon />
        <span>{props.isPending ? t('passkeyWorking') : t('passkeyButton')}</span>
      </button>
      <p id="login-passkey-hint" className="login-passkey-hint">
        {t('passkeyHint')}
      </p>
    </div>
  );
}
