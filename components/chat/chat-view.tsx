'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { readApiFailure } from '@/lib/api/auth';
import {
  useChat,
  useReadChat,
  useSendMessage,
  useSendPhoto,
  useSendTyping,
  type ChatTarget,
} from '@/lib/api/chat';
import { useSettings } from '@/lib/api/hooks';
import type { ChatSend, GifResult, Gift } from '@/lib/shared/schemas/chat';
import { FREE_CONVERSATION_LIMIT, TYPING_THROTTLE_MS } from '@/lib/shared/values/chat';
import { chatKeyOf, type PendingMessage } from '@/stores/chat-store';
import { ResendActivation } from '../auth/resend-activation';
import { ChatTopBar } from './chat-top-bar';
import { Composer } from './composer';
import { CreditsPrompt, PremiumOffer } from './chat-prompts';
import { MessageList } from './message-list';
import { useChatStore, useChatStoreApi } from './use-chat-store';
import { useShownPartner } from './use-partner-name';

const NO_PENDING: PendingMessage[] = [];

/** Whether the partner's typing is still to be shown; re-renders when it runs out. */
function useIsTyping(conversation: number | null): boolean {
  const until = useChatStore((state) => (conversation === null ? 0 : (state.typingUntil[conversation] ?? 0)));
  const [expired, setExpired] = useState(0);
  useEffect(() => {
    if (until === 0) return;
    const timer = setTimeout(() => setExpired(until), Math.max(0, until - Date.now()));
    return () => clearTimeout(timer);
  }, [until]);
  return until !== 0 && expired !== until;
}

/** Skeleton bubbles while the conversation loads the first time. */
function ConversationSkeleton() {
  return (
    <div className="chat-scroller" aria-hidden="true">
      <ol className="chat-messages list-unstyled chat-scroller-inner">
        {[38, 62, 45, 70, 30].map((width, i) => (
          <li key={i} className={`chat-message ${i % 2 ? 'is-own' : 'is-theirs'}`}>
            <span className="chat-bubble skeleton chat-skeleton-bubble" style={{ width: `${width}%` }} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * One conversation: the top bar, the messages, and the composer or what stands in its way (the
 * viewer's e-mail to confirm, the free conversations used up, a member who cannot be written to).
 * Sending shows the message at once; a refused one keeps its text and can be sent again with the
 * same key, so nothing is lost or sent twice. While open and visible, the conversation is read.
 */
export function ChatView(props: { target: ChatTarget }) {
  const t = useTranslations('Chat');
  const tErrors = useTranslations('Errors');
  const { data: settings } = useSettings();
  const chat = useChat(props.target);
  const store = useChatStoreApi();
  const send = useSendMessage();
  const sendPhoto = useSendPhoto();
  const read = useReadChat();
  const sendTyping = useSendTyping();
  const [offer, setOffer] = useState<'premium' | null>(null);
  const [creditsError, setCreditsError] = useState<string | null>(null);

  const pages = chat.data?.pages ?? [];
  const newest = pages[0];
  const shown = useShownPartner();
  const partner = newest ? shown(newest.profile) : undefined;
  const member = partner?.id ?? ('member' in props.target ? props.target.member : 0);
  const key = chatKeyOf(member);
  const conversation = newest?.conversation?.id ?? null;
  const messages = [...pages].reverse().flatMap((page) => page.messages);
  const pending = useChatStore((state) => state.pending[key] ?? NO_PENDING);
  const draft = useChatStore((state) => state.drafts[key] ?? '');
  const wasIcebreakerOffered = useChatStore((state) => Boolean(state.icebreakersOffered[key]));
  const isTyping = useIsTyping(conversation);

  // This conversation is the open one: a message arriving here counts as read.
  useEffect(() => {
    if (conversation === null) return;
    store.getState().setOpenConversation(conversation);
    return () => {
      if (store.getState().openConversation === conversation) store.getState().setOpenConversation(null);
    };
  }, [conversation, store]);

  // Opening the conversation, and each new message from the partner while the tab is visible, reads it.
  const lastFromPartner = [...messages].reverse().find((m) => !m.from_viewer)?.id ?? 0;
  const readUpTo = useRef(0);
  const { mutate: markRead } = read;
  useEffect(() => {
    if (conversation === null || lastFromPartner === 0) return;
    const tryRead = () => {
      if (document.visibilityState !== 'visible' || lastFromPartner <= readUpTo.current) return;
      readUpTo.current = lastFromPartner;
      markRead({ conversation, message: lastFromPartner });
    };
    tryRead();
    document.addEventListener('visibilitychange', tryRead);
    return () => document.removeEventListener('visibilitychange', tryRead);
  }, [conversation, lastFromPartner, markRead]);

  // Typing is told at most once per throttle period.
  const lastTyping = useRef(0);
  const onDraftChange = (text: string) => {
    store.getState().setDraft(key, text);
    if (conversation !== null && text.trim() && Date.now() - lastTyping.current > TYPING_THROTTLE_MS) {
      lastTyping.current = Date.now();
      sendTyping(conversation);
    }
  };

  const failed = (clientKey: string, error: unknown) => {
    const failure = readApiFailure(error);
    if (failure.code === 'insufficient_credits')
      setCreditsError(failure.message ?? tErrors('insufficient_credits'));
    if (failure.code === 'premium_required') setOffer('premium');
    store.getState().updatePending(key, clientKey, {
      status: 'failed',
      error: { code: failure.code, message: failure.message ?? tErrors('internal_error') },
    });
  };
  /** A pending message leaves (sent, or discarded); a chosen photo's preview is let go. */
  const forget = (message: PendingMessage) => {
    if (message.retry.kind === 'photo' && message.image) URL.revokeObjectURL(message.image.url);
    store.getState().removePending(key, message.clientKey);
  };
  const deliver = (message: PendingMessage) => {
    const { clientKey } = message;
    store.getState().updatePending(key, clientKey, { status: 'sending', error: null });
    const done = {
      onSuccess: () => forget(message),
      onError: (e: unknown) => failed(clientKey, e),
    };
    if (message.retry.kind === 'photo')
      sendPhoto.mutate({ member, clientKey, photo: message.retry.photo }, done);
    else send.mutate(message.retry.body, done);
  };
  const start = (
    message: Omit<PendingMessage, 'clientKey' | 'status' | 'error' | 'createdAt'> & { clientKey: string },
  ) => {
    if (newest?.composer.blocked_reason === 'conversation_limit') {
      setOffer('premium');
      return false;
    }
    setCreditsError(null);
    const full: PendingMessage = { ...message, status: 'sending', error: null, createdAt: Date.now() };
    store.getState().addPending(key, full);
    deliver(full);
    return true;
  };
  const body = <K extends ChatSend['kind']>(kind: K, clientKey: string, extra: object) =>
    ({ kind, member, client_key: clientKey, ...extra }) as ChatSend;

  const onSendText = (text: string) => {
    const clientKey = crypto.randomUUID();
    if (
      start({
        clientKey,
        kind: 'text',
        text,
        image: null,
        retry: { kind: 'message', body: body('text', clientKey, { text }) },
      })
    ) {
      store.getState().setDraft(key, '');
    }
  };
  const onSendGift = (gift: Gift) => {
    const clientKey = crypto.randomUUID();
    start({
      clientKey,
      kind: 'gift',
      text: null,
      image: { url: gift.image, width: 96, height: 96 },
      retry: { kind: 'message', body: body('gift', clientKey, { gift: gift.id }) },
    });
  };
  const onSendGif = (gif: GifResult) => {
    const clientKey = crypto.randomUUID();
    start({
      clientKey,
      kind: 'gif',
      text: null,
      image: { url: gif.preview, width: gif.width, height: gif.height },
      retry: { kind: 'message', body: body('gif', clientKey, { gif: { source: gif.source, id: gif.id } }) },
    });
  };
  const onSendPhoto = (photo: File) => {
    const clientKey = crypto.randomUUID();
    start({
      clientKey,
      kind: 'photo',
      text: null,
      image: { url: URL.createObjectURL(photo), width: 240, height: 240 },
      retry: { kind: 'photo', photo },
    });
  };
  const onRetry = (clientKey: string) => {
    const message = store.getState().pending[key]?.find((m) => m.clientKey === clientKey);
    if (message) deliver(message);
  };
  const onDiscard = (clientKey: string) => {
    const message = store.getState().pending[key]?.find((m) => m.clientKey === clientKey);
    // A refused text goes back into the box, so nothing written is lost.
    if (!message) return;
    if (message.text && !draft.trim()) store.getState().setDraft(key, message.text);
    forget(message);
  };
  const onIcebreakerOffered = useCallback(() => store.getState().setIcebreakersOffered(key), [store, key]);

  if (chat.isPending) {
    return (
      <div className="chat-view" aria-busy="true">
        <header className="chat-top-bar">
          <span className="chat-avatar chat-avatar-sm skeleton" />
          <span className="skeleton chat-skeleton-line" style={{ width: '8rem' }} />
        </header>
        <ConversationSkeleton />
        <p className="visually-hidden" role="status">
          {t('loading')}
        </p>
      </div>
    );
  }
  if (!newest || !partner) {
    const failure = readApiFailure(chat.error);
    return (
      <div className="chat-view">
        <header className="chat-top-bar">
          <Link href="/chats" className="chat-back" prefetch={false}>
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">{t('back')}</span>
          </Link>
        </header>
        <div className="chat-state" role="alert">
          <p className="empty-state-title">{failure.status === 404 ? t('notFound') : t('loadFailed')}</p>
          {failure.status === 404 ? null : <p>{failure.message ?? tErrors('internal_error')}</p>}
          <div className="d-flex gap-2 justify-content-center">
            {failure.status === 404 ? null : (
              <button type="button" className="btn btn-primary" onClick={() => void chat.refetch()}>
                {t('retry')}
              </button>
            )}
            <Link href="/chats" className="btn btn-outline-secondary" prefetch={false}>
              {t('allChats')}
            </Link>
          </div>
        </div>
      </div>
    );
  }

  const { composer } = newest;
  const isEmpty = messages.length === 0 && pending.length === 0;
  const blocked = partner.unavailable ? 'unavailable' : composer.blocked_reason;
  const header = (
    <>
      {partner.fictional && isEmpty && settings?.fictional_warning ? (
        <p className="chat-notice chat-notice-fictional">{settings.fictional_warning}</p>
      ) : null}
      {isEmpty ? (
        <div className="chat-hello">
          <p className="chat-hello-title">{t('emptyTitle', { name: partner.name })}</p>
          <p className="mb-0">{t('emptyText')}</p>
        </div>
      ) : null}
      {partner.awaiting_confirmation ? (
        <p className="chat-notice">{t('awaitingConfirmation', { name: partner.name })}</p>
      ) : null}
    </>
  );

  return (
    <div className="chat-view">
      <ChatTopBar partner={partner} conversation={conversation} />
      <MessageList
        messages={messages}
        pending={pending}
        partner={partner}
        seenUpTo={newest.seen_up_to}
        hasOlder={chat.hasNextPage}
        isLoadingOlder={chat.isFetchingNextPage}
        onLoadOlder={() => void chat.fetchNextPage()}
        isTyping={isTyping}
        onRetry={onRetry}
        onDiscard={onDiscard}
        header={header}
      />
      <footer className="chat-footer">
        {creditsError ? <CreditsPrompt text={creditsError} onClose={() => setCreditsError(null)} /> : null}
        {blocked === 'unavailable' ? (
          <p className="chat-notice chat-notice-blocked" role="status">
            {t('unavailable', { name: partner.name })}
          </p>
        ) : blocked === 'confirm_email' ? (
          <div className="chat-confirm-email" role="status">
            <p className="fw-semibold mb-1">{t('confirmEmailTitle')}</p>
            <p className="mb-2">{t('confirmEmailText')}</p>
            <ResendActivation buttonClassName="btn btn-sm btn-outline-secondary" />
          </div>
        ) : (
          <>
            {blocked === 'conversation_limit' ? (
              <p className="chat-notice chat-notice-limit">
                {t('limitNotice', { count: FREE_CONVERSATION_LIMIT })}{' '}
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0 align-baseline"
                  onClick={() => setOffer('premium')}
                >
                  {t('premiumMore')}
                </button>
              </p>
            ) : null}
            <Composer
              composer={composer}
              member={partner.id}
              memberName={partner.name}
              draft={draft}
              onDraftChange={onDraftChange}
              onSendText={onSendText}
              onSendGift={onSendGift}
              onSendGif={onSendGif}
              onSendPhoto={onSendPhoto}
              isEmpty={isEmpty && blocked === null}
              wasIcebreakerOffered={wasIcebreakerOffered}
              onIcebreakerOffered={onIcebreakerOffered}
            />
          </>
        )}
      </footer>
      {offer === 'premium' ? <PremiumOffer onClose={() => setOffer(null)} /> : null}
    </div>
  );
}
