'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState, type ReactNode } from 'react';
import { useFailureText } from '@/components/forms/field-errors';
import { readApiFailure } from '@/lib/api/auth';
import { useUser } from '@/lib/api/hooks';
import { useSendSelfie, useStartVerification, useVerification } from '@/lib/api/verification';
import type { VerificationStateView } from '@/lib/shared/schemas/verification';
import { poseImagePath, SELFIE_KEEP_DAYS, type VerificationPose } from '@/lib/shared/values/verification';
import { SelfieCamera } from './selfie-camera';
import { VerifiedSeal } from './verified-seal';

/** The small drawings of the states that are not "verified" (which shows the seal). */
const STATE_ICONS = {
  // A clock: the team is on it.
  waiting: (
    <>
      <circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 7.5V12l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  // An exclamation mark: not approved.
  problem: (
    <>
      <circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 7.5v5.5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      <circle cx="12" cy="16.4" r="1.3" fill="currentColor" />
    </>
  ),
  // Two bars: the badge is paused or off.
  paused: (
    <>
      <circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M10 8.8v6.4M14 8.8v6.4" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </>
  ),
} as const;

/** A state's heading with its icon (verified: none, the panel's seal says it). */
function StateHeading(props: { tone: 'verified' | keyof typeof STATE_ICONS; children: ReactNode }) {
  return (
    <h3 className={`verification-state-title is-${props.tone}`}>
      {props.tone === 'verified' ? null : (
        <span className="verification-state-icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" focusable="false">
            {STATE_ICONS[props.tone]}
          </svg>
        </span>
      )}
      {props.children}
    </h3>
  );
}

/** The pose to copy: its drawing and what to do, in the member's language. */
function PoseCard(props: { pose: VerificationPose; isCompact?: boolean }) {
  const t = useTranslations('Verification');
  return (
    <figure className={`verification-pose${props.isCompact ? ' is-compact' : ''}`}>
      {/* eslint-disable-next-line @next/next/no-img-element -- a drawing shipped with the app */}
      <img src={poseImagePath(props.pose)} alt="" width={240} height={240} />
      <figcaption>
        {props.isCompact ? null : <span className="verification-pose-label">{t('poseTitle')}</span>}
        <span className="verification-pose-text">{t(`poses.${props.pose}`)}</span>
      </figcaption>
    </figure>
  );
}

/** What the member reads and may do in each state of their verification. */
function StateView(props: {
  state: VerificationStateView;
  isConfirmed: boolean;
  isStarting: boolean;
  isSending: boolean;
  onStart: () => void;
  onSend: (selfie: Blob) => void;
}) {
  const t = useTranslations('Verification');
  const format = useFormatter();
  const { state } = props;
  const date = (iso: string | null) => (iso ? format.dateTime(new Date(iso), { dateStyle: 'long' }) : '');
  const reason = state.reason ? t(`rejections.${state.reason}`) : null;

  const startButton = (label: string) => (
    <button
      type="button"
      className="btn btn-primary"
      disabled={!state.can_request || !props.isConfirmed || props.isStarting}
      onClick={props.onStart}
    >
      {props.isStarting ? t('starting') : label}
    </button>
  );
  const requirement = !props.isConfirmed ? (
    <p className="form-text mb-0">{t('confirmFirst')}</p>
  ) : !state.has_photo ? (
    <p className="form-text mb-0">{t('needsPhoto')}</p>
  ) : null;

  switch (state.state) {
    case 'unavailable':
      return <p className="mb-0 text-body-secondary">{t('unavailable')}</p>;
    case 'none':
      return (
        <>
          <ol className="verification-steps" aria-label={t('stepsLabel')}>
            <li>{t('step1')}</li>
            <li>{t('step2')}</li>
            <li>{t('step3')}</li>
          </ol>
          <p className="verification-privacy">{t('privacy', { days: SELFIE_KEEP_DAYS })}</p>
          <div className="verification-cta">
            {startButton(t('start'))}
            {requirement}
          </div>
        </>
      );
    case 'posing':
      return state.pose ? (
        <div className="verification-posing">
          <div>
            <PoseCard pose={state.pose} />
            <p className="form-text">{t('poseHint')}</p>
          </div>
          <SelfieCamera
            poseImage={poseImagePath(state.pose)}
            isSending={props.isSending}
            onSend={props.onSend}
          />
          <p className="verification-privacy verification-posing-privacy">
            {t('privacy', { days: SELFIE_KEEP_DAYS })}
          </p>
        </div>
      ) : null;
    case 'waiting':
      return (
        <div className="verification-state">
          {state.pose ? <PoseCard pose={state.pose} isCompact /> : null}
          <div>
            <StateHeading tone="waiting">{t('waitingTitle')}</StateHeading>
            <p>{t('waitingText')}</p>
            {state.since ? (
              <p className="form-text mb-0">{t('sentOn', { date: date(state.since) })}</p>
            ) : null}
          </div>
        </div>
      );
    case 'verified':
      return (
        <div className="verification-state is-verified">
          <div>
            <StateHeading tone="verified">{t('verifiedTitle')}</StateHeading>
            <p>{t('verifiedText')}</p>
            {state.since ? (
              <p className="form-text mb-0">{t('verifiedSince', { date: date(state.since) })}</p>
            ) : null}
          </div>
        </div>
      );
    case 'rejected':
      return (
        <div className="verification-state">
          <div>
            <StateHeading tone="problem">{t('rejectedTitle')}</StateHeading>
            {reason ? <p>{t('reasonLine', { reason })}</p> : null}
            <div className="verification-cta">
              {startButton(t('tryAgain'))}
              {requirement ?? <p className="form-text mb-0">{t('retryHint')}</p>}
            </div>
          </div>
        </div>
      );
    case 'rechecking':
      return (
        <div className="verification-state">
          <div>
            <StateHeading tone="paused">{t('recheckingTitle')}</StateHeading>
            <p className="mb-0">{t('recheckingText')}</p>
          </div>
        </div>
      );
    case 'withdrawn':
      return (
        <div className="verification-state">
          <div>
            <StateHeading tone="paused">{t('withdrawnTitle')}</StateHeading>
            {reason ? <p>{t('withdrawnReason', { reason })}</p> : null}
            <p>{t('withdrawnText')}</p>
            <div className="verification-cta">
              {startButton(t('verifyAgain'))}
              {requirement ?? <p className="form-text mb-0">{t('retryHint')}</p>}
            </div>
          </div>
        </div>
      );
  }
}

/**
 * The profile editor's photo verification (`/profile#verification`): what it is and why, then the
 * member's state — asking for a pose, copying it in a selfie with the camera (or an uploaded photo),
 * waiting for the team, verified, rejected with the reason, the badge paused or off — with what
 * they can do next.
 */
export function VerificationPanel() {
  const t = useTranslations('Verification');
  const failureText = useFailureText();
  const headingId = useId();
  const { data: user } = useUser();
  const verification = useVerification();
  const start = useStartVerification();
  const send = useSendSelfie();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const state = verification.data;
  const isVerified = state?.state === 'verified';

  const onStart = () => {
    setError(null);
    setNotice(null);
    start.mutate(undefined, {
      onError: (failure) => setError(failureText(readApiFailure(failure).message)),
    });
  };
  const onSend = (selfie: Blob) => {
    setError(null);
    send.mutate(selfie, {
      onSuccess: () => setNotice(t('sent')),
      onError: (failure) => setError(failureText(readApiFailure(failure).message)),
    });
  };

  return (
    <section
      id="verification"
      className={`card mb-4 verification-panel${isVerified ? ' is-verified' : ''}`}
      aria-labelledby={headingId}
    >
      <div className="card-body">
        <div className="verification-head">
          <span className="verification-head-seal" aria-hidden="true">
            <VerifiedSeal />
          </span>
          <div>
            <h2 id={headingId} className="h4 card-title mb-1">
              {t('title')}
            </h2>
            {isVerified || state?.state === 'unavailable' ? null : (
              <p className="text-body-secondary mb-0">{t('intro')}</p>
            )}
          </div>
        </div>
        {verification.isPending ? (
          <div className="verification-skeleton skeleton" aria-hidden="true" />
        ) : null}
        {verification.isError ? (
          <div className="alert alert-danger" role="alert">
            <p>{t('loadFailed')}</p>
            <button
              type="button"
              className="btn btn-outline-danger btn-sm"
              onClick={() => void verification.refetch()}
            >
              {t('retry')}
            </button>
          </div>
        ) : null}
        {state ? (
          <StateView
            state={state}
            isConfirmed={user?.status !== 'not_confirmed'}
            isStarting={start.isPending}
            isSending={send.isPending}
            onStart={onStart}
            onSend={onSend}
          />
        ) : null}
        <div role="status">
          {notice ? <div className="alert alert-success mt-3 mb-0">{notice}</div> : null}
        </div>
        {error ? (
          <div className="alert alert-danger mt-3 mb-0" role="alert">
            {error}
          </div>
        ) : null}
      </div>
    </section>
  );
}
