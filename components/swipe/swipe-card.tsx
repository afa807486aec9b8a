'use client';

import { animated, useSpring, type Interpolation } from '@react-spring/web';
import { useDrag } from '@use-gesture/react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { MemberCard } from '@/lib/shared/schemas/members';
import type { SwipeAction } from '@/lib/shared/values/swipe';
import { FictionalMark } from '../members/fictional-mark';
import { PhotoPlaceholder } from '../members/member-card';
import { imageUrl, useCountryName } from '../profile/labels';

/** How far (px) a card must be dragged for a release to play it. */
const SWIPE_DISTANCE = 110;
/** A quick flick plays the card from a shorter drag. */
const FLICK_VELOCITY = 0.6;
const FLICK_DISTANCE = 40;
/** Degrees of tilt per pixel of drag. */
const TILT = 1 / 14;

/** Where a card was let go, so its flight off the screen starts there. */
export interface Release {
  x: number;
  y: number;
}

/** The card's face: the photo filling it, a gradient at the bottom with name, age, town and online dot. */
function CardFace(props: {
  card: MemberCard;
  cdnPrefix: string | undefined;
  /** The playable card: its large photo and the link to the profile. */
  isTop: boolean;
  /** Shows the large photo (the top card, and the top card flying off). */
  isLarge?: boolean;
  likeOpacity?: Interpolation<number, number> | number;
  nopeOpacity?: Interpolation<number, number> | number;
}) {
  const t = useTranslations('SwipeGame');
  const countryName = useCountryName();
  const { card, isTop } = props;
  const place = card.city ?? card.region ?? countryName(card.country);
  const image = card.main_image;
  return (
    <>
      {image && props.cdnPrefix ? (
        // eslint-disable-next-line @next/next/no-img-element -- photos come from the CDN, sized already
        <img
          className="swipe-card-photo"
          src={imageUrl(props.cdnPrefix, isTop || props.isLarge ? image.filename : image.thumb_filename)}
          alt=""
          draggable={false}
          fetchPriority={isTop ? 'high' : undefined}
          width={600}
          height={800}
        />
      ) : (
        <PhotoPlaceholder name={card.name} className="swipe-card-photo" />
      )}
      {props.likeOpacity !== undefined && props.nopeOpacity !== undefined ? (
        <>
          <animated.span
            className="swipe-stamp swipe-stamp-like"
            style={{ opacity: props.likeOpacity }}
            aria-hidden="true"
          >
            {t('stampLike')}
          </animated.span>
          <animated.span
            className="swipe-stamp swipe-stamp-nope"
            style={{ opacity: props.nopeOpacity }}
            aria-hidden="true"
          >
            {t('stampNope')}
          </animated.span>
        </>
      ) : null}
      <div className="swipe-card-info">
        <div className="swipe-card-text">
          <h2 className="swipe-card-name">
            {card.online ? (
              <span className="swipe-online-dot" title={t('online')}>
                <span className="visually-hidden">{t('online')}: </span>
              </span>
            ) : null}
            <span className="swipe-card-given">{card.name}</span>
            <span className="swipe-card-age">, {card.age}</span>
            {card.fictional ? <FictionalMark className="ms-1" /> : null}
          </h2>
          {place ? <p className="swipe-card-place">{place}</p> : null}
        </div>
        {isTop ? (
          <Link
            href={`/members/${card.id}`}
            className="swipe-card-profile"
            aria-label={t('viewProfile', { name: card.name })}
            prefetch={false}
          >
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M12 11v6M12 7.5v.01" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
            </svg>
          </Link>
        ) : null}
      </div>
    </>
  );
}

/**
 * The card on top: follows a finger or the mouse, tilts with the drag and shows LIKE or NOPE as it
 * goes; let go past the threshold (or flicked) it is played, else it springs back. Keys and buttons
 * play it too (see SwipeGame).
 */
export function TopCard(props: {
  card: MemberCard;
  cdnPrefix: string | undefined;
  isReducedMotion: boolean;
  onSwipe: (action: SwipeAction, release: Release) => void;
}) {
  const [{ x, y }, api] = useSpring(() => ({ x: 0, y: 0 }));
  const bind = useDrag(
    ({ active, movement: [mx, my], velocity: [vx], direction: [dx], cancel, canceled }) => {
      if (canceled) return;
      const isFlick = vx > FLICK_VELOCITY && Math.abs(mx) > FLICK_DISTANCE && Math.sign(dx) === Math.sign(mx);
      if (!active && (Math.abs(mx) > SWIPE_DISTANCE || isFlick)) {
        props.onSwipe(mx > 0 ? 'like' : 'pass', { x: mx, y: my });
        return;
      }
      if (active && Math.abs(mx) > window.innerWidth) cancel();
      void api.start({
        x: active ? mx : 0,
        y: active ? my : 0,
        immediate: active || props.isReducedMotion,
      });
    },
    { filterTaps: true, pointer: { touch: true } },
  );
  const likeOpacity = x.to([0, SWIPE_DISTANCE], [0, 1], 'clamp');
  const nopeOpacity = x.to([-SWIPE_DISTANCE, 0], [1, 0], 'clamp');
  return (
    <animated.div
      {...bind()}
      className="swipe-card swipe-card-top"
      style={{ x, y, rotate: x.to((value) => value * TILT) }}
    >
      <CardFace
        card={props.card}
        cdnPrefix={props.cdnPrefix}
        isTop
        likeOpacity={likeOpacity}
        nopeOpacity={nopeOpacity}
      />
    </animated.div>
  );
}

/** A card waiting below the top one, a little smaller; decoration until it comes up. */
export function WaitingCard(props: { card: MemberCard; cdnPrefix: string | undefined; depth: number }) {
  return (
    <div className={`swipe-card swipe-card-waiting swipe-card-depth-${props.depth}`} aria-hidden="true">
      <CardFace card={props.card} cdnPrefix={props.cdnPrefix} isTop={false} />
    </div>
  );
}

/**
 * A played card on its way off the screen, to the right for a like, to the left for a pass, from
 * where it was let go. Only decoration: the game has moved on already. Gone once it has flown.
 */
export function FlyingCard(props: {
  card: MemberCard;
  cdnPrefix: string | undefined;
  action: SwipeAction;
  from: Release;
  onGone: () => void;
}) {
  const direction = props.action === 'like' ? 1 : -1;
  const { x, y } = useSpring({
    from: { x: props.from.x, y: props.from.y },
    to: {
      x: direction * (typeof window === 'undefined' ? 1000 : window.innerWidth + 200),
      y: props.from.y + 60,
    },
    config: { tension: 260, friction: 30 },
    onRest: props.onGone,
  });
  return (
    <animated.div
      className="swipe-card swipe-card-flying"
      style={{ x, y, rotate: x.to((value) => value * TILT) }}
      aria-hidden="true"
    >
      <CardFace
        card={props.card}
        cdnPrefix={props.cdnPrefix}
        isTop={false}
        isLarge
        likeOpacity={direction > 0 ? 1 : 0}
        nopeOpacity={direction < 0 ? 1 : 0}
      />
    </animated.div>
  );
}
