'use client';

/** The discount a member's purchase gets now: the time bonus when present, else the welcome code (spec §4). */
export interface ActiveDiscount {
  code: string;
  percentage: number;
  kind: 'time_bonus' | 'welcome';
}

/** The active discount, or null when there is none. */
export function useActiveDiscount(): ActiveDiscount | null {
  return null;
}
