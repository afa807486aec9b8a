'use client';

import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import { useUser } from '@/lib/api/hooks';
import { TIME_BONUS_MODAL_DELAY_MS } from '@/lib/shared/constants';
import { dismiss, useDismissedAt } from '../hooks/dismissals';
import { useTimeBonus } from './use-time-bonus';

// The dialog (and the modal library under it) loads only when the offer is due.
const TimeBonusDialog = dynamic(() => import('./time-bonus-dialog'), { ssr: false });

/**
 * The time-bonus offer (spec §2, §4): shown `delayMs` (40 s) after the member entered the members
 * area, only with 0 credits, a visible time bonus, and when it was not dismissed before. Closing it
 * records the dismissal (`time-bonus-modal`, with the time).
 */
export function TimeBonusModal(props: { delayMs?: number }) {
  const delayMs = props.delayMs ?? TIME_BONUS_MODAL_DELAY_MS;
  const { data: user } = useUser();
  const isLoggedIn = Boolean(user);
  const isVisible = useTimeBonus((state) => state.isVisible);
  const dismissedAt = useDismissedAt('time-bonus-modal');
  const [isDue, setIsDue] = useState(false);
  const [isClosed, setIsClosed] = useState(false);

  useEffect(() => {
    if (!isLoggedIn) return;
    const timer = setTimeout(() => setIsDue(true), delayMs);
    return () => {
      clearTimeout(timer);
      setIsDue(false);
    };
  }, [isLoggedIn, delayMs]);

  const show = isDue && !isClosed && user?.credits === 0 && isVisible && dismissedAt === null;
  const close = () => {
    setIsClosed(true);
    dismiss('time-bonus-modal');
  };
  if (!show) return null;
  return <TimeBonusDialog onClose={close} />;
}
