'use client';

import type { Gift } from '@/lib/shared/schemas/chat';

export interface GiftPickerProps {
  show: boolean;
  /** What one gift costs, in credits (settings `gift_credits`). */
  giftCredits: number;
  onPick(gift: Gift): void;
  onClose(): void;
}

/** The gift catalogue as a dialog; picking one hands it to the caller, who sends it. */
export function GiftPicker(props: GiftPickerProps) {
  void props;
  return null;
}
