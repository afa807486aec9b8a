'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { readApiFailure } from '@/lib/api/auth';
import { useBlock } from '@/lib/api/blocks';
import { useCacheUpdates } from '@/lib/api/cache-updates';
import { useRemoveChat } from '@/lib/api/chat';
import type { ChatPartner } from '@/lib/shared/schemas/chat';
import { FictionalMark } from '../members/fictional-mark';
import { VerifiedBadge } from '../verification/verified-badge';
import { DisclosureMenu } from '../ui/disclosure-menu';
import { ChatAvatar } from './chat-avatar';
import { ConfirmDialog } from './confirm-dialog';
import { MoreIcon } from './chat-icons';

/**
 * The conversation's top bar: back to the list, the partner (photo, name, online, fictional mark)
 * leading to their profile with the verified badge beside it, and a menu: view the profile, report,
 * block, remove the chat.
 */
export function ChatTopBar(props: { partner: ChatPartner; conversation: number | null }) {
  const t = useTranslations('Chat');
  const tErrors = useTranslations('Errors');
  const router = useRouter();
  const block = useBlock();
  const updates = useCacheUpdates();
  const remove = useRemoveChat();
  const [asking, setAsking] = useState<'block' | 'remove' | null>(null);
  const { partner, conversation } = props;
  const profileHref = `/members/${partner.id}`;
  const reportHref =
    `/complaints?member=${partner.id}` + (conversation === null ? '' : `&conversation=${conversation}`);

  return (
    <header className="chat-top-bar">
      <h1 className="visually-hidden">{t('heading', { name: partner.name })}</h1>
      <Link href="/chats" className="chat-back" prefetch={false}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            d="M15 5 8 12l7 7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
          />
        </svg>
        <span className="visually-hidden">{t('back')}</span>
      </Link>
      <div className="chat-partner-wrap">
        <Link href={profileHref} className="chat-partner" prefetch={false}>
          <ChatAvatar partner={partner} size="sm" />
          <span className="chat-partner-text">
            <span className="chat-partner-name">
              {partner.name}
              {partner.fictional ? <FictionalMark className="ms-1" /> : null}
            </span>
            <span className="chat-partner-status">
              {partner.online && !partner.unavailable
                ? t('online')
                : [partner.age, partner.city].filter(Boolean).join(' · ')}
            </span>
          </span>
        </Link>
        {partner.verified ? <VerifiedBadge name={partner.name} className="chat-partner-badge" /> : null}
      </div>
      <DisclosureMenu
        label={<MoreIcon height={18} />}
        ariaLabel={t('menu')}
        toggleClassName="chat-top-menu"
        align="end"
      >
        {(close) => (
          <>
            <li>
              <Link href={profileHref} className="dropdown-item" onClick={close} prefetch={false}>
                {t('viewProfile')}
              </Link>
            </li>
            <li>
              <Link href={reportHref} className="dropdown-item" onClick={close} prefetch={false}>
                {t('report')}
              </Link>
            </li>
            {!partner.unavailable ? (
              <li>
                <button
                  type="button"
                  className="dropdown-item"
                  onClick={() => {
                    close();
                    setAsking('block');
                  }}
                >
                  {t('block', { name: partner.name })}
                </button>
              </li>
            ) : null}
            {conversation !== null ? (
              <li>
                <button
                  type="button"
                  className="dropdown-item text-danger"
                  onClick={() => {
                    close();
                    setAsking('remove');
                  }}
                >
                  {t('removeChat')}
                </button>
              </li>
            ) : null}
          </>
        )}
      </DisclosureMenu>
      {block.isError ? (
        <p className="chat-top-error" role="alert">
          {readApiFailure(block.error).message ?? tErrors('internal_error')}
        </p>
      ) : null}
      {asking === 'block' ? (
        <ConfirmDialog
          text={t('blockConfirm', { name: partner.name })}
          confirmLabel={t('blockYes')}
          cancelLabel={t('cancel')}
          onConfirm={() =>
            block.mutate(partner.id, {
              onSuccess: () => {
                // Blocking ends the conversation for both (spec §4): the list loads again.
                updates.chatsChanged();
                router.push('/chats');
              },
            })
          }
          onClose={() => setAsking(null)}
        />
      ) : null}
      {asking === 'remove' && conversation !== null ? (
        <ConfirmDialog
          text={t('removeConfirm', { name: partner.name })}
          confirmLabel={t('removeYes')}
          cancelLabel={t('cancel')}
          onConfirm={() => {
            remove.mutate(conversation, {
              onError: (error) => window.alert(readApiFailure(error).message ?? tErrors('internal_error')),
            });
            router.push('/chats');
          }}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </header>
  );
}
