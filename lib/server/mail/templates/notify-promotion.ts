import 'server-only';
import { z } from 'zod';
import { notificationTranslator } from '../notification-translator';
import { defineMailTemplate } from './mail-template';
import { MailLinkSchema, MailNameSchema } from './mail-values';
import { NotificationLinksSchema, notificationNotice } from './notification-parts';

/** A real offer of the member's about to end: the welcome discount or the time bonus (kind promotions). */
export const notifyPromotionTemplate = defineMailTemplate(
  z.object({
    name: MailNameSchema,
    code: z.string().trim().min(1).max(64),
    percentage: z.number().int().min(1).max(99),
    /** Whole hours left, at least 1. */
    hours: z.number().int().min(1),
    /** The credits page. */
    link: MailLinkSchema,
    links: NotificationLinksSchema,
  }),
  (t, v, site, locale) => {
    const n = notificationTranslator(locale);
    return {
      subject: n('promotion.subject', { hours: v.hours, percentage: v.percentage, site: site.name }),
      greeting: t('greeting', { name: v.name }),
      intro: [n('promotion.intro', { percentage: v.percentage, code: v.code, hours: v.hours })],
      action: { label: n('promotion.button'), link: v.link },
      outro: [n('promotion.outro')],
      notice: notificationNotice(n, 'promotions', v.links, site),
    };
  },
);
