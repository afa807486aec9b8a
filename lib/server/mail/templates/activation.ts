import 'server-only';
import { z } from 'zod';
import { defineMailTemplate } from './mail-template';
import { MailLinkSchema, MailNameSchema } from './mail-values';

/** Sent after signing up: confirm the e-mail address to activate the account. */
export const activationTemplate = defineMailTemplate(
  z.object({ name: MailNameSchema, link: MailLinkSchema }),
  (t, { name, link }, site) => ({
    subject: t('activation.subject', { site: site.name }),
    greeting: t('greeting', { name }),
    intro: [t('activation.intro', { site: site.name })],
    action: { label: t('activation.button'), link },
    outro: [t('activation.ignore', { site: site.name })],
  }),
);
