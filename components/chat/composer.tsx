'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ChatComposer, GifResult, Gift } from '@/lib/shared/schemas/chat';
import { matchesMedia } from '../hooks/use-media-query';
import { GiftIcon, IdeaIcon } from './chat-icons';
import { GifSearch } from './gif-search';
import { GiftPicker } from './gift-picker';
import { IcebreakerModal } from './icebreaker-modal';

/** Lines the message box grows to before it scrolls. */
const MAX_ROWS = 6;

/** On touch-first devices Enter makes a new line (the keyboard has its own send button). */
const isTouchFirst = () => matchesMedia('(pointer: coarse)');

function ToolButton(props: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      className="chat-tool"
      onClick={props.onClick}
      disabled={props.disabled}
      title={props.label}
    >
      {props.children}
      <span className="visually-hidden">{props.label}</span>
    </button>
  );
}

/**
 * The send-message footer: a box that grows with the text, a counter against the longest message,
 * what one message costs, and buttons for a gift, a GIF, a photo and icebreakers. Enter sends on
 * desktop, Shift+Enter starts a new line.
 */
export function Composer(props: {
  composer: ChatComposer;
  member: number;
  memberName: string;
  draft: string;
  onDraftChange: (text: string) => void;
  onSendText: (text: string) => void;
  onSendGift: (gift: Gift) => void;
  onSendGif: (gif: GifResult) => void;
  onSendPhoto: (photo: File) => void;
  /** The conversation has no messages yet: icebreakers are offered once by themselves. */
  isEmpty: boolean;
  /** Whether the icebreakers were offered by themselves already for this member. */
  wasIcebreakerOffered: boolean;
  onIcebreakerOffered: () => void;
}) {
  const t = useTranslations('Chat');
  const format = useFormatter();
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<'gift' | 'gif' | 'icebreakers' | null>(null);
  // A picked opener puts focus in the box once its dialog is gone (not back where it was before).
  const [isOpenerPicked, setOpenerPicked] = useState(false);
  const openDialog = (which: 'gift' | 'gif' | 'icebreakers') => {
    setOpenerPicked(false);
    setDialog(which);
  };
  const { composer, draft } = props;
  const max = composer.message_length;
  const length = draft.length;
  const isTooLong = length > max;
  const canSend = draft.trim().length > 0 && !isTooLong;
  // An empty conversation offers the icebreakers once by itself, unless the member cannot write
  // here or is already writing; closing any dialog, or starting to write, counts as seen.
  const isOfferDue = props.isEmpty && !props.wasIcebreakerOffered && composer.blocked_reason === null;
  const isOffering = isOfferDue && draft.length === 0;
  const { onIcebreakerOffered } = props;
  useEffect(() => {
    if (isOfferDue && draft.length > 0) onIcebreakerOffered();
  }, [isOfferDue, draft.length, onIcebreakerOffered]);
  const shown = dialog ?? (isOffering ? 'icebreakers' : null);
  const close = () => {
    setDialog(null);
    if (isOffering) props.onIcebreakerOffered();
  };

  // The box grows with its text up to MAX_ROWS lines.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    element.style.height = 'auto';
    const line = parseFloat(getComputedStyle(element).lineHeight) || 24;
    element.style.height = `${Math.min(element.scrollHeight, line * MAX_ROWS + 16)}px`;
  }, [draft]);

  const submit = () => {
    if (!canSend) return;
    props.onSendText(draft.trim());
    box.current?.focus();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing && !isTouchFirst()) {
      event.preventDefault();
      submit();
    }
  };

  const money = composer.message_cost
    ? format.number(composer.message_cost.costs, {
        style: 'currency',
        currency: composer.message_cost.currency,
      })
    : null;
  const price = money
    ? t('price', { credits: composer.message_credits, money })
    : t('priceCredits', { credits: composer.message_credits });

  return (
    <form className="chat-composer" onSubmit={onSubmit} aria-label={t('composerLabel')}>
      <div className="chat-composer-tools">
        <ToolButton label={t('sendGift')} onClick={() => openDialog('gift')}>
          <GiftIcon />
        </ToolButton>
        <ToolButton label={t('sendGif')} onClick={() => openDialog('gif')}>
          <span aria-hidden="true" className="chat-tool-gif">
            GIF
          </span>
        </ToolButton>
        <ToolButton
          label={t('sendPhoto', { credits: composer.photo_credits })}
          onClick={() => file.current?.click()}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <rect
              x="3"
              y="5"
              width="18"
              height="14"
              rx="3"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            />
            <circle cx="9" cy="10" r="1.8" fill="currentColor" />
            <path
              d="m4 17 5-4 4 3 3-2 4 3"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
          </svg>
        </ToolButton>
        <ToolButton label={t('icebreakers')} onClick={() => openDialog('icebreakers')}>
          <IdeaIcon />
        </ToolButton>
        <input
          ref={file}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            if (chosen) props.onSendPhoto(chosen);
          }}
        />
      </div>
      <div className="chat-composer-main">
        <label htmlFor={`${id}-text`} className="visually-hidden">
          {t('messageLabel', { name: props.memberName })}
        </label>
        <textarea
          ref={box}
          id={`${id}-text`}
          className="chat-input"
          rows={1}
          value={draft}
          placeholder={t('placeholder')}
          aria-describedby={`${id}-hint`}
          aria-invalid={isTooLong || undefined}
          onChange={(event) => props.onDraftChange(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="chat-send" disabled={!canSend}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M4 12 20 4l-6 16-2.5-6.5L4 12Z" fill="currentColor" />
          </svg>
          <span className="visually-hidden">{t('send')}</span>
        </button>
      </div>
      <div id={`${id}-hint`} className="chat-composer-hint">
        <span>{price}</span>
        <span
          className={`chat-counter${isTooLong ? ' is-over' : ''}`}
          aria-live={isTooLong ? 'polite' : 'off'}
        >
          {isTooLong ? t('tooLong', { max }) : t('counter', { count: length, max })}
        </span>
      </div>
      <GiftPicker
        show={shown === 'gift'}
        giftCredits={composer.gift_credits}
        onPick={(gift) => {
          close();
          props.onSendGift(gift);
        }}
        onClose={close}
      />
      <GifSearch
        show={shown === 'gif'}
        onPick={(gif) => {
          close();
          props.onSendGif(gif);
        }}
        onClose={close}
      />
      <IcebreakerModal
        show={shown === 'icebreakers'}
        member={props.member}
        memberName={props.memberName}
        onPick={(text) => {
          setOpenerPicked(true);
          close();
          props.onDraftChange(text);
        }}
        onClose={close}
        restoreFocus={!isOpenerPicked}
        onClosed={() => {
          if (isOpenerPicked) box.current?.focus();
        }}
      />
    </form>
  );
}
