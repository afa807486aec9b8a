'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useUser } from '@/lib/api/hooks';
import { TIME_BONUS_MODAL_DELAY_MS } from '@/lib/shared/constants';
import { dismiss, useDismissedAt } from '../hooks/dismissals';
import { useTimeBonus } from './use-time-bonus';

/** The act-fast line is told this many hours (spec §2: it is passed 4 as the time left). */
const ACT_FAST_HOURS = 4;

/**
 * The time-bonus offer (spec §2, §4): shown `delayMs` (40 s) after the member entered the members
 * area, only with 0 credits, a visible time bonus, and when it was not dismissed before. Closing it
 * records the dismissal (`time-bonus-modal`, with the time).
 */
export function TimeBonusModal(props: { delayMs?: number }) {
  const delayMs = props.delayMs ?? TIME_BONUS_MODAL_DELAY_MS;
  const t = useTranslations('TimeBonus');
  const { data: user } = useUser();
  const isLoggedIn = Boolean(user);
  const isVisible = useTimeBonus((state) => state.isVisible);
  const percentage = useTimeBonus((state) => state.percentage);
  const time = useTimeBonus((state) => `${state.hours}:${state.minutes}:${state.seconds}`);
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
  return (
    <Modal
      show
      onHide={close}
      centered
      contentClassName="time-bonus-modal"
      aria-labelledby="time-bonus-title"
    >
      <button type="button" className="btn-close time-bonus-close" aria-label={t('close')} onClick={close} />
      <div className="time-bonus-ribbon">{t('specialOffer')}</div>
      <Modal.Body className="text-center">
        <div className="time-bonus-badge" aria-hidden="true">
          {percentage}%
        </div>
        <h2 id="time-bonus-title" className="time-bonus-title">
          {t('modalTitle', { percentage })}
        </h2>
        <p className="mb-3">{t('modalBody', { percentage })}</p>
        <p className="time-bonus-act-fast">{t('actFast', { hours: ACT_FAST_HOURS })}</p>
        <Link href="/credits" className="btn btn-primary btn-lg w-100 mb-3" prefetch={false} onClick={close}>
          {t('unlock', { percentage })}
        </Link>
        <Link
          href="/credits"
          className="time-bonus-valid d-inline-block mb-2"
          prefetch={false}
          onClick={close}
        >
          <span role="timer" data-testid="time-bonus-countdown">
            {t('offerValid', { time })}
          </span>
        </Link>
        <p className="small text-body-secondary mb-0">{t('instant')}</p>
      </Modal.Body>
    </Modal>
  );
}
