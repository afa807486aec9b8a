import type { TinderswipeConfig } from './islands/tinderswipe';

/** A member card of the deck, with its texts already in the page's language. */
export interface TinderswipeCard {
  id: number;
  name: string;
  age: number;
  place: string | null;
  /** The large main photo's address, or null. */
  photo: string | null;
  online: boolean;
  fictional: boolean;
  likeLabel: string;
  passLabel: string;
  /** The question after a like: sign up to like this member. */
  askTitle: string;
  /** What a screen reader hears when the card comes up. */
  shownStatus: string;
}

export interface TinderswipeTexts {
  deckLabel: string;
  hint: string;
  stampLike: string;
  stampNope: string;
  online: string;
  fictional: string;
  askText: string;
  askSignup: string;
  keepSwiping: string;
  endTitle: string;
  endText: string;
  endSignup: string;
}

/** How the deck's island (islands/tinderswipe.ts) moves the cards. */
export const TINDERSWIPE_CONFIG: TinderswipeConfig = {
  // How far (px) a card must be dragged to count as a swipe.
  swipeDistance: 110,
  // How long a passed card flies off before the next one is up (the slow motion token).
  leaveMs: 320,
  // How many cards of the stack are drawn: the top one and two behind it.
  drawn: 3,
};

/**
 * The tinderswipe deck as the server renders it: every member as a card of the stack, the first one
 * on top and the next two drawn behind it (the others hidden until their turn), the Pass and Like
 * buttons named for the top card, each card's question to sign up (hidden until a like), and the end
 * of the deck (hidden while there are cards). The island of islands/tinderswipe.ts runs it.
 */
export function TinderswipeDeck(props: { cards: TinderswipeCard[]; texts: TinderswipeTexts }) {
  const { cards, texts } = props;
  const { drawn } = TINDERSWIPE_CONFIG;
  const first = cards[0];

  return (
    <div data-tinderswipe="">
      {first && (
        <div className="tsw">
          <div className="tsw-stack" role="group" aria-label={texts.deckLabel}>
            {cards.map((member, depth) => (
              <article
                key={member.id}
                className={`tsw-card${depth < drawn ? ` tsw-depth-${depth}` : ''}`}
                hidden={depth >= drawn}
                aria-hidden={depth > 0 ? true : undefined}
                data-testid={depth === 0 ? 'tinderswipe-card' : undefined}
                data-like-label={member.likeLabel}
                data-pass-label={member.passLabel}
                data-shown={member.shownStatus}
              >
                {member.photo ? (
                  // eslint-disable-next-line @next/next/no-img-element -- photos come from the site's CDN, sized already
                  <img
                    className="tsw-photo"
                    src={member.photo}
                    alt=""
                    width={600}
                    height={800}
                    draggable={false}
                    // The cards drawn come at once; the others when their turn comes.
                    loading={depth < drawn ? 'eager' : 'lazy'}
                    fetchPriority={depth === 0 ? 'high' : undefined}
                    decoding="async"
                  />
                ) : null}
                <span className="tsw-stamp tsw-stamp-like" aria-hidden="true">
                  {texts.stampLike}
                </span>
                <span className="tsw-stamp tsw-stamp-nope" aria-hidden="true">
                  {texts.stampNope}
                </span>
                <div className="tsw-info">
                  <h2 className="tsw-name">
                    {member.name}, {member.age}
                    {member.online ? (
                      <span
                        className="lander-online-dot"
                        role="img"
                        aria-label={texts.online}
                        title={texts.online}
                      />
                    ) : null}
                  </h2>
                  {member.place ? <p className="tsw-place">{member.place}</p> : null}
                  {member.fictional ? <span className="lander-fictional">✦ {texts.fictional}</span> : null}
                </div>
                <div className="tsw-ask" hidden>
                  <p className="tsw-ask-title">{member.askTitle}</p>
                  <p className="tsw-ask-text">{texts.askText}</p>
                  <a href="/signup" className="btn btn-secondary lander-cta">
                    {texts.askSignup}
                  </a>
                  <button type="button" className="btn btn-link tsw-keep">
                    {texts.keepSwiping}
                  </button>
                </div>
              </article>
            ))}
          </div>
          <div className="tsw-actions">
            <button type="button" className="tsw-button tsw-button-pass" aria-label={first.passLabel}>
              <CrossIcon />
            </button>
            <button type="button" className="tsw-button tsw-button-like" aria-label={first.likeLabel}>
              <HeartIcon />
            </button>
          </div>
          <p className="tsw-hint">{texts.hint}</p>
        </div>
      )}
      <div className="tsw-end" hidden={Boolean(first)}>
        <span className="tsw-end-icon" aria-hidden="true">
          <HeartIcon />
        </span>
        <h2 tabIndex={-1} className="tsw-end-title">
          {texts.endTitle}
        </h2>
        <p>{texts.endText}</p>
        <a href="/signup" className="btn btn-secondary btn-lg lander-cta">
          {texts.endSignup}
        </a>
      </div>
      <p className="visually-hidden tsw-status" aria-live="polite" />
    </div>
  );
}

function HeartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3 4.5 6.6 4.5c2.1 0 3.6 1.2 4.4 2.6.8-1.4 2.3-2.6 4.4-2.6 3.6 0 5.7 3.7 4.2 7.2C19.5 16.4 12 21 12 21z"
      />
    </svg>
  );
}

function CrossIcon() {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
      <path
        d="M6 6l12 12M18 6L6 18"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}
