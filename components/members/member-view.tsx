'use client';

import { hasFeaturePage } from '@/lib/shared/feature-pages';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useApi } from '@/lib/api/api-context';
import { readApiFailure } from '@/lib/api/auth';
import { useBlock, useUnblock } from '@/lib/api/blocks';
import { useCacheUpdates } from '@/lib/api/cache-updates';
import { useInterests, useSettings, useUser } from '@/lib/api/hooks';
import { memberQuery } from '@/lib/api/members';
import type { MemberDetail, MemberPhoto } from '@/lib/shared/schemas/members';
import type { ProfileField } from '@/lib/shared/schemas/settings';
import { imageUrl, useInterestLabel } from '../profile/labels';
import { LikeButton } from '../likes/like-button';
import { ActionsMenu } from '../ui/actions-menu';
import { VerifiedBadge } from '../verification/verified-badge';
import { FictionalMark } from './fictional-mark';
import { SendGift } from './send-gift';
import { PhotoPlaceholder, useLocationText } from './member-card';

/** Detail fields in the order the page lists them; each shows only when the site makes it visible. */
const DETAIL_FIELDS = [
  'sexuality',
  'relationship_status',
  'body_type',
  'hair_color',
  'eye_color',
  'tattoos',
] as const satisfies readonly ProfileField[];

/** A padlock, drawn (an emoji lock is a blank box where no emoji font is installed). */
function LockGlyph(props: { size: number }) {
  return (
    <svg width={props.size} height={props.size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="5" y="10.5" width="14" height="10" rx="2.5" fill="currentColor" />
      <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
    </svg>
  );
}

/** A photo that the viewer may not see yet, with the way to see it. */
function LockedPhoto(props: { photo: Extract<MemberPhoto, { locked: true }>; memberId: number }) {
  const t = useTranslations('Members');
  const tErrors = useTranslations('Errors');
  return (
    <div className="member-photo-locked">
      {props.photo.preview ? (
        // eslint-disable-next-line @next/next/no-img-element -- a few blurred pixels, inline
        <img src={props.photo.preview} alt="" aria-hidden="true" className="member-photo-blur" />
      ) : null}
      <div className="member-photo-lock">
        <LockGlyph size={30} />
        {props.photo.reason === 'login' ? (
          <Link href={`/login?redirect=/members/${props.memberId}`} className="small">
            {t('loginForPhotos')}
          </Link>
        ) : (
          <>
            <span className="small">{tErrors('premium_required')}</span>
            {hasFeaturePage('/premium') ? (
              <Link href="/premium" className="small">
                {t('getPremium')}
              </Link>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}

/** Whether the member asked for less motion: scrolling then jumps instead of gliding. */
const scrollBehavior = (): ScrollBehavior =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    ? 'auto'
    : 'smooth';

/** One photo full screen, in the browser's own modal dialog: Escape or the button closes it. */
function FullScreenPhoto(props: {
  src: string;
  alt: string;
  onClose: () => void;
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
}) {
  const t = useTranslations('Members');
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal?.();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="photo-viewer"
      aria-label={props.alt}
      onClose={props.onClose}
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') props.onPrevious?.();
        if (event.key === 'ArrowRight') props.onNext?.();
      }}
    >
      {/* eslint-disable-next-line @next/next/no-img-element -- photos come from the CDN, sized already */}
      <img src={props.src} alt={props.alt} />
      <button type="button" className="photo-viewer-close" onClick={() => dialog.current?.close()}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">{t('closePhoto')}</span>
      </button>
      {props.onPrevious ? (
        <button type="button" className="photo-viewer-step photo-viewer-previous" onClick={props.onPrevious}>
          <span aria-hidden="true">‹</span>
          <span className="visually-hidden">{t('previousPhoto')}</span>
        </button>
      ) : null}
      {props.onNext ? (
        <button type="button" className="photo-viewer-step photo-viewer-next" onClick={props.onNext}>
          <span aria-hidden="true">›</span>
          <span className="visually-hidden">{t('nextPhoto')}</span>
        </button>
      ) : null}
    </dialog>
  );
}

/**
 * The photos in a 3:4 frame that swipes on phones (native scroll snapping), with thumbnails and
 * arrows to move; a visible photo opens full screen.
 */
function Gallery(props: { member: MemberDetail }) {
  const t = useTranslations('Members');
  const { data: settings } = useSettings();
  const { photos, name, id } = props.member;
  const [selected, setSelected] = useState(0);
  const [fullScreen, setFullScreen] = useState<number | null>(null);
  const track = useRef<HTMLDivElement>(null);
  if (!photos.length || !settings)
    return <PhotoPlaceholder name={name} className="member-photo-large rounded" />;

  const count = photos.length;
  const show = (index: number) => {
    setSelected(index);
    const slide = track.current?.children[index] as HTMLElement | undefined;
    track.current?.scrollTo?.({ left: slide?.offsetLeft ?? 0, behavior: scrollBehavior() });
  };
  // A swipe moves the track: the photo in view becomes the selected one.
  const onScroll = () => {
    const element = track.current;
    if (!element || !element.clientWidth) return;
    const index = Math.round(element.scrollLeft / element.clientWidth);
    if (index !== selected && index >= 0 && index < count) setSelected(index);
  };
  const visibleSrc = (index: number | null) => {
    const photo = index === null ? undefined : photos[index];
    return photo && !photo.locked ? imageUrl(settings.cdn_prefix, photo.image.filename) : null;
  };
  const nextVisible = (from: number, step: 1 | -1) => {
    for (let i = from + step; i >= 0 && i < count; i += step) if (visibleSrc(i)) return i;
    return null;
  };
  const fullSrc = visibleSrc(fullScreen);

  return (
    <div>
      <div className="member-gallery mb-2">
        <div className="member-gallery-track" ref={track} onScroll={onScroll}>
          {photos.map((photo, index) => (
            <div key={photo.id} className="member-gallery-slide" aria-hidden={index !== selected}>
              {photo.locked ? (
                <LockedPhoto photo={photo} memberId={id} />
              ) : (
                <button
                  type="button"
                  className="member-gallery-open"
                  tabIndex={index === selected ? 0 : -1}
                  aria-label={t('openPhoto', { number: index + 1, count })}
                  onClick={() => setFullScreen(index)}
                >
                  {/* eslint-disable-next-line @next/next/no-img-element -- photos come from the CDN, sized already */}
                  <img
                    src={imageUrl(settings.cdn_prefix, photo.image.filename)}
                    alt={t('photoOf', { name, number: index + 1, count })}
                    loading={index === 0 ? 'eager' : 'lazy'}
                    // The first photo is the page's largest paint: fetched before the scripts.
                    fetchPriority={index === 0 ? 'high' : undefined}
                  />
                </button>
              )}
            </div>
          ))}
        </div>
        {count > 1 ? (
          <>
            <button
              type="button"
              className="member-gallery-step member-gallery-previous"
              disabled={selected === 0}
              onClick={() => show(selected - 1)}
            >
              <span aria-hidden="true">‹</span>
              <span className="visually-hidden">{t('previousPhoto')}</span>
            </button>
            <button
              type="button"
              className="member-gallery-step member-gallery-next"
              disabled={selected === count - 1}
              onClick={() => show(selected + 1)}
            >
              <span aria-hidden="true">›</span>
              <span className="visually-hidden">{t('nextPhoto')}</span>
            </button>
          </>
        ) : null}
      </div>
      {count > 1 && (
        <ul className="list-unstyled d-flex flex-wrap gap-2" aria-label={t('photosLabel')}>
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <button
                type="button"
                className={`member-thumb btn p-0 border ${index === selected ? 'border-primary border-2' : ''}`}
                aria-pressed={index === selected}
                aria-label={t('showPhoto', { number: index + 1, count })}
                onClick={() => show(index)}
              >
                {photo.locked ? (
                  <span className="member-thumb-locked" aria-hidden="true">
                    {photo.preview ? (
                      // eslint-disable-next-line @next/next/no-img-element -- a few blurred pixels, inline
                      <img src={photo.preview} alt="" className="member-photo-blur" />
                    ) : null}
                    <span className="member-thumb-lock">
                      <LockGlyph size={18} />
                    </span>
                  </span>
                ) : (
                  // eslint-disable-next-line @next/next/no-img-element -- photos come from the CDN, sized already
                  <img
                    src={imageUrl(settings.cdn_prefix, photo.image.thumb_filename)}
                    alt=""
                    width={64}
                    height={64}
                  />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {fullScreen !== null && fullSrc ? (
        <FullScreenPhoto
          key={fullScreen}
          src={fullSrc}
          alt={t('photoOf', { name, number: fullScreen + 1, count })}
          onClose={() => {
            show(fullScreen);
            setFullScreen(null);
          }}
          onPrevious={
            nextVisible(fullScreen, -1) === null ? null : () => setFullScreen(nextVisible(fullScreen, -1))
          }
          onNext={
            nextVisible(fullScreen, 1) === null ? null : () => setFullScreen(nextVisible(fullScreen, 1))
          }
        />
      ) : null}
    </div>
  );
}

/**
 * Blocking, below the actions: the confirmation asked for from the "…" menu, the note that the member
 * is blocked with the way back, and a failure. Focus follows what replaces the pressed control, so
 * keyboard and screen-reader users stay in place (back on the "…" button when it goes).
 */
function BlockPanel(props: {
  member: MemberDetail;
  isConfirming: boolean;
  onConfirmingChange: (isConfirming: boolean) => void;
  menuToggle: RefObject<HTMLButtonElement | null>;
}) {
  const t = useTranslations('Members');
  const tErrors = useTranslations('Errors');
  const block = useBlock();
  const unblock = useUnblock();
  const blocked = props.member.blocked_by_viewer;
  const failure = block.error ?? unblock.error;
  const view = blocked ? 'blocked' : props.isConfirming ? 'confirm' : 'button';
  const blockedNote = useRef<HTMLDivElement>(null);
  const confirmYes = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef(false);
  const lastView = useRef(view);
  useEffect(() => {
    if (lastView.current === view) return;
    lastView.current = view;
    // Opening the confirmation from the menu moves focus too; a failed request leaves it.
    if (view === 'confirm') moveFocus.current = true;
    if (!moveFocus.current) return;
    moveFocus.current = false;
    const target = { blocked: blockedNote, confirm: confirmYes, button: props.menuToggle }[view];
    target.current?.focus();
  }, [view, props.menuToggle]);

  return (
    <>
      {blocked ? (
        <div className="alert alert-secondary mt-3" role="status" tabIndex={-1} ref={blockedNote}>
          <p className="mb-2">{t('blockedByYou', { name: props.member.name })}</p>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={unblock.isPending}
            onClick={() => {
              moveFocus.current = true;
              props.onConfirmingChange(false);
              unblock.mutate(props.member.id, { onError: () => (moveFocus.current = false) });
            }}
          >
            {t('unblock')}
          </button>
        </div>
      ) : props.isConfirming ? (
        <div className="alert alert-warning mt-3" role="alertdialog" aria-labelledby="block-confirm-text">
          <p id="block-confirm-text">{t('blockConfirm', { name: props.member.name })}</p>
          <div className="d-flex gap-2">
            <button
              ref={confirmYes}
              type="button"
              className="btn btn-danger btn-sm"
              disabled={block.isPending}
              onClick={() => {
                moveFocus.current = true;
                block.mutate(props.member.id, { onError: () => (moveFocus.current = false) });
              }}
            >
              {t('blockYes')}
            </button>
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              onClick={() => {
                moveFocus.current = true;
                props.onConfirmingChange(false);
              }}
            >
              {t('cancel')}
            </button>
          </div>
        </div>
      ) : null}
      {failure && (
        <div className="alert alert-danger mt-2" role="alert">
          {readApiFailure(failure).message ?? tErrors('internal_error')}
        </div>
      )}
    </>
  );
}

/** `/members/{id}`: photos, name and age, place, details, interests, and block and report. */
export function MemberView(props: { member: MemberDetail; isSelf: boolean }) {
  const t = useTranslations('Members');
  const tOptions = useTranslations('ProfileOptions');
  const api = useApi();
  const { data: member = props.member } = useQuery({
    ...memberQuery(api, props.member.id),
    initialData: props.member,
    staleTime: 60_000,
  });
  const { data: settings } = useSettings();
  const { data: user } = useUser();
  const { data: interestList } = useInterests();
  const interestLabel = useInterestLabel();
  const location = useLocationText()(member);
  const visible = settings?.visible_profile_fields ?? [];
  const slugs = new Map(interestList?.interests.map((i) => [i.id, i.slug]));
  const details = DETAIL_FIELDS.filter((field) => visible.includes(field) && member[field] !== null);
  const updates = useCacheUpdates();
  const isMember = Boolean(user);
  const [isConfirmingBlock, setConfirmingBlock] = useState(false);
  const moreToggle = useRef<HTMLButtonElement>(null);
  // Opening a liker's page is seeing their like: the badge and the lists count it as seen at once.
  useEffect(() => {
    if (isMember) updates.memberSeen(member.id);
  }, [isMember, member.id, updates]);

  return (
    <div className="row g-4">
      <div className="col-md-5">
        <Gallery member={member} />
      </div>
      <div className="col-md-7">
        <div className="member-title mb-1">
          <h1 className="h2">
            {member.name}, {member.age}
            {member.fictional && <FictionalMark className="ms-2 fs-5" />}
          </h1>
          {member.verified && <VerifiedBadge name={member.name} />}
        </div>
        <p className="text-body-secondary mb-2">
          {member.online && <span className="member-online-dot me-1" aria-hidden="true" />}
          {member.online ? `${t('online')} · ` : ''}
          {location}
        </p>
        {member.fictional && settings?.fictional_warning ? (
          // The site's fictional wording stands with every fictional profile (spec §1).
          <p className="member-fictional-notice" data-testid="fictional-notice">
            <span aria-hidden="true">✦ </span>
            {settings.fictional_warning}
          </p>
        ) : null}
        {details.length > 0 && (
          <dl className="row mb-3">
            {details.map((field) => (
              <div key={field} className="col-sm-6 d-flex gap-2">
                <dt className="fw-normal text-body-secondary">{tOptions(`fields.${field}`)}</dt>
                <dd className="mb-1">{tOptions(`${field}.${member[field] as string}` as never)}</dd>
              </div>
            ))}
          </dl>
        )}
        {visible.includes('interests') && member.interests.length > 0 && (
          <section className="mb-3" aria-labelledby="member-interests">
            <h2 id="member-interests" className="h6">
              {tOptions('fields.interests')}
            </h2>
            <ul className="list-unstyled d-flex flex-wrap gap-2">
              {member.interests.map((id) => (
                <li key={id} className="interest-chip">
                  {interestLabel(slugs.get(id) ?? String(id))}
                </li>
              ))}
            </ul>
          </section>
        )}
        {props.isSelf ? (
          <div className="alert alert-info mt-4">
            <p className="mb-2">{t('ownProfileNote')}</p>
            <Link href="/profile" className="btn btn-sm btn-primary">
              {t('editProfile')}
            </Link>
          </div>
        ) : (
          <>
            {/* The actions people use stay in reach (a bar at the bottom on phones); blocking and
                reporting wait in the "…" menu. */}
            <div className="member-actions">
              {!member.blocked_by_viewer && <LikeButton member={member} />}
              {!member.blocked_by_viewer && hasFeaturePage('/chats') ? (
                // Visitors are led to signup (a dialog on desktop, the page on phones).
                <Link
                  href={user ? `/members/${member.id}/chat` : '/signup'}
                  className="btn btn-primary member-message"
                  prefetch={false}
                >
                  {t('writeMessage')}
                </Link>
              ) : null}
              {!member.blocked_by_viewer && <SendGift member={member} />}
              <ActionsMenu
                label={t('moreActions', { name: member.name })}
                toggleRef={moreToggle}
                toggleClassName="btn member-more"
                align="end"
                dropUp
              >
                {(close) => (
                  <>
                    {user && !member.blocked_by_viewer ? (
                      <li role="none">
                        <button
                          type="button"
                          role="menuitem"
                          className="dropdown-item text-danger"
                          onClick={() => {
                            close();
                            setConfirmingBlock(true);
                          }}
                        >
                          {t('block')}
                        </button>
                      </li>
                    ) : null}
                    <li role="none">
                      <Link
                        role="menuitem"
                        href={`/complaints?member=${member.id}`}
                        className="dropdown-item"
                        onClick={close}
                      >
                        {t('report')}
                      </Link>
                    </li>
                  </>
                )}
              </ActionsMenu>
            </div>
            {user && (
              <BlockPanel
                member={member}
                isConfirming={isConfirmingBlock}
                onConfirmingChange={setConfirmingBlock}
                menuToggle={moreToggle}
              />
            )}
          </>
        )}
        <p className="mt-4">
          <Link href="/members">{t('backToSearch')}</Link>
        </p>
      </div>
    </div>
  );
}
