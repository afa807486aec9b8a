'use client';

import { useStore } from 'zustand';
import { timeBonusStore, type TimeBonusState } from '@/stores/time-bonus-store';

/** A part of the tab's time bonus (stores/time-bonus-store.ts). */
export function useTimeBonus<T>(selector: (state: TimeBonusState) => T): T {
  return useStore(timeBonusStore, selector);
}
