'use client';

import { useTranslations } from 'next-intl';
import { useGifts } from '@/lib/api/chat-extras';
import type { Gift } from '@/lib/shared/schemas/chat';
import { ExtrasSheet, SheetError } from './extras-sheet';

export interface GiftPickerProps {
  show: boolean;
  /** What one gift costs, in credits (settings `gift_credits`). */
  giftCredits: number;
  onPick(gift: Gift): void;
  onClose(): void;
}

const SKELETONS = Array.from({ length: 8 }, (_, index) => index);

/** The gift catalogue as a dialog; picking one hands it to the caller, who sends it. */
export function GiftPicker(props: GiftPickerProps) {
  const t = useTranslations('Gifts');
  const gifts = useGifts(props.show);
  const credits = props.giftCredits;

  let content;
  if (gifts.isPending) {
    content = (
      <ul className="gift-grid" aria-busy="true" aria-label={t('loading')}>
        {SKELETONS.map((index) => (
          <li key={index} className="gift-tile gift-tile-skeleton">
            <span className="gift-tile-image skeleton" />
            <span className="gift-tile-name skeleton" />
          </li>
        ))}
      </ul>
    );
  } else if (gifts.isError) {
    content = (
      <SheetError message={t('error')} retryLabel={t('retry')} onRetry={() => void gifts.refetch()} />
    );
  } else if (gifts.data.gifts.length === 0) {
    content = <p className="extras-sheet-state">{t('empty')}</p>;
  } else {
    content = (
      <ul className="gift-grid">
        {gifts.data.gifts.map((gift) => (
          <li key={gift.id}>
            <button
              type="button"
              className="gift-tile"
              title={t('pick', { gift: gift.name, credits })}
              onClick={() => props.onPick(gift)}
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- small animated SVGs shipped with the app */}
              <img className="gift-tile-image" src={gift.image} alt="" width={96} height={96} />
              <span className="gift-tile-name">{gift.name}</span>
              <span className="gift-tile-price">{t('price', { credits })}</span>
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <ExtrasSheet
      show={props.show}
      titleId="gift-picker-title"
      title={t('title')}
      closeLabel={t('close')}
      onClose={() => props.onClose()}
    >
      {content}
    </ExtrasSheet>
  );
}
