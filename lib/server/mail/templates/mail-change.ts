import 'server-only';
import { z } from 'zod';
import { defineMailTemplate } from './mail-template';
import { MailLinkSchema, MailNameSchema } from './mail-values';

/** Sent to the new address when a member changes their e-mail address. */
export const mailChangeTemplate = defineMailTemplate(
  z.object({ name: MailNameSchema, link: MailLinkSchema }),
  (t, { name, link }, site) => ({
    subject: t('mailChange.subject', { site: site.name }),
    greeting: t('greeting', { name }),
    intro: [t('mailChange.intro', { site: site.name })],
    action: { label: t('mailChange.button'), link },
    outro: [t('mailChange.ignore')],
  }),
);
