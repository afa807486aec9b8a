import 'server-only';
import { z } from 'zod';
import { notificationTranslator } from '../notification-translator';
import { defineMailTemplate } from './mail-template';
import { MailLinkSchema, MailNameSchema } from './mail-values';
import { NotificationLinksSchema, notificationNotice } from './notification-parts';

/** The member has been away a while and people wrote to them or liked them (kind reminders). */
export const notifyReminderTemplate = defineMailTemplate(
  z
    .object({
      name: MailNameSchema,
      /** Messages and likes that arrived since they left. */
      messages: z.number().int().min(0),
      likes: z.number().int().min(0),
      link: MailLinkSchema,
      links: NotificationLinksSchema,
    })
    .refine((v) => v.messages + v.likes > 0, 'a reminder is about at least one message or like'),
  (t, v, site, locale) => {
    const n = notificationTranslator(locale);
    const intro =
      v.messages > 0 && v.likes > 0
        ? n('reminder.introMessagesLikes', { messages: v.messages, likes: v.likes })
        : v.messages > 0
          ? n('reminder.introMessages', { messages: v.messages })
          : n('reminder.introLikes', { likes: v.likes });
    return {
      subject: n('reminder.subject', { site: site.name }),
      greeting: t('greeting', { name: v.name }),
      intro: [intro],
      action: { label: n('reminder.button'), link: v.link },
      outro: [],
      notice: notificationNotice(n, 'reminders', v.links, site),
    };
  },
);
