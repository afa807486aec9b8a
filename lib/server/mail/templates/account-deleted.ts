import 'server-only';
import { z } from 'zod';
import { defineMailTemplate } from './mail-template';
import { MailLinkSchema, MailNameSchema } from './mail-values';

/** Sent when an account is deleted: it can be restored for `days` days, then it is purged. */
export const accountDeletedTemplate = defineMailTemplate(
  z.object({ name: MailNameSchema, link: MailLinkSchema, days: z.number().int().min(1) }),
  (t, { name, link, days }, site) => ({
    subject: t('accountDeleted.subject', { site: site.name }),
    greeting: t('greeting', { name }),
    intro: [t('accountDeleted.intro', { site: site.name }), t('accountDeleted.restore', { days })],
    action: { label: t('accountDeleted.button'), link },
    outro: [t('accountDeleted.purge')],
  }),
);
