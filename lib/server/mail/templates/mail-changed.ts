import 'server-only';
import { z } from 'zod';
import { defineMailTemplate } from './mail-template';
import { MailNameSchema } from './mail-values';

/** Tells the old address that the account's e-mail address was changed, in case it was not the owner. */
export const mailChangedTemplate = defineMailTemplate(
  z.object({ name: MailNameSchema, newEmail: z.string().trim().min(3).max(254) }),
  (t, { name, newEmail }, site) => ({
    subject: t('mailChanged.subject', { site: site.name }),
    greeting: t('greeting', { name }),
    intro: [t('mailChanged.intro', { site: site.name, newEmail }), t('mailChanged.sessions')],
    outro: [t('mailChanged.notYou')],
  }),
);
