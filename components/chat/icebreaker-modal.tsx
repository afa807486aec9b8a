'use client';

import { useTranslations } from 'next-intl';
import { useIcebreakers } from '@/lib/api/chat-extras';
import { ExtrasSheet, SheetError } from './extras-sheet';

export interface IcebreakerModalProps {
  show: boolean;
  /** The other member: their id (for suggestions that use their interests) and name. */
  member: number;
  memberName: string;
  /** The chosen opener, for the composer. */
  onPick(text: string): void;
  onClose(): void;
  /** Once the dialog is gone; with `restoreFocus` false, focus is the caller's to place. */
  onClosed?(): void;
  restoreFocus?: boolean;
}

/** Suggested openers for an empty conversation, in the member's language. */
export function IcebreakerModal(props: IcebreakerModalProps) {
  const t = useTranslations('Icebreakers');
  const openers = useIcebreakers(props.member, props.show);

  let content;
  if (openers.isPending) {
    content = (
      <ul className="icebreaker-list" aria-busy="true" aria-label={t('loading')}>
        {[0, 1, 2, 3, 4].map((index) => (
          <li key={index} className="icebreaker-skeleton skeleton" />
        ))}
      </ul>
    );
  } else if (openers.isError) {
    content = (
      <SheetError message={t('error')} retryLabel={t('retry')} onRetry={() => void openers.refetch()} />
    );
  } else if (openers.data.icebreakers.length === 0) {
    content = <p className="extras-sheet-state">{t('empty')}</p>;
  } else {
    content = (
      <ul className="icebreaker-list">
        {openers.data.icebreakers.map((text) => (
          <li key={text}>
            <button type="button" className="icebreaker-option" onClick={() => props.onPick(text)}>
              {text}
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <ExtrasSheet
      show={props.show}
      titleId="icebreaker-title"
      title={t('title')}
      closeLabel={t('close')}
      onClose={() => props.onClose()}
      onClosed={() => props.onClosed?.()}
      restoreFocus={props.restoreFocus}
    >
      <p className="text-body-secondary small mb-3">{t('intro', { name: props.memberName })}</p>
      {content}
    </ExtrasSheet>
  );
}
