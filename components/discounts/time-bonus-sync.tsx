'use client';

import { useEffect } from 'react';
import { useTimeBonusQuery } from '@/lib/api/discounts';
import { useUser } from '@/lib/api/hooks';
import { timeBonusStore } from '@/stores/time-bonus-store';
import { useTimeBonus } from './use-time-bonus';

/**
 * Keeps the tab's time bonus (spec §4): set from the server's answer (loaded with the logged-in
 * refresh), counted down each second, cleared at zero, on logout and once the member has paid.
 */
export function TimeBonusSync() {
  const { data: user, isFetched } = useUser();
  const { data: bonus, dataUpdatedAt } = useTimeBonusQuery();
  const isRunning = useTimeBonus((state) => state.endsAt !== null);
  const isNewPayer = Boolean(user && !user.paid_user);

  useEffect(() => {
    const store = timeBonusStore.getState();
    if (!isNewPayer) {
      // Logged out or paid: no bonus (wait for the member to be known before clearing).
      if (isFetched) store.clear();
      return;
    }
    if (bonus)
      store.start(
        { code: bonus.code, percentage: bonus.value_percentage, secondsLeft: bonus.seconds_left },
        dataUpdatedAt || Date.now(),
      );
    else if (dataUpdatedAt) store.clear();
  }, [isNewPayer, isFetched, bonus, dataUpdatedAt]);

  useEffect(() => {
    if (!isRunning) return;
    const timer = setInterval(() => timeBonusStore.getState().tick(), 1000);
    return () => clearInterval(timer);
  }, [isRunning]);

  return null;
}
