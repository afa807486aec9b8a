'use client';

import { useEffect, useRef, useState } from 'react';
import { useMediaQuery } from '@/components/hooks/use-media-query';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * The pause and play button of a lander's moving picture (a background video, a slideshow): it
 * marks the nearest `[data-motion]` element `data-paused="true|false"` (the styles stop or start its
 * animations) and pauses or plays the videos inside. Paused from the start for visitors who ask
 * their system for reduced motion; their choice here wins over it.
 */
export function LanderMotionToggle(props: { pauseLabel: string; playLabel: string; className?: string }) {
  const button = useRef<HTMLButtonElement>(null);
  const isReduced = useMediaQuery(REDUCED_MOTION);
  const [choice, setChoice] = useState<boolean | null>(null);
  const isPaused = choice ?? isReduced;

  useEffect(() => {
    const stage = button.current?.closest<HTMLElement>('[data-motion]');
    if (!stage) return;
    stage.dataset.paused = String(isPaused);
    for (const video of stage.querySelectorAll('video')) {
      if (isPaused) video.pause();
      else {
        // Muted videos may always play; a browser that still refuses keeps showing the poster.
        video.muted = true;
        video.play().catch(() => undefined);
      }
    }
  }, [isPaused]);

  return (
    <button
      ref={button}
      type="button"
      className={`lander-motion-toggle ${props.className ?? ''}`}
      onClick={() => setChoice(!isPaused)}
    >
      <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
        {isPaused ? (
          <path d="M3 1.5v11l9-5.5z" fill="currentColor" />
        ) : (
          <path d="M3 1.5h3v11H3zM8 1.5h3v11H8z" fill="currentColor" />
        )}
      </svg>
      <span>{isPaused ? props.playLabel : props.pauseLabel}</span>
    </button>
  );
}
