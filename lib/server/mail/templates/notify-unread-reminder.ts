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

/** The daily reminder of messages the member has not read (kind unread_message_reminders). */
export const notifyUnreadReminderTemplate = defineMailTemplate(
  z.object({
    name: MailNameSchema,
    /** Unread messages in all conversations. */
    count: z.number().int().min(1),
    /** Members whose messages wait (the newest few). */
    senders: z.array(MemberCardSchema).max(3),
    /** Conversations with unread messages. */
    conversations: z.number().int().min(1),
    link: MailLinkSchema,
    links: NotificationLinksSchema,
  }),
  (t, v, site, locale) => {
    const n = notificationTranslator(locale);
    return {
      subject: n('unreadReminder.subject', { count: v.count, site: site.name }),
      greeting: t('greeting', { name: v.name }),
      intro: [n('unreadReminder.intro', { count: v.count, conversations: v.conversations })],
      cards: v.senders.map((sender) => memberCard(n, sender)),
      action: { label: n('unreadReminder.button'), link: v.link },
      outro: [],
      notice: notificationNotice(n, 'unread_message_reminders', v.links, site),
    };
  },
);
