'use client';

import { useTranslations } from 'next-intl';
import { Fragment, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { ChatMessage, ChatPartner } from '@/lib/shared/schemas/chat';
import type { PendingMessage } from '@/stores/chat-store';
import { dayLabel, isSameCalendarDay, messageTime, useDateLocale } from './chat-time';
import { MessageText } from './message-text';

/** Closer to the bottom than this (px) counts as "at the bottom": new messages keep it there. */
const STICK_DISTANCE = 120;
/** Closer to the top than this (px) asks for older messages. */
const OLDER_DISTANCE = 80;

/** A chat photo full screen in the browser's modal dialog; Escape or the button closes it. */
function PhotoViewer(props: { src: string; alt: string; onClose: () => void }) {
  const t = useTranslations('Chat');
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
  }, []);
  return (
    <dialog ref={dialog} className="photo-viewer" aria-label={props.alt} onClose={props.onClose}>
      {/* eslint-disable-next-line @next/next/no-img-element -- the chat photo's private address */}
      <img src={props.src} alt={props.alt} />
      <button type="button" className="photo-viewer-close" onClick={() => dialog.current?.close()}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">{t('closePhoto')}</span>
      </button>
    </dialog>
  );
}

/** What a message shows: its text (links live), a gift, a GIF, a photo, or that it was removed. */
function MessageBody(props: {
  message: Pick<ChatMessage, 'kind' | 'text' | 'gift' | 'gif' | 'photo' | 'from_viewer'>;
  partnerName: string;
  onEnlarge: (src: string, alt: string) => void;
}) {
  const t = useTranslations('Chat');
  const { message } = props;
  if (message.kind === 'gift' && message.gift) {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- the gift's own small picture
      <img className="chat-gift" src={message.gift.image} alt={t('kind.gift')} width={96} height={96} />
    );
  }
  if (message.kind === 'gif' && message.gif) {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- GIFs animate; the service sizes them
      <img
        className="chat-gif"
        src={message.gif.url}
        alt={message.gif.title || t('kind.gif')}
        width={message.gif.width}
        height={message.gif.height}
        loading="lazy"
      />
    );
  }
  if (message.kind === 'photo' && message.photo) {
    const alt = message.from_viewer ? t('yourPhoto') : t('photoFrom', { name: props.partnerName });
    const src = message.photo.url;
    return (
      <button type="button" className="chat-photo" onClick={() => props.onEnlarge(src, alt)}>
        {/* eslint-disable-next-line @next/next/no-img-element -- the chat photo's private address */}
        <img src={src} alt={alt} width={message.photo.width} height={message.photo.height} loading="lazy" />
        <span className="visually-hidden">{t('enlargePhoto')}</span>
      </button>
    );
  }
  if (message.kind === 'removed') return <p className="chat-text fst-italic">{t('removedMessage')}</p>;
  return (
    <p className="chat-text">
      <MessageText text={message.text ?? ''} />
    </p>
  );
}

function Bubble(props: {
  isOwn: boolean;
  isMedia: boolean;
  children: ReactNode;
  meta: ReactNode;
  className?: string;
}) {
  return (
    <li className={`chat-message ${props.isOwn ? 'is-own' : 'is-theirs'} ${props.className ?? ''}`}>
      <div className={`chat-bubble${props.isMedia ? ' is-media' : ''}`}>{props.children}</div>
      {props.meta}
    </li>
  );
}

/**
 * The messages of a conversation, oldest at the top: bubbles (the viewer's on the right), a line
 * for each day, the time, "Seen" under the viewer's newest message the partner read, messages on
 * their way or refused (with a retry), and the partner typing. Scrolling to the top brings older
 * messages; new ones keep the view at the bottom. New messages from the partner are announced.
 */
export function MessageList(props: {
  messages: ChatMessage[];
  pending: PendingMessage[];
  partner: ChatPartner;
  seenUpTo: number | null;
  hasOlder: boolean;
  isLoadingOlder: boolean;
  onLoadOlder: () => void;
  isTyping: boolean;
  onRetry: (clientKey: string) => void;
  onDiscard: (clientKey: string) => void;
  /** Shown above the first message (the fictional-profile notice, the empty conversation). */
  header?: ReactNode;
}) {
  const t = useTranslations('Chat');
  const dateLocale = useDateLocale();
  const scroller = useRef<HTMLDivElement>(null);
  const [photo, setPhoto] = useState<{ src: string; alt: string } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const { messages, pending, partner } = props;
  const first = messages[0]?.id;
  const last = messages[messages.length - 1];

  // Keep the view where it was when older messages arrive above; stay at the bottom when newer ones
  // (or the viewer's own) arrive below and the viewer was there.
  const previous = useRef<{ first?: number; last?: number; height: number; atBottom: boolean }>({
    height: 0,
    atBottom: true,
  });
  const pendingCount = pending.length;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = previous.current;
    const grewAbove = before.first !== undefined && first !== undefined && first < before.first;
    if (grewAbove) {
      element.scrollTop += element.scrollHeight - before.height;
    } else if (before.atBottom || last?.from_viewer || before.last === undefined) {
      element.scrollTop = element.scrollHeight;
    }
    previous.current = { first, last: last?.id, height: element.scrollHeight, atBottom: before.atBottom };
  }, [first, last, pendingCount, props.isTyping]);

  // A new message from the partner (not the first load) is read out politely.
  const lastAnnounced = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!last) return;
    if (lastAnnounced.current !== undefined && last.id > lastAnnounced.current && !last.from_viewer) {
      const text = last.kind === 'text' ? (last.text ?? '') : t(`kind.${last.kind}`);
      setAnnouncement(t('newMessage', { name: partner.name, text }));
    }
    lastAnnounced.current = Math.max(lastAnnounced.current ?? 0, last.id);
  }, [last, partner.name, t]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    const distance = element.scrollHeight - element.scrollTop - element.clientHeight;
    previous.current.atBottom = distance < STICK_DISTANCE;
    if (element.scrollTop < OLDER_DISTANCE && props.hasOlder && !props.isLoadingOlder) props.onLoadOlder();
  };

  // "Seen" goes under the viewer's newest message that the partner read.
  const seenId =
    props.seenUpTo === null
      ? null
      : ([...messages].reverse().find((m) => m.from_viewer && m.id <= (props.seenUpTo ?? 0))?.id ?? null);
  const words = { today: t('today'), yesterday: t('yesterday') };
  const enlarge = (src: string, alt: string) => setPhoto({ src, alt });

  return (
    <div className="chat-scroller" ref={scroller} onScroll={onScroll}>
      <div className="chat-scroller-inner">
        {props.hasOlder ? (
          <div className="chat-older">
            <button
              type="button"
              className="btn btn-sm btn-light rounded-pill"
              disabled={props.isLoadingOlder}
              onClick={props.onLoadOlder}
            >
              {props.isLoadingOlder ? t('loadingOlder') : t('loadOlder')}
            </button>
          </div>
        ) : null}
        {props.header}
        <ol className="chat-messages list-unstyled" aria-label={t('messagesLabel', { name: partner.name })}>
          {messages.map((message, index) => {
            const before = messages[index - 1];
            const isNewDay = !before || !isSameCalendarDay(before.sent_at, message.sent_at);
            const isMedia = message.kind !== 'text' && message.kind !== 'removed';
            return (
              <Fragment key={message.id}>
                {isNewDay ? (
                  <li className="chat-day" suppressHydrationWarning>
                    <span>{dayLabel(message.sent_at, dateLocale, words)}</span>
                  </li>
                ) : null}
                <Bubble
                  isOwn={message.from_viewer}
                  isMedia={isMedia}
                  meta={
                    <span className="chat-meta">
                      <time dateTime={message.sent_at} suppressHydrationWarning>
                        {messageTime(message.sent_at, dateLocale)}
                      </time>
                      {message.id === seenId ? <span className="chat-seen">{t('seen')}</span> : null}
                    </span>
                  }
                >
                  <span className="visually-hidden">
                    {message.from_viewer ? t('youWrote') : t('partnerWrote', { name: partner.name })}
                  </span>
                  <MessageBody message={message} partnerName={partner.name} onEnlarge={enlarge} />
                </Bubble>
              </Fragment>
            );
          })}
          {pending.map((message) => (
            <Bubble
              key={message.clientKey}
              isOwn
              isMedia={message.image !== null}
              className={message.status === 'failed' ? 'is-failed' : 'is-pending'}
              meta={
                message.status === 'failed' ? (
                  <span className="chat-failed" role="alert">
                    <span>{message.error?.message ?? t('notSent')}</span>
                    <button
                      type="button"
                      className="btn btn-link btn-sm p-0"
                      onClick={() => props.onRetry(message.clientKey)}
                    >
                      {t('retrySend')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-link btn-sm p-0 text-body-secondary"
                      onClick={() => props.onDiscard(message.clientKey)}
                    >
                      {t('discard')}
                    </button>
                  </span>
                ) : (
                  <span className="chat-meta">{t('sending')}</span>
                )
              }
            >
              {message.image ? (
                // eslint-disable-next-line @next/next/no-img-element -- the picture on its way
                <img
                  className="chat-gif"
                  src={message.image.url}
                  alt={t(`kind.${message.kind}`)}
                  width={message.image.width}
                  height={message.image.height}
                />
              ) : (
                <p className="chat-text">
                  <MessageText text={message.text ?? ''} />
                </p>
              )}
            </Bubble>
          ))}
          {props.isTyping ? (
            <li className="chat-message is-theirs chat-typing-row">
              <div className="chat-bubble chat-typing" aria-hidden="true">
                <span />
                <span />
                <span />
              </div>
              <span className="visually-hidden">{t('typing', { name: partner.name })}</span>
            </li>
          ) : null}
        </ol>
      </div>
      <div className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>
      {photo ? <PhotoViewer src={photo.src} alt={photo.alt} onClose={() => setPhoto(null)} /> : null}
    </div>
  );
}
