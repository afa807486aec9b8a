'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef } from 'react';
import { buyCreditsPage } from '@/lib/shared/feature-pages';
import { SupportContact } from '../account/support-contact';
import { CoinIcon, CrownIcon } from './chat-icons';

/**
 * A send refused for want of credits: 'You do not have enough credits' with the way to buy them, or
 * customer service's contacts while the site has no page to buy on (never a link to nowhere).
 */
export function CreditsPrompt(props: { text: string; onClose: () => void }) {
  const t = useTranslations('Chat');
  const page = buyCreditsPage();
  return (
    <div className="chat-prompt" role="alert">
      <span className="chat-prompt-icon">
        <CoinIcon />
      </span>
      <div className="chat-prompt-body">
        <p className="fw-semibold mb-1">{props.text}</p>
        {page ? (
          <Link href={page} className="btn btn-primary btn-sm" prefetch={false}>
            {t('buyCredits')}
          </Link>
        ) : (
          <>
            <p className="small mb-1">{t('buyViaSupport')}</p>
            <SupportContact className="small" />
          </>
        )}
      </div>
      <button type="button" className="btn-close" onClick={props.onClose}>
        <span className="visually-hidden">{t('close')}</span>
      </button>
    </div>
  );
}

/**
 * The premium offer, as a dialog: free members start up to two conversations ('This feature is only
 * available for premium members'), with the spec's claim and the way to premium.
 */
export function PremiumOffer(props: { onClose: () => void }) {
  const t = useTranslations('Chat');
  const tErrors = useTranslations('Errors');
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const page = buyCreditsPage();
  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
  }, []);
  return (
    <dialog ref={dialog} className="chat-offer" aria-labelledby={titleId} onClose={props.onClose}>
      <div className="chat-offer-hero" aria-hidden="true">
        <CrownIcon />
      </div>
      <h2 id={titleId} className="chat-offer-title">
        {t('premiumTitle')}
      </h2>
      <p>{tErrors('premium_required')}</p>
      <p className="chat-offer-claim">{t('premiumClaim')}</p>
      {page ? (
        <Link href={page} className="btn btn-primary w-100 mb-2" prefetch={false}>
          {t('premiumCta')}
        </Link>
      ) : (
        <div className="text-start small mb-3">
          <p className="mb-1">{t('premiumViaSupport')}</p>
          <SupportContact />
        </div>
      )}
      <button
        type="button"
        className="btn btn-outline-secondary w-100"
        onClick={() => dialog.current?.close()}
      >
        {t('close')}
      </button>
    </dialog>
  );
}
