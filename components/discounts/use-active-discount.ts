'use client';

import { useEffect, useState } from 'react';
import { useTimeBonusQuery, useWelcomeDiscount } from '@/lib/api/discounts';
import { timeParts } from '@/stores/time-bonus-store';
import { useTimeBonus } from './use-time-bonus';

export interface ActiveDiscount {
  code: string;
  percentage: number;
  kind: 'time_bonus' | 'welcome';
}

/** Whether a moment has passed; turns true at that moment without ticking every second. */
function useHasPassed(at: number | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null || at <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(at - now + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [at, now]);
  return at !== null && at <= now;
}

/** The welcome code while it lasts, with its end (ms), or null. */
function useLiveWelcome(): { code: string; percentage: number; endsAt: number | null } | null {
  const welcome = useWelcomeDiscount();
  const endsAt = welcome?.expires ? Date.parse(welcome.expires) : null;
  const isOver = useHasPassed(endsAt);
  if (!welcome || welcome.expired || welcome.status !== 'active' || isOver) return null;
  return { code: welcome.code, percentage: welcome.value_percentage, endsAt };
}

/**
 * The discount the member gets now (spec §4): the time bonus if there is one, otherwise the welcome
 * code; null for a paying member or without either.
 */
export function useActiveDiscount(): ActiveDiscount | null {
  const bonus = useTimeBonus((state) => (state.isVisible && state.code ? state.code : null));
  const bonusPercentage = useTimeBonus((state) => state.percentage);
  const isSynced = useTimeBonus((state) => state.isSynced);
  const welcome = useLiveWelcome();
  const { isSettled: isBonusKnown, data: bonusAnswer } = useTimeBonusQuery();
  if (bonus) return { code: bonus, percentage: bonusPercentage, kind: 'time_bonus' };
  // Before the countdown runs (the server's render and the first one here), the answer that came
  // with the page: the banner is in the first paint and stays where it is.
  if (!isSynced && bonusAnswer && bonusAnswer.seconds_left > 0)
    return { code: bonusAnswer.code, percentage: bonusAnswer.value_percentage, kind: 'time_bonus' };
  // The welcome code only once the server said there is no time bonus, so checkout never applies
  // the welcome code to then find the time bonus.
  if (welcome && isBonusKnown && !bonusAnswer)
    return { code: welcome.code, percentage: welcome.percentage, kind: 'welcome' };
  return null;
}

/** The time left of the active discount as zero-padded hours, minutes and seconds, ticking each second. */
export function useActiveDiscountCountdown(): { hours: string; minutes: string; seconds: string } | null {
  const active = useActiveDiscount();
  const bonusParts = useTimeBonus((state) => `${state.hours}:${state.minutes}:${state.seconds}`);
  const isSynced = useTimeBonus((state) => state.isSynced);
  const { data: bonusAnswer } = useTimeBonusQuery();
  const welcome = useLiveWelcome();
  const welcomeEnd = active?.kind === 'welcome' ? (welcome?.endsAt ?? null) : null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (welcomeEnd === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [welcomeEnd]);
  if (!active) return null;
  if (active.kind === 'time_bonus') {
    if (!isSynced && bonusAnswer) return timeParts(bonusAnswer.seconds_left);
    const [hours = '00', minutes = '00', seconds = '00'] = bonusParts.split(':');
    return { hours, minutes, seconds };
  }
  return welcomeEnd === null ? null : timeParts(Math.ceil((welcomeEnd - now) / 1000));
}
