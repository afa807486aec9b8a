'use client';

import type { GifResult } from '@/lib/shared/schemas/chat';

export interface GifSearchProps {
  show: boolean;
  onPick(gif: GifResult): void;
  onClose(): void;
}

/** GIF search as a dialog; picking one hands it to the caller, who sends it. */
export function GifSearch(props: GifSearchProps) {
  void props;
  return null;
}
