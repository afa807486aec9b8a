import 'server-only';
import type { z } from 'zod';
import { accountDeletedTemplate } from './account-deleted';
import { activationTemplate } from './activation';
import { complaintReceivedTemplate } from './complaint-received';
import { mailChangeTemplate } from './mail-change';
import { mailChangedTemplate } from './mail-changed';
import { moderationWarningTemplate } from './moderation-warning';
import { notifyLikeTemplate } from './notify-like';
import { notifyMatchTemplate } from './notify-match';
import { notifyNewConversationTemplate } from './notify-new-conversation';
import { notifyNewMessageTemplate } from './notify-new-message';
import { notifyNewsTemplate } from './notify-news';
import { notifyPromotionTemplate } from './notify-promotion';
import { notifyReminderTemplate } from './notify-reminder';
import { notifyUnreadReminderTemplate } from './notify-unread-reminder';
import { notifyWeeklyUpdateTemplate } from './notify-weekly-update';
import { passkeyChangedTemplate } from './passkey-changed';
import { passwordResetTemplate } from './password-reset';
import { paymentReceiptTemplate } from './payment-receipt';
import { verificationDecidedTemplate } from './verification-decided';

/** Every kind of mail the app sends; the kind is stored with each mail in the outbox. */
export const MAIL_TEMPLATES = {
  activation: activationTemplate,
  password_reset: passwordResetTemplate,
  mail_change: mailChangeTemplate,
  mail_changed: mailChangedTemplate,
  account_deleted: accountDeletedTemplate,
  complaint_received: complaintReceivedTemplate,
  payment_receipt: paymentReceiptTemplate,
  moderation_warning: moderationWarningTemplate,
  verification_decided: verificationDecidedTemplate,
  passkey_changed: passkeyChangedTemplate,
  // Notifications (lib/server/notifications), each under the preference kind it belongs to.
  notify_new_conversation: notifyNewConversationTemplate,
  notify_new_message: notifyNewMessageTemplate,
  notify_like: notifyLikeTemplate,
  notify_match: notifyMatchTemplate,
  notify_unread_reminder: notifyUnreadReminderTemplate,
  notify_weekly_update: notifyWeeklyUpdateTemplate,
  notify_news: notifyNewsTemplate,
  notify_promotion: notifyPromotionTemplate,
  notify_reminder: notifyReminderTemplate,
} as const;

export type MailKind = keyof typeof MAIL_TEMPLATES;

/** The values each kind of mail needs from its caller. */
export type MailValues = { [K in MailKind]: z.input<(typeof MAIL_TEMPLATES)[K]['values']> };
