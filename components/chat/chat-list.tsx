'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { readApiFailure } from '@/lib/api/auth';
import { useChats, useRemoveChat } from '@/lib/api/chat';
import type { ChatSummary } from '@/lib/shared/schemas/chat';
import { unreadBadgeText } from '@/lib/shared/badges';
import { hasFeaturePage } from '@/lib/shared/feature-pages';
import { FictionalMark } from '../members/fictional-mark';
import { PushSuggestion } from '../notifications/push-suggestion';
import { DisclosureMenu } from '../ui/disclosure-menu';
import { ChatAvatar } from './chat-avatar';
import { ChatBubbleIcon, MoreIcon } from './chat-icons';
import { listTime, useDateLocale } from './chat-time';
import { ConfirmDialog } from './confirm-dialog';
import { useShownPartner } from './use-partner-name';

/** What the list says about the last message: its start, or its kind; "You: …" for the viewer's own. */
function usePreview() {
  const t = useTranslations('Chats');
  return (last: NonNullable<ChatSummary['last_message']>) => {
    const body = last.kind === 'text' ? (last.preview ?? '') : t(`kind.${last.kind}`);
    return last.from_viewer ? t('you', { text: body }) : body;
  };
}

/** A double tick for the viewer's own last message once read, a single one until then. */
function SeenTick(props: { seen: boolean }) {
  const t = useTranslations('Chats');
  return (
    <span className={`chat-tick${props.seen ? ' is-seen' : ''}`}>
      <svg viewBox="0 0 18 12" width="16" height="12" aria-hidden="true" focusable="false">
        <path
          d="M1 6.5 4.5 10 11 2"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
        />
        {props.seen ? (
          <path
            d="M7.5 9.5 8 10l6.5-8"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        ) : null}
      </svg>
      <span className="visually-hidden">{props.seen ? t('seen') : t('sent')}</span>
    </span>
  );
}

function ChatRow(props: { chat: ChatSummary; isActive: boolean; onRemove: (chat: ChatSummary) => void }) {
  const t = useTranslations('Chats');
  const preview = usePreview();
  const dateLocale = useDateLocale();
  const shown = useShownPartner();
  const { chat } = props;
  const { last_message: last } = chat;
  const profile = shown(chat.profile);
  const unread = chat.num_unread_messages;
  const badge = unreadBadgeText(unread);
  return (
    <li className={`chat-row${unread > 0 ? ' is-unread' : ''}${props.isActive ? ' is-active' : ''}`}>
      <Link
        href={`/chats/${chat.conversation.id}`}
        className="chat-row-link"
        aria-current={props.isActive ? 'page' : undefined}
        prefetch={false}
      >
        <ChatAvatar partner={profile} />
        <span className="chat-row-body">
          <span className="chat-row-top">
            <span className="chat-row-name">
              {profile.name}
              {profile.fictional ? <FictionalMark className="ms-1" /> : null}
              {profile.online && !profile.unavailable ? (
                <span className="visually-hidden">, {t('online')}</span>
              ) : null}
            </span>
            {last ? (
              <time className="chat-row-time" dateTime={last.sent_at} suppressHydrationWarning>
                {listTime(last.sent_at, dateLocale)}
              </time>
            ) : null}
          </span>
          <span className="chat-row-bottom">
            {last?.from_viewer ? <SeenTick seen={last.seen} /> : null}
            <span className="chat-row-preview">{last ? preview(last) : t('noMessages')}</span>
            {badge ? (
              <span className="badge rounded-pill badge-unread chat-row-badge">
                <span aria-hidden="true">{badge}</span>
                <span className="visually-hidden">{t('unread', { count: unread })}</span>
              </span>
            ) : null}
          </span>
        </span>
      </Link>
      <DisclosureMenu
        label={<MoreIcon />}
        ariaLabel={t('options', { name: profile.name })}
        toggleClassName="chat-row-menu"
        align="end"
      >
        {(close) => (
          <li>
            <button
              type="button"
              className="dropdown-item text-danger"
              onClick={() => {
                close();
                props.onRemove(chat);
              }}
            >
              {t('remove')}
            </button>
          </li>
        )}
      </DisclosureMenu>
    </li>
  );
}

/** Skeleton rows of the list's final size, while it loads the first time. */
export function ChatListSkeleton(props: { rows?: number }) {
  return (
    <ul className="chat-list list-unstyled" aria-hidden="true">
      {Array.from({ length: props.rows ?? 6 }, (_, i) => (
        <li key={i} className="chat-row chat-row-skeleton">
          <span className="chat-row-link">
            <span className="chat-avatar chat-avatar-md skeleton" />
            <span className="chat-row-body">
              <span className="skeleton chat-skeleton-line" style={{ width: `${40 + ((i * 17) % 30)}%` }} />
              <span
                className="skeleton chat-skeleton-line is-thin"
                style={{ width: `${55 + ((i * 23) % 35)}%` }}
              />
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** No conversations yet: where to find people to write to. */
function EmptyChats() {
  const t = useTranslations('Chats');
  return (
    <div className="empty-state chat-empty">
      <span className="empty-state-icon" aria-hidden="true">
        <ChatBubbleIcon />
      </span>
      <p className="empty-state-title">{t('emptyTitle')}</p>
      <p>{t('emptyText')}</p>
      <div className="d-flex flex-wrap justify-content-center gap-2">
        <Link href="/members" className="btn btn-primary">
          {t('findPeople')}
        </Link>
        {hasFeaturePage('/likes') ? (
          <Link href="/likes" className="btn btn-outline-secondary" prefetch={false}>
            {t('seeLikes')}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The viewer's conversations, newest first: photo, name, the last message, when, unread count and
 * whether the partner read the viewer's last message. Each has a menu to remove it (with a
 * confirmation): it goes at once; if the server refuses, the browser says why and the list reloads.
 */
export function ChatList(props: {
  activeConversation?: number;
  showTitle?: boolean;
  /** h1 on the list's own page; h2 beside a conversation, whose top bar has the page's h1. */
  headingLevel?: 'h1' | 'h2';
  /** Suggest turning on push below the conversations (the conversations page, not the chat's side list). */
  suggestsPush?: boolean;
}) {
  const Heading = props.headingLevel ?? 'h1';
  const t = useTranslations('Chats');
  const tErrors = useTranslations('Errors');
  const router = useRouter();
  const chats = useChats();
  const remove = useRemoveChat();
  const [removing, setRemoving] = useState<ChatSummary | null>(null);
  const shown = useShownPartner();
  const list = chats.data?.chats ?? [];

  const onConfirmRemove = (chat: ChatSummary) => {
    const id = chat.conversation.id;
    remove.mutate(id, {
      onError: (error) => window.alert(readApiFailure(error).message ?? tErrors('internal_error')),
    });
    if (props.activeConversation === id) router.push('/chats');
  };

  return (
    <section className="chat-list-panel" aria-labelledby="chat-list-title">
      <Heading
        id="chat-list-title"
        className={props.showTitle === false ? 'visually-hidden' : 'chat-list-title'}
      >
        {t('title')}
      </Heading>
      {chats.isPending ? <ChatListSkeleton /> : null}
      {chats.isError && !chats.data ? (
        <div className="empty-state" role="alert">
          <p className="empty-state-title">{t('loadFailed')}</p>
          <p>{readApiFailure(chats.error).message ?? tErrors('internal_error')}</p>
          <button type="button" className="btn btn-primary" onClick={() => void chats.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : null}
      {chats.data && list.length === 0 ? <EmptyChats /> : null}
      {list.length > 0 ? (
        <ul className="chat-list list-unstyled" aria-label={t('listLabel')}>
          {list.map((chat) => (
            <ChatRow
              key={chat.conversation.id}
              chat={chat}
              isActive={chat.conversation.id === props.activeConversation}
              onRemove={setRemoving}
            />
          ))}
        </ul>
      ) : null}
      {props.suggestsPush ? <PushSuggestion isDue={list.length > 0} /> : null}
      {removing ? (
        <ConfirmDialog
          text={t('removeConfirm', { name: shown(removing.profile).name })}
          confirmLabel={t('removeYes')}
          cancelLabel={t('cancel')}
          onConfirm={() => onConfirmRemove(removing)}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </section>
  );
}
