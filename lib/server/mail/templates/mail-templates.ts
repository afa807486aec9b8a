import 'server-only';
import type { z } from 'zod';
import { accountDeletedTemplate } from './account-deleted';
import { activationTemplate } from './activation';
import { complaintReceivedTemplate } from './complaint-received';
import { mailChangeTemplate } from './mail-change';
import { mailChangedTemplate } from './mail-changed';
import { passwordResetTemplate } from './password-reset';
import { paymentReceiptTemplate } from './payment-receipt';

/** Every kind of mail the app sends; the kind is stored with each mail in the outbox. */
export const MAIL_TEMPLATES = {
  activation: activationTemplate,
  password_reset: passwordResetTemplate,
  mail_change: mailChangeTemplate,
  mail_changed: mailChangedTemplate,
  account_deleted: accountDeletedTemplate,
  complaint_received: complaintReceivedTemplate,
  payment_receipt: paymentReceiptTemplate,
} as const;

export type MailKind = keyof typeof MAIL_TEMPLATES;

/** The values each kind of mail needs from its caller. */
export type MailValues = { [K in MailKind]: z.input<(typeof MAIL_TEMPLATES)[K]['values']> };
