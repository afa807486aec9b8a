'use client';

import { useEffect, type RefObject } from 'react';

/**
 * While `isOpen`, a pointer press or a focus move outside `root` calls `close` (a menu or disclosure
 * that stays open while the member has gone elsewhere would hide what they went to).
 */
export function useCloseOutside(
  root: RefObject<HTMLElement | null>,
  isOpen: boolean,
  close: () => void,
): void {
  useEffect(() => {
    if (!isOpen) return;
    const onOutside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [root, isOpen, close]);
}
