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

/** Members liked the member while they were away (kind like): one mail for the burst, a few shown. */
export const notifyLikeTemplate = defineMailTemplate(
  z.object({
    name: MailNameSchema,
    /** The newest likers (at most a few). */
    likers: z.array(MemberCardSchema).min(1).max(6),
    /** All new likes since the last mail. */
    count: z.number().int().min(1),
    /** The received likes. */
    link: MailLinkSchema,
    links: NotificationLinksSchema,
  }),
  (t, v, site, locale) => {
    const n = notificationTranslator(locale);
    const [first] = v.likers;
    const count = Math.max(v.count, v.likers.length);
    return {
      subject: n('like.subject', { liker: first?.name ?? '', others: count - 1, site: site.name }),
      greeting: t('greeting', { name: v.name }),
      intro: [n('like.intro', { count })],
      cards: v.likers.map((liker) => memberCard(n, liker)),
      action: { label: n('like.button'), link: v.link },
      outro: [n('like.outro')],
      notice: notificationNotice(n, 'like', v.links, site),
    };
  },
);
