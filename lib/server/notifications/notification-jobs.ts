import 'server-only';
import type { JobHandlers } from '../jobs/run-jobs';
import { NEWS_JOB, sendNewsBatch } from './send-news';
import { sweepConversationMails } from './sweep-conversation-mails';
import { sweepLikeMails } from './sweep-like-mails';
import { sweepPromotions } from './sweep-promotions';
import { sweepReminders } from './sweep-reminders';
import { sweepUnreadReminders } from './sweep-unread-reminders';
import { sweepWeeklyUpdates } from './sweep-weekly-updates';

/** The recurring e-mail sweeps, by job kind. */
export const EMAIL_SWEEP_JOBS = {
  /** New conversations, messages, likes and matches of members who are away. */
  activity: 'notify.email.activity',
  unreadReminders: 'notify.email.unread-reminders',
  weeklyUpdates: 'notify.email.weekly-updates',
  promotions: 'notify.email.promotions',
  reminders: 'notify.email.reminders',
} as const;

/**
 * The handlers of the notification mail jobs. A sweep looks at the time it runs, not at its due
 * time (a late run must still see who is online now); each mail is keyed, so a repeated run sends
 * only what is missing.
 */
export function notificationJobHandlers(): JobHandlers {
  return {
    [EMAIL_SWEEP_JOBS.activity]: async () => {
      // Both run even if one fails; a failure makes the job try again.
      const results = await Promise.allSettled([sweepConversationMails(), sweepLikeMails()]);
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
    },
    [EMAIL_SWEEP_JOBS.unreadReminders]: async () => {
      await sweepUnreadReminders();
    },
    [EMAIL_SWEEP_JOBS.weeklyUpdates]: async () => {
      await sweepWeeklyUpdates();
    },
    [EMAIL_SWEEP_JOBS.promotions]: async () => {
      await sweepPromotions();
    },
    [EMAIL_SWEEP_JOBS.reminders]: async () => {
      await sweepReminders();
    },
    [NEWS_JOB]: async (payload) => {
      await sendNewsBatch(payload);
    },
  };
}

/** When the sweeps run (cron, UTC): activity every 5 minutes, reminders in the European evening. */
export const EMAIL_SWEEP_SCHEDULE = [
  { kind: EMAIL_SWEEP_JOBS.activity, cron: '*/5 * * * *' },
  { kind: EMAIL_SWEEP_JOBS.promotions, cron: '20 * * * *' },
  { kind: EMAIL_SWEEP_JOBS.unreadReminders, cron: '0 17 * * *' },
  { kind: EMAIL_SWEEP_JOBS.reminders, cron: '30 17 * * *' },
  { kind: EMAIL_SWEEP_JOBS.weeklyUpdates, cron: '0 9 * * 1' },
] as const;
