import type { EmailStopReason } from '@/lib/shared/values/notifications';

/** The text of `NotificationAlerts` that says why e-mail notifications stopped (spec §8). */
export const STOP_REASON_TEXT = {
  spam_complaint: 'stoppedSpamComplaint',
  bounce: 'stoppedBounce',
  unsubscribe: 'stoppedUnsubscribe',
} as const satisfies Record<EmailStopReason, string>;
