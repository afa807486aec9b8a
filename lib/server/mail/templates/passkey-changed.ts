import 'server-only';
import { z } from 'zod';
import { defineMailTemplate } from './mail-template';
import { MailLinkSchema, MailNameSchema } from './mail-values';

/**
 * Tells a member that a passkey was added to or removed from their account, in case it was not
 * them, with the way to their passkeys in the settings.
 */
export const passkeyChangedTemplate = defineMailTemplate(
  z.object({
    name: MailNameSchema,
    change: z.enum(['added', 'removed']),
    passkey: z.string().trim().min(1).max(100),
    link: MailLinkSchema,
  }),
  (t, { name, change, passkey, link }, site) => ({
    subject: t(`passkeyChanged.${change}Subject`, { site: site.name }),
    greeting: t('greeting', { name }),
    intro: [t(`passkeyChanged.${change}Intro`, { site: site.name, passkey })],
    action: { label: t('passkeyChanged.button'), link },
    outro: [t('passkeyChanged.notYou')],
  }),
);
