'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormatter, useNow, useTranslations } from 'next-intl';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { operatorApiError, operatorKeys, useOperatorApi } from '@/lib/api/operator-api';
import type {
  ModerationDecided,
  ModerationItemDetail,
  ModerationQueue,
  ModerationQueueItem,
} from '@/lib/shared/schemas/moderation';
import {
  poseImagePath,
  VERIFICATION_REJECTIONS,
  type VerificationRejection,
} from '@/lib/shared/values/verification';
import {
  ACTIONS_WITHOUT_REASON,
  MODERATION_REASON_LENGTH,
  MODERATION_VIOLATIONS,
  SUSPENSION_DAYS,
  type ModerationAction,
  type ModerationItemKind,
  type ModerationViolation,
} from '@/lib/shared/values/moderation';
import { useConsoleShortcuts, type ConsoleShortcut } from './console-shortcuts';

const queueKey = (kind: ModerationItemKind | 'all') => ['operator', 'moderation', 'queue', kind] as const;
const itemKey = (id: number) => ['operator', 'moderation', 'item', id] as const;

/** The decisions an item offers, in the order of the buttons, with their keys. */
const ACTION_KEYS: Record<ModerationAction, string> = {
  dismiss: 'd',
  warn: 'w',
  hide_photo: 'h',
  approve_photo: 'a',
  approve_verification: 'v',
  reject_verification: 'r',
  suspend: 's',
  ban: 'b',
};
const ALL_ACTIONS = Object.keys(ACTION_KEYS) as ModerationAction[];
const ACTIONS_FOR: Record<ModerationItemKind, readonly ModerationAction[]> = {
  complaint: ['dismiss', 'warn', 'hide_photo', 'suspend', 'ban'],
  photo: ['approve_photo', 'hide_photo', 'warn', 'suspend', 'ban'],
  verification: ['approve_verification', 'reject_verification'],
  verification_recheck: ['approve_verification', 'reject_verification'],
};

/** Verification selfies and re-checks: decided by comparing pictures, with a fixed reason to reject. */
const isVerificationKind = (kind: ModerationItemKind) =>
  kind === 'verification' || kind === 'verification_recheck';

/** The colour of a queue row's kind. */
const KIND_BADGE: Record<ModerationItemKind, string> = {
  complaint: 'text-bg-warning',
  photo: 'text-bg-info',
  verification: 'text-bg-success',
  verification_recheck: 'text-bg-secondary',
};

/** What a queue row says under the member's name when the item is not a complaint. */
const KIND_LINE = {
  photo: 'newPhoto',
  verification: 'newVerification',
  verification_recheck: 'newRecheck',
} as const;

/** The rule a complaint's reason points at, as the decision's first guess. */
function suggestedViolation(item: ModerationItemDetail): ModerationViolation {
  if (item.kind === 'photo') return 'inappropriate_photos';
  const reason = item.complaint?.reason;
  return reason && (MODERATION_VIOLATIONS as readonly string[]).includes(reason)
    ? (reason as ModerationViolation)
    : 'other';
}

/** What a line without text was: a gift, a GIF or a photo. */
const messageKind = (kind: string): 'gift' | 'gif' | 'photo' =>
  kind === 'gift' || kind === 'gif' ? kind : 'photo';

function QueueRow(props: { item: ModerationQueueItem; isSelected: boolean; onSelect: () => void }) {
  const t = useTranslations('OperatorModeration');
  const format = useFormatter();
  const now = useNow({ updateInterval: 60_000 });
  const { item } = props;
  return (
    <li>
      <button
        type="button"
        className={`moderation-row${props.isSelected ? ' is-selected' : ''}`}
        aria-current={props.isSelected ? 'true' : undefined}
        data-item-id={item.id}
        onClick={props.onSelect}
      >
        <span className="d-flex justify-content-between gap-2">
          <span className={`badge ${KIND_BADGE[item.kind]}`}>{t(`kinds.${item.kind}`)}</span>
          <span className="small text-body-secondary">
            {format.relativeTime(new Date(item.createdAt), now)}
          </span>
        </span>
        <span className="d-block fw-semibold text-truncate">{item.member?.name ?? t('noMember')}</span>
        <span className="d-block small text-body-secondary text-truncate">
          {item.complaint
            ? `${t(`reasons.${item.complaint.reason}`)}: ${item.complaint.excerpt}`
            : item.kind === 'complaint'
              ? ''
              : t(KIND_LINE[item.kind])}
        </span>
        {item.claimedBy ? (
          <span className="d-block small moderation-claimed">
            {t('inReviewBy', { name: item.claimedBy.name })}
          </span>
        ) : null}
      </button>
    </li>
  );
}

/** Asks before a suspension or a ban, naming the member and what happens. */
function ConfirmDialog(props: {
  action: 'suspend' | 'ban' | null;
  name: string;
  days: number;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations('OperatorModeration');
  const headingId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (props.action && !element.open) element.showModal();
    if (!props.action && element.open) element.close();
  }, [props.action]);
  return (
    <dialog ref={dialog} className="console-dialog" aria-labelledby={headingId} onClose={props.onCancel}>
      <h2 id={headingId} className="h5">
        {props.action === 'ban'
          ? t('confirmBanTitle', { name: props.name })
          : t('confirmSuspendTitle', { name: props.name })}
      </h2>
      <p>{props.action === 'ban' ? t('confirmBanText') : t('confirmSuspendText', { days: props.days })}</p>
      <div className="d-flex justify-content-end gap-2">
        <button type="button" className="btn btn-outline-secondary" onClick={props.onCancel}>
          {t('cancel')}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={props.isPending}
          onClick={props.onConfirm}
          autoFocus
        >
          {props.action === 'ban' ? t('confirmBan') : t('confirmSuspend', { days: props.days })}
        </button>
      </div>
    </dialog>
  );
}

function ItemContext(props: { item: ModerationItemDetail }) {
  const t = useTranslations('OperatorModeration');
  const format = useFormatter();
  const { item } = props;
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  const complaint = item.complaintDetail;
  return (
    <>
      {complaint ? (
        <section className="moderation-block" aria-label={t('complaint')}>
          <p className="small text-body-secondary mb-1">
            {t('complaintMeta', {
              reference: complaint.reference,
              date: when(complaint.createdAt),
              reporter: complaint.reporter.name ?? complaint.reporter.email,
            })}
          </p>
          <p className="fw-semibold mb-1">{t(`reasons.${complaint.reason}`)}</p>
          <blockquote className="moderation-quote mb-0">{complaint.text}</blockquote>
        </section>
      ) : null}
      {item.conversation ? (
        <section className="moderation-block" aria-labelledby="moderation-conversation">
          <h3 id="moderation-conversation" className="h6">
            {t('conversation')}
          </h3>
          {item.conversation.length === 0 ? <p className="small mb-0">{t('conversationEmpty')}</p> : null}
          <ol className="moderation-chat list-unstyled mb-0">
            {item.conversation.map((line) => (
              <li key={line.id} className={line.senderId === item.member?.id ? 'is-member' : 'is-reporter'}>
                <span className="small text-body-secondary">
                  {line.senderId === item.member?.id ? item.member.name : t('reporter')} ·{' '}
                  {when(line.createdAt)}
                </span>
                <span className="d-block">{line.text ?? t(`messageKinds.${messageKind(line.kind)}`)}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {item.profile && item.member ? (
        <section className="moderation-block" aria-labelledby="moderation-profile">
          <h3 id="moderation-profile" className="h6">
            {t('profile')}
          </h3>
          <dl className="moderation-facts mb-0">
            <dt>{t('memberId')}</dt>
            <dd>{item.member.id}</dd>
            <dt>{t('status')}</dt>
            <dd>
              {t(`memberStatuses.${item.member.status}`)}
              {item.member.suspendedUntil
                ? ` (${t('until', { date: when(item.member.suspendedUntil) })})`
                : ''}
            </dd>
            <dt>{t('ageCountry')}</dt>
            <dd>
              {[item.profile.age, item.profile.gender, item.profile.city, item.profile.country]
                .filter((v) => v !== null && v !== '')
                .join(' · ')}
            </dd>
            <dt>{t('email')}</dt>
            <dd>{item.profile.email}</dd>
            <dt>{t('memberSince')}</dt>
            <dd>{when(item.profile.createdAt)}</dd>
            {item.profile.signupMessage ? (
              <>
                <dt>{t('about')}</dt>
                <dd>{item.profile.signupMessage}</dd>
              </>
            ) : null}
          </dl>
        </section>
      ) : null}
      {item.recentComplaints.length > 0 || item.decisions.length > 0 ? (
        <section className="moderation-block" aria-labelledby="moderation-history">
          <h3 id="moderation-history" className="h6">
            {t('history')}
          </h3>
          <ul className="small mb-0 ps-3">
            {item.decisions.map((d) => (
              <li key={`d${d.id}`}>
                {t('decisionLine', {
                  action: t(`actions.${d.action}`),
                  name: d.operator.name,
                  date: when(d.createdAt),
                })}
                {d.reason ? `: ${d.reason}` : ''}
                {d.verificationRejection ? `: ${t(`rejections.${d.verificationRejection}`)}` : ''}
              </li>
            ))}
            {item.recentComplaints.map((c) => (
              <li key={`c${c.id}`}>
                {t('complaintLine', {
                  reference: c.reference,
                  reason: t(`reasons.${c.reason}`),
                  date: when(c.createdAt),
                })}{' '}
                <span className="text-body-secondary">({t(`complaintStatuses.${c.status}`)})</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/**
 * What a verification is decided on: the pose asked for, the selfie (streamed to moderators only)
 * and the main photo to compare it with (for a re-check, the new main photo).
 */
function VerificationCompare(props: { item: ModerationItemDetail }) {
  const t = useTranslations('OperatorModeration');
  const { item } = props;
  const request = item.verification;
  if (!request) return null;
  const name = item.member?.name ?? '';
  const isRecheck = item.kind === 'verification_recheck';
  // Beside the selfie: the new main photo of a re-check, else the member's main photo.
  const compared = isRecheck ? item.photo : (item.photos.find((photo) => photo.isMain) ?? null);
  return (
    <section className="moderation-block" aria-label={t('selfie')}>
      <p className="small text-body-secondary">{isRecheck ? t('recheckHint') : t('compareHint')}</p>
      <div className="verification-compare">
        <figure>
          <figcaption>{t('poseAsked')}</figcaption>
          {/* eslint-disable-next-line @next/next/no-img-element -- a drawing shipped with the app */}
          <img src={poseImagePath(request.pose)} alt="" width={240} height={240} />
          <p className="small mb-0">{t(`poses.${request.pose}`)}</p>
        </figure>
        <figure>
          <figcaption>{t('selfie')}</figcaption>
          {request.selfieUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- a private picture from the operator API
            <img src={request.selfieUrl} alt={t('selfieAlt', { name })} className="is-selfie" />
          ) : (
            <p className="small text-body-secondary">{t('selfieGone')}</p>
          )}
        </figure>
        {compared ? (
          <figure>
            <figcaption>{isRecheck ? t('newMainPhoto') : t('mainPhoto')}</figcaption>
            <a href={compared.url} target="_blank" rel="noreferrer">
              {/* eslint-disable-next-line @next/next/no-img-element -- photos come from the site's CDN prefix, a host known only at run time */}
              <img src={compared.url} alt={t('photoAlt', { id: compared.id })} className="is-selfie" />
            </a>
          </figure>
        ) : null}
      </div>
    </section>
  );
}

/** The opened item: its context and the decision form, with the queue's keys. */
function ItemPanel(props: {
  itemId: number | null;
  headingId: string;
  onMove: (step: 1 | -1) => void;
  onDecided: (result: ModerationDecided) => void;
}) {
  const t = useTranslations('OperatorModeration');
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  const ids = useId();
  const reasonId = `${ids}-reason`;
  const { itemId } = props;
  // Opening an item claims it for this moderator: the reporter then reads "in review".
  const item = useQuery({
    queryKey: itemKey(itemId ?? 0),
    enabled: itemId !== null,
    staleTime: Infinity,
    queryFn: async () => (await api.post<ModerationItemDetail>('moderation-item.php', { id: itemId })).data,
  });
  const detail = item.data;
  const [reason, setReason] = useState('');
  // Until the moderator picks, the rule and the photo follow the item (the complaint's reason, its photo).
  const [pickedViolation, setViolation] = useState<ModerationViolation | null>(null);
  const [days, setDays] = useState(7);
  const [pickedPhoto, setPhotoId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<'suspend' | 'ban' | null>(null);
  const [rejection, setRejection] = useState<VerificationRejection>('pose_mismatch');
  const [error, setError] = useState<string | null>(null);
  const violation = pickedViolation ?? (detail ? suggestedViolation(detail) : 'other');
  const photoId = pickedPhoto ?? (detail?.kind === 'photo' ? (detail.photo?.id ?? null) : null);
  const trimmed = reason.trim();

  const decide = useMutation({
    mutationFn: async (action: ModerationAction) =>
      (
        await api.post<ModerationDecided>('moderation-decision.php', {
          item: itemId,
          action,
          ...(trimmed && !isVerificationKind(detail?.kind ?? 'complaint') ? { reason: trimmed } : {}),
          ...(ACTIONS_WITHOUT_REASON.includes(action) ? {} : { violation }),
          ...(action === 'suspend' ? { days } : {}),
          ...(action === 'hide_photo' && detail?.kind === 'complaint' && photoId !== null
            ? { photo: photoId }
            : {}),
          ...(action === 'reject_verification' ? { rejection } : {}),
        })
      ).data,
    onSuccess: (result) => {
      setConfirming(null);
      props.onDecided(result);
    },
    onError: (failure) => {
      setConfirming(null);
      setError(operatorApiError(failure)?.message ?? t('failed'));
      void queryClient.invalidateQueries({ queryKey: ['operator', 'moderation', 'queue'] });
    },
  });

  const available = detail && detail.state !== 'decided' ? ACTIONS_FOR[detail.kind] : [];
  const isPossible = (action: ModerationAction) =>
    available.includes(action) &&
    (action === 'dismiss' || detail?.member !== null) &&
    !(detail?.member?.status === 'banned' && (action === 'suspend' || action === 'ban')) &&
    // Fictional profiles are never verified.
    !(action === 'approve_verification' && detail?.profile?.fictional === true) &&
    !(action === 'hide_photo' && detail?.kind === 'complaint' && photoId === null);

  const start = (action: ModerationAction) => {
    if (!isPossible(action) || decide.isPending) return;
    setError(null);
    if (!ACTIONS_WITHOUT_REASON.includes(action) && trimmed.length < MODERATION_REASON_LENGTH.min) {
      setError(t('reasonNeeded'));
      document.getElementById(reasonId)?.focus();
      return;
    }
    if (action === 'suspend' || action === 'ban') setConfirming(action);
    else decide.mutate(action);
  };

  // The keys act on the current item and form: they call the latest handlers, and the list changes
  // only when what the keys may do changes.
  const latest = useRef({ start, onMove: props.onMove });
  useLayoutEffect(() => {
    latest.current = { start, onMove: props.onMove };
  });
  const enabled = ALL_ACTIONS.map((action) => (isPossible(action) ? '1' : '0')).join('');
  const shortcuts = useMemo<ConsoleShortcut[]>(
    () => [
      { key: 'j', label: t('keys.next'), onKey: () => latest.current.onMove(1) },
      { key: 'k', label: t('keys.previous'), onKey: () => latest.current.onMove(-1) },
      ...ALL_ACTIONS.map((action, index) => ({
        key: ACTION_KEYS[action],
        label: t(`actions.${action}`),
        onKey: () => latest.current.start(action),
        isDisabled: enabled[index] !== '1',
      })),
    ],
    [t, enabled],
  );
  useConsoleShortcuts(shortcuts);

  const name = detail?.member?.name ?? t('noMember');
  return (
    <section className="moderation-item" aria-labelledby={props.headingId} aria-busy={item.isFetching}>
      {itemId === null ? <p className="text-body-secondary">{t('nothingOpen')}</p> : null}
      {item.isError ? (
        <div className="alert alert-danger" role="alert">
          {operatorApiError(item.error)?.message ?? t('loadFailed')}
        </div>
      ) : null}
      {itemId !== null && item.isPending ? <p className="small">{t('loading')}</p> : null}
      {detail ? (
        <>
          <h2 id={props.headingId} className="h4 mb-1">
            {detail.kind === 'photo'
              ? t('photoOf', { name })
              : detail.kind === 'verification'
                ? t('verificationOf', { name })
                : detail.kind === 'verification_recheck'
                  ? t('recheckOf', { name })
                  : t('complaintAbout', { name })}
          </h2>
          <p className="small text-body-secondary">
            {detail.claimedBy ? t('inReviewBy', { name: detail.claimedBy.name }) : null}
          </p>
          {isVerificationKind(detail.kind) && detail.profile?.fictional ? (
            <p className="alert alert-warning py-2">{t('fictionalNote')}</p>
          ) : null}
          {isVerificationKind(detail.kind) ? <VerificationCompare item={detail} /> : null}
          {detail.photos.length > 0 ? (
            <section className="moderation-block" aria-labelledby={`${ids}-photos`}>
              <h3 id={`${ids}-photos`} className="h6">
                {t('photos', { count: detail.photos.length })}
              </h3>
              <ul className="moderation-photos list-unstyled mb-0">
                {detail.photos.map((photo) => {
                  const isItemPhoto = detail.photo?.id === photo.id;
                  const isChoosable =
                    detail.kind === 'complaint' && detail.state !== 'decided' && photo.status !== 'rejected';
                  return (
                    <li key={photo.id} className={isItemPhoto ? 'is-item-photo' : undefined}>
                      <a href={photo.url} target="_blank" rel="noreferrer">
                        {/* eslint-disable-next-line @next/next/no-img-element -- photos come from the site's CDN prefix, a host known only at run time */}
                        <img src={photo.thumbUrl} alt={t('photoAlt', { id: photo.id })} loading="lazy" />
                      </a>
                      <span className={`badge moderation-photo-status is-${photo.status}`}>
                        {t(`photoStatuses.${photo.status}`)}
                      </span>
                      {photo.isVerified ? (
                        <span className="badge moderation-photo-checked">{t('checked')}</span>
                      ) : null}
                      {isChoosable ? (
                        <label className="form-check small mt-1">
                          <input
                            type="radio"
                            className="form-check-input"
                            name={`${ids}-hide`}
                            checked={photoId === photo.id}
                            onChange={() => setPhotoId(photo.id)}
                          />
                          <span className="form-check-label">{t('chooseToHide')}</span>
                        </label>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </section>
          ) : null}
          <ItemContext item={detail} />
          {detail.state === 'decided' ? (
            <p className="alert alert-info">{t('alreadyDecided')}</p>
          ) : (
            <form
              className="moderation-decide"
              aria-label={t('decision')}
              onSubmit={(event) => event.preventDefault()}
            >
              {isVerificationKind(detail.kind) ? (
                <div className="row g-2">
                  <div className="col-sm-8">
                    <label className="form-label small" htmlFor={`${ids}-rejection`}>
                      {t('rejection')}
                    </label>
                    <select
                      id={`${ids}-rejection`}
                      className="form-select form-select-sm"
                      value={rejection}
                      aria-describedby={`${ids}-rejection-help`}
                      onChange={(event) => setRejection(event.target.value as VerificationRejection)}
                    >
                      {VERIFICATION_REJECTIONS.map((value) => (
                        <option key={value} value={value}>
                          {t(`rejections.${value}`)}
                        </option>
                      ))}
                    </select>
                    <p id={`${ids}-rejection-help`} className="form-text mb-0">
                      {t('rejectionHelp')}
                    </p>
                  </div>
                </div>
              ) : (
                <div className="row g-2">
                  <div className="col-12">
                    <label className="form-label small" htmlFor={reasonId}>
                      {t('reason')}
                    </label>
                    <textarea
                      id={reasonId}
                      className={`form-control${error && trimmed.length < MODERATION_REASON_LENGTH.min ? ' is-invalid' : ''}`}
                      rows={2}
                      maxLength={MODERATION_REASON_LENGTH.max}
                      value={reason}
                      aria-describedby={`${ids}-reason-help`}
                      onChange={(event) => setReason(event.target.value)}
                    />
                    <p id={`${ids}-reason-help`} className="form-text mb-0">
                      {t('reasonHelp')}
                    </p>
                  </div>
                  <div className="col-sm-7">
                    <label className="form-label small" htmlFor={`${ids}-violation`}>
                      {t('violation')}
                    </label>
                    <select
                      id={`${ids}-violation`}
                      className="form-select form-select-sm"
                      value={violation}
                      onChange={(event) => setViolation(event.target.value as ModerationViolation)}
                    >
                      {MODERATION_VIOLATIONS.map((value) => (
                        <option key={value} value={value}>
                          {t(`violations.${value}`)}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="col-sm-5">
                    <label className="form-label small" htmlFor={`${ids}-days`}>
                      {t('days')}
                    </label>
                    <input
                      id={`${ids}-days`}
                      type="number"
                      className="form-control form-control-sm"
                      min={SUSPENSION_DAYS.min}
                      max={SUSPENSION_DAYS.max}
                      value={days}
                      onChange={(event) =>
                        setDays(
                          Math.min(
                            SUSPENSION_DAYS.max,
                            Math.max(SUSPENSION_DAYS.min, Number(event.target.value) || 1),
                          ),
                        )
                      }
                    />
                  </div>
                </div>
              )}
              {error ? (
                <div className="alert alert-danger py-2 mt-2 mb-0" role="alert">
                  {error}
                </div>
              ) : null}
              <div className="moderation-actions">
                {available.map((action) => (
                  <button
                    key={action}
                    type="button"
                    className={`btn btn-sm ${
                      action === 'ban' || action === 'suspend'
                        ? 'btn-outline-danger'
                        : action === 'approve_photo' || action === 'approve_verification'
                          ? 'btn-success'
                          : 'btn-outline-secondary'
                    }`}
                    disabled={!isPossible(action) || decide.isPending}
                    aria-keyshortcuts={ACTION_KEYS[action]}
                    data-action={action}
                    onClick={() => start(action)}
                  >
                    {t(`actions.${action}`)} <kbd>{ACTION_KEYS[action]}</kbd>
                  </button>
                ))}
              </div>
            </form>
          )}
        </>
      ) : null}
      <ConfirmDialog
        action={confirming}
        name={name}
        days={days}
        isPending={decide.isPending}
        onConfirm={() => {
          if (confirming) decide.mutate(confirming);
        }}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}

/**
 * The moderation queue: complaints, new photos, verification selfies and re-checks, oldest first, on
 * the left; the opened item on the right with the member's profile, photos (a verification beside the
 * pose and the selfie), earlier complaints and decisions, and the decision form. Keys: j/k next and
 * previous, d w h a s b for the decisions (suspend and ban ask first), v and r for verifications.
 */
export function ModerationView() {
  const t = useTranslations('OperatorModeration');
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  const ids = useId();
  const [kind, setKind] = useState<ModerationItemKind | 'all'>('all');
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const queue = useQuery({
    queryKey: queueKey(kind),
    queryFn: async () =>
      (await api.get<ModerationQueue>('moderation.php', { params: kind === 'all' ? {} : { kind } })).data,
    refetchInterval: 30_000,
  });
  const items = useMemo(() => queue.data?.items ?? [], [queue.data]);
  // The oldest item opens by itself.
  const selectedId = chosenId ?? items[0]?.id ?? null;
  const position = items.findIndex((entry) => entry.id === selectedId);
  const select = (id: number) => {
    setChosenId(id);
    setNotice(null);
  };
  const move = (step: 1 | -1) => {
    const next = items[position === -1 ? 0 : position + step];
    if (next) select(next.id);
  };
  const onDecided = (result: ModerationDecided) => {
    setNotice(t('decided', { action: t(`actions.${result.decision.action}`) }));
    // On to the next item: the one after, else the one before.
    const next = items[position + 1] ?? items[position - 1] ?? null;
    setChosenId(next && next.id !== result.item ? next.id : null);
    void queryClient.invalidateQueries({ queryKey: ['operator', 'moderation', 'queue'] });
    void queryClient.invalidateQueries({ queryKey: operatorKeys.dashboard });
  };

  return (
    <div className="console-page moderation">
      <div className="console-page-head d-flex flex-wrap align-items-end justify-content-between gap-2">
        <div>
          <h1 className="h3 mb-0">{t('title')}</h1>
          <p className="text-body-secondary small mb-0">{t('intro')}</p>
        </div>
        <div className="btn-group btn-group-sm" role="group" aria-label={t('filter')}>
          {(['all', 'complaint', 'photo', 'verification'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className={`btn ${kind === value ? 'btn-primary' : 'btn-outline-secondary'}`}
              aria-pressed={kind === value}
              onClick={() => {
                setKind(value);
                setChosenId(null);
              }}
            >
              {t(`filters.${value}`)}
            </button>
          ))}
        </div>
      </div>
      <div role="status" className="small">
        {notice ? <div className="alert alert-success py-2">{notice}</div> : null}
      </div>
      <div className="moderation-layout">
        <section className="moderation-queue" aria-labelledby={`${ids}-queue`}>
          <h2 id={`${ids}-queue`} className="h6 d-flex justify-content-between">
            <span>{t('queue')}</span>
            <span className="text-body-secondary">{t('waiting', { count: queue.data?.total ?? 0 })}</span>
          </h2>
          {queue.isPending ? <p className="small">{t('loading')}</p> : null}
          {queue.isError ? (
            <div className="alert alert-danger small" role="alert">
              {t('loadFailed')}{' '}
              <button type="button" className="btn btn-link btn-sm p-0" onClick={() => void queue.refetch()}>
                {t('retry')}
              </button>
            </div>
          ) : null}
          {queue.data && items.length === 0 ? <p className="text-body-secondary">{t('empty')}</p> : null}
          <ul className="list-unstyled mb-0">
            {items.map((entry) => (
              <QueueRow
                key={entry.id}
                item={entry}
                isSelected={entry.id === selectedId}
                onSelect={() => select(entry.id)}
              />
            ))}
          </ul>
        </section>
        <ItemPanel
          key={selectedId ?? 0}
          itemId={selectedId}
          headingId={`${ids}-item`}
          onMove={move}
          onDecided={onDecided}
        />
      </div>
    </div>
  );
}
