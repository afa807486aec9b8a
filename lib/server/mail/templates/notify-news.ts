import 'server-only';
import { z } from 'zod';
import { notificationTranslator } from '../notification-translator';
import { defineMailTemplate } from './mail-template';
import { MailLinkSchema, MailNameSchema } from './mail-values';
import { NotificationLinksSchema, notificationNotice } from './notification-parts';

/** News from the site, written by an operator in the member's language (kind news). */
export const notifyNewsTemplate = defineMailTemplate(
  z.object({
    name: MailNameSchema,
    subject: z.string().trim().min(1).max(200),
    /** Paragraphs of plain text. */
    paragraphs: z.array(z.string().trim().min(1).max(4_000)).min(1).max(20),
    link: MailLinkSchema,
    /** The button's label; the site's name is offered when absent. */
    button: z.string().trim().min(1).max(80).nullable(),
    links: NotificationLinksSchema,
  }),
  (t, v, site, locale) => {
    const n = notificationTranslator(locale);
    return {
      subject: v.subject,
      greeting: t('greeting', { name: v.name }),
      intro: v.paragraphs,
      action: { label: v.button ?? n('news.button', { site: site.name }), link: v.link },
      outro: [],
      notice: notificationNotice(n, 'news', v.links, site),
    };
  },
);
