'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { GiftPicker } from '@/components/chat/gift-picker';
import { readApiFailure } from '@/lib/api/auth';
import { newClientKey, useSendGift } from '@/lib/api/chat-extras';
import { useSettings, useUser } from '@/lib/api/hooks';
import { buyCreditsPage, hasFeaturePage } from '@/lib/shared/feature-pages';
import type { Gift } from '@/lib/shared/schemas/chat';
import type { MemberDetail } from '@/lib/shared/schemas/members';

/** A wrapped present; decorative (the button around it carries the name). */
function GiftGlyph() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M4 11h16v9a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1v-9Zm-1-4h18v4H3V7Zm9 0v14M12 7S10.5 3 8 3.5 6.5 7 12 7Zm0 0s1.5-4 4-3.5S17.5 7 12 7Z"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * "Send a gift" on a member's page: the gift catalogue opens, and the picked gift goes to the member
 * as a chat message at the gift's price. Success links to the conversation; too few credits offers
 * credits (where the site sells them) or customer service. Visitors are led to signup.
 */
export function SendGift(props: { member: Pick<MemberDetail, 'id' | 'name'> }) {
  const t = useTranslations('Gifts');
  const tErrors = useTranslations('Errors');
  const { data: user } = useUser();
  const { data: settings } = useSettings();
  const send = useSendGift();
  const [isPicking, setPicking] = useState(false);
  const { member } = props;

  if (!user) {
    return (
      <Link href="/signup" className="btn btn-outline-secondary send-gift-button" prefetch={false}>
        <GiftGlyph />
        {t('sendAction')}
      </Link>
    );
  }

  const pick = (gift: Gift) => {
    setPicking(false);
    send.reset();
    send.mutate({ member: member.id, gift: gift.id, clientKey: newClientKey() });
  };

  const failure = send.error ? readApiFailure(send.error) : null;
  const buyPage = buyCreditsPage();

  return (
    <div className="send-gift">
      <button
        type="button"
        className="btn btn-outline-secondary send-gift-button d-inline-flex align-items-center gap-2"
        disabled={send.isPending}
        onClick={() => {
          send.reset();
          setPicking(true);
        }}
      >
        <GiftGlyph />
        <span className="send-gift-label">{send.isPending ? t('sending') : t('sendAction')}</span>
      </button>
      <div aria-live="polite" className="send-gift-result">
        {send.isSuccess ? (
          <div className="alert alert-success mt-2 mb-0 py-2 small">
            <p className="mb-1 fw-semibold">{t('sent', { name: member.name })}</p>
            {hasFeaturePage('/chats') ? (
              <Link href={`/members/${member.id}/chat`} className="alert-link">
                {t('openChat')}
              </Link>
            ) : null}
          </div>
        ) : null}
      </div>
      {failure ? (
        <div className="alert alert-danger mt-2 mb-0 py-2 small send-gift-result" role="alert">
          {failure.code === 'insufficient_credits' ? (
            <>
              <p className="mb-2">{failure.message ?? tErrors('insufficient_credits')}</p>
              {buyPage ? (
                <Link href={buyPage} className="btn btn-sm btn-primary">
                  {buyPage === '/credits' ? t('buyCredits') : t('getPremium')}
                </Link>
              ) : settings?.support_email ? (
                <p className="mb-0">
                  {t.rich('contactSupport', {
                    email: settings.support_email,
                    mail: (chunks) => (
                      <a href={`mailto:${settings.support_email}`} className="alert-link text-break">
                        {chunks}
                      </a>
                    ),
                  })}
                </p>
              ) : null}
            </>
          ) : (
            <p className="mb-0">{failure.message ?? t('failed')}</p>
          )}
        </div>
      ) : null}
      {settings ? (
        <GiftPicker
          show={isPicking}
          giftCredits={settings.gift_credits}
          onPick={pick}
          onClose={() => setPicking(false)}
        />
      ) : null}
    </div>
  );
}
