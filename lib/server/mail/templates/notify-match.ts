import 'server-only';
import { z } from 'zod';
import { notificationTranslator } from '../notification-translator';
import { defineMailTemplate } from './mail-template';
import { MailLinkSchema, MailNameSchema } from './mail-values';
import {
  memberCard,
  MemberCardSchema,
  NotificationLinksSchema,
  notificationNotice,
} from './notification-parts';

/** A member the reader liked liked them back while they were away (kind like). */
export const notifyMatchTemplate = defineMailTemplate(
  z.object({
    name: MailNameSchema,
    match: MemberCardSchema,
    /** Other new likes that came with it. */
    moreLikes: z.number().int().min(0),
    /** The chat with the match. */
    link: MailLinkSchema,
    links: NotificationLinksSchema,
  }),
  (t, v, site, locale) => {
    const n = notificationTranslator(locale);
    return {
      subject: n('match.subject', { match: v.match.name, site: site.name }),
      greeting: t('greeting', { name: v.name }),
      intro: [
        n('match.intro', { match: v.match.name }),
        ...(v.moreLikes > 0 ? [n('match.moreLikes', { count: v.moreLikes })] : []),
      ],
      cards: [memberCard(n, v.match)],
      action: { label: n('match.button', { match: v.match.name }), link: v.link },
      outro: [],
      notice: notificationNotice(n, 'like', v.links, site),
    };
  },
);
