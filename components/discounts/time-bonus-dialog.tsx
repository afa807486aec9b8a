'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import Modal from 'react-bootstrap/Modal';
import { useTimeBonus } from './use-time-bonus';

/** The act-fast line is told this many hours (spec §2: it is passed 4 as the time left). */
const ACT_FAST_HOURS = 4;

/** The time-bonus offer's dialog (time-bonus-modal.tsx decides when it shows), with its countdown. */
export default function TimeBonusDialog(props: { onClose: () => void }) {
  const t = useTranslations('TimeBonus');
  const percentage = useTimeBonus((state) => state.percentage);
  const time = useTimeBonus((state) => `${state.hours}:${state.minutes}:${state.seconds}`);
  const close = props.onClose;
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
