import 'server-only';
import { z } from 'zod';
import { defineMailTemplate } from './mail-template';
import { MailLinkSchema, MailNameSchema } from './mail-values';

/** How long a password-reset link works; the link's token must expire after the same time. */
import { PASSWORD_RESET_LINK_HOURS } from '@/lib/shared/constants';

/** Sent on request: a link to choose a new password. */
export const passwordResetTemplate = defineMailTemplate(
  z.object({ name: MailNameSchema, link: MailLinkSchema }),
  (t, { name, link }, site) => ({
    subject: t('passwordReset.subject', { site: site.name }),
    greeting: t('greeting', { name }),
    intro: [t('passwordReset.intro', { site: site.name })],
    action: { label: t('passwordReset.button'), link },
    outro: [t('passwordReset.validity', { hours: PASSWORD_RESET_LINK_HOURS }), t('passwordReset.ignore')],
  }),
);
