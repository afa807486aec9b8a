/**
 * The pause and play button of a lander's moving picture (a background video, a slideshow), for the
 * nearest `[data-motion]` element: the landers' script (islands/lander-islands.ts) marks it
 * `data-paused="true|false"` (the styles stop or start its animations), pauses or plays the videos
 * inside and switches the label. Paused from the start for visitors who ask their system for reduced
 * motion; their choice here wins over it. Rendered as playing; a visitor without scripts sees it so.
 */
export function LanderMotionToggle(props: { pauseLabel: string; playLabel: string; className?: string }) {
  return (
    <button
      type="button"
      className={`lander-motion-toggle ${props.className ?? ''}`}
      data-motion-toggle=""
      data-pause-label={props.pauseLabel}
      data-play-label={props.playLabel}
    >
      <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
        <path data-icon="play" style={{ display: 'none' }} d="M3 1.5v11l9-5.5z" fill="currentColor" />
        <path data-icon="pause" d="M3 1.5h3v11H3zM8 1.5h3v11H8z" fill="currentColor" />
      </svg>
      <span data-label="">{props.pauseLabel}</span>
    </button>
  );
}
