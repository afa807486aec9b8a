import { LOADING_BAR } from './constants';

/**
 * Progress of the loading bar: appears only when loading lasts longer than the throttle, creeps
 * towards 95% over the duration, and is hidden a moment after loading ends.
 */
export function loadingBarProgress(elapsedMs: number): number {
  if (elapsedMs <= LOADING_BAR.throttleMs) return 0;
  const t = Math.min(1, (elapsedMs - LOADING_BAR.throttleMs) / LOADING_BAR.durationMs);
  return Math.round((10 + 85 * (1 - (1 - t) ** 2)) * 10) / 10;
}
