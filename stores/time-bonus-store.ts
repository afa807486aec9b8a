import { createStore } from 'zustand/vanilla';
import { TIME_BONUS } from '@/lib/shared/constants';

/**
 * The time bonus as the pages show it (spec §3 "Time bonus", §4): whether it is visible, the time
 * left as zero-padded hours, minutes and seconds, and the code. A countdown ticks it each second;
 * it is cleared at zero, on logout, when the member has paid, or when signup is older than 4 hours.
 */
export interface TimeBonusState {
  isVisible: boolean;
  hours: string;
  minutes: string;
  seconds: string;
  code: string | null;
  percentage: number;
  /** When the bonus ends (ms since the epoch), or null without a bonus. */
  endsAt: number | null;
  /**
   * Whether the store has been set from the server's answer in this tab. Until then (the server's
   * render and the first render in the browser) pages show the answer that came with the page.
   */
  isSynced: boolean;
  /** Starts (or corrects) the countdown from the server's seconds left, as of `now`. */
  start: (bonus: { code: string; percentage: number; secondsLeft: number }, now?: number) => void;
  /** One step of the countdown; clears the bonus once its time is up. */
  tick: (now?: number) => void;
  clear: () => void;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A number of seconds as zero-padded hours, minutes and seconds. */
export function timeParts(totalSeconds: number): { hours: string; minutes: string; seconds: string } {
  const left = Math.max(0, Math.floor(totalSeconds));
  return {
    hours: pad(Math.floor(left / 3600)),
    minutes: pad(Math.floor((left % 3600) / 60)),
    seconds: pad(left % 60),
  };
}

const CLEARED = {
  isVisible: false,
  code: null,
  percentage: 0,
  endsAt: null,
  ...timeParts(0),
} as const;

export function createTimeBonusStore() {
  return createStore<TimeBonusState>()((set, get) => ({
    ...CLEARED,
    isSynced: false,
    start: (bonus, now = Date.now()) => {
      // Never longer than the window after signup, whatever the answer says.
      const secondsLeft = Math.min(bonus.secondsLeft, TIME_BONUS.windowSeconds);
      if (secondsLeft <= 0) return set({ ...CLEARED, isSynced: true });
      set({
        isSynced: true,
        isVisible: true,
        code: bonus.code,
        percentage: bonus.percentage,
        endsAt: now + secondsLeft * 1000,
        ...timeParts(secondsLeft),
      });
    },
    tick: (now = Date.now()) => {
      const { endsAt } = get();
      if (endsAt === null) return;
      const secondsLeft = Math.ceil((endsAt - now) / 1000);
      if (secondsLeft <= 0) return set(CLEARED);
      set(timeParts(secondsLeft));
    },
    clear: () => set({ ...CLEARED, isSynced: true }),
  }));
}

export type TimeBonusStore = ReturnType<typeof createTimeBonusStore>;

/** The tab's time bonus: one per page, like the logged-in member. */
export const timeBonusStore = createTimeBonusStore();
