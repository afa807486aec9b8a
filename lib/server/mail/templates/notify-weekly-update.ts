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

/** The weekly update: members who joined near the reader this week (kind weekly_updates). */
export const notifyWeeklyUpdateTemplate = defineMailTemplate(
  z.object({
    name: MailNameSchema,
    members: z.array(MemberCardSchema).min(1).max(6),
    /** New members near the reader this week, of whom `members` are the first. */
    count: z.number().int().min(1),
    /** The region or country they are in. */
    place: z.string().trim().min(1).max(120),
    /** The member search. */
    link: MailLinkSchema,
    links: NotificationLinksSchema,
  }),
  (t, v, site, locale) => {
    const n = notificationTranslator(locale);
    const count = Math.max(v.count, v.members.length);
    return {
      subject: n('weeklyUpdate.subject', { count, place: v.place, site: site.name }),
      greeting: t('greeting', { name: v.name }),
      intro: [n('weeklyUpdate.intro', { count, place: v.place, site: site.name })],
      cards: v.members.map((member) => memberCard(n, member)),
      action: { label: n('weeklyUpdate.button'), link: v.link },
      outro: [],
      notice: notificationNotice(n, 'weekly_updates', v.links, site),
    };
  },
);
