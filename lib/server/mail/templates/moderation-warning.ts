import 'server-only';
import { z } from 'zod';
import { MODERATION_REASON_LENGTH, MODERATION_VIOLATIONS } from '@/lib/shared/values/moderation';
import { defineMailTemplate } from './mail-template';
import { MailNameSchema } from './mail-values';

/**
 * A moderator's warning: which rule the member broke (in their language), the moderator's note, and
 * what happens if it goes on.
 */
export const moderationWarningTemplate = defineMailTemplate(
  z.object({
    name: MailNameSchema,
    violation: z.enum(MODERATION_VIOLATIONS),
    note: z.string().trim().min(1).max(MODERATION_REASON_LENGTH.max),
  }),
  (t, { name, violation, note }, site) => ({
    subject: t('moderationWarning.subject', { site: site.name }),
    greeting: t('greeting', { name }),
    intro: [
      t('moderationWarning.intro', { site: site.name }),
      t('moderationWarning.violation', { violation: t(`moderationWarning.violations.${violation}`) }),
      t('moderationWarning.note', { note }),
    ],
    outro: [t('moderationWarning.consequences')],
  }),
);
