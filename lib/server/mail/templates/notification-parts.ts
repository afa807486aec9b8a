import 'server-only';
import { z } from 'zod';
import type { NotificationKind } from '@/lib/shared/values/notifications';
import type { NotificationTranslator } from '../notification-translator';
import type { MailCard, MailNotice, MailSite } from './mail-template';
import { MailLinkSchema, MailNameSchema } from './mail-values';

/** The links every notification mail carries: the settings page and the one-click stop of its kind. */
export const NotificationLinksSchema = z.object({ manage: MailLinkSchema, unsubscribe: MailLinkSchema });

/** A member a notification is about. Only a photo every member may see (the main photo) is shown. */
export const MemberCardSchema = z.object({
  name: MailNameSchema,
  age: z.number().int().min(18).max(130),
  /** Their town or region, when known. */
  place: z.string().trim().max(120).nullable(),
  /** Their page on the site. */
  link: MailLinkSchema,
  /** Absolute address of their main photo's thumbnail. */
  photo: MailLinkSchema.nullable(),
});
export type MemberCardValues = z.input<typeof MemberCardSchema>;

/** A member as a card of the mail layout. */
export function memberCard(n: NotificationTranslator, member: z.output<typeof MemberCardSchema>): MailCard {
  return {
    title: member.name,
    detail: member.place
      ? n('memberAgePlace', { age: member.age, place: member.place })
      : n('memberAge', { age: member.age }),
    link: member.link,
    image: member.photo ? { src: member.photo, alt: n('photoAlt', { name: member.name }) } : null,
  };
}

/** The footer lines of a notification: why it came, the settings, and stopping this kind. */
export function notificationNotice(
  n: NotificationTranslator,
  kind: NotificationKind,
  links: z.output<typeof NotificationLinksSchema>,
  site: MailSite,
): MailNotice {
  return {
    reason: n(`reason.${kind}`, { site: site.name }),
    manage: { label: n('manage'), link: links.manage },
    unsubscribe: { label: n('unsubscribe'), link: links.unsubscribe },
  };
}

/** What a chat message shows in a mail: its words (shortened), or what kind of thing was sent. */
export const MessagePreviewSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('text'), text: z.string().trim().min(1).max(2_000) }),
    z.object({ kind: z.enum(['gift', 'gif', 'photo']) }),
  ])
  .nullable();

/**
 * The values of a mail about one conversation (a new one, or new messages in it): the sender, how
 * many messages wait, the newest, and the conversation's link.
 */
export const ConversationMailSchema = z.object({
  name: MailNameSchema,
  sender: MemberCardSchema,
  /** Unread messages in the conversation. */
  count: z.number().int().min(1),
  /** The newest of them. */
  preview: MessagePreviewSchema,
  /** The conversation. */
  link: MailLinkSchema,
  links: NotificationLinksSchema,
});

const PREVIEW_CHARS = 140;

/** A preview line of a message, or null when there is nothing to show. */
export function messagePreview(n: NotificationTranslator, preview: z.output<typeof MessagePreviewSchema>) {
  if (!preview) return null;
  if (preview.kind !== 'text') return n('attachment', { kind: preview.kind });
  const chars = Array.from(preview.text.replace(/\s+/g, ' '));
  const text =
    chars.length > PREVIEW_CHARS ? `${chars.slice(0, PREVIEW_CHARS - 1).join('')}…` : chars.join('');
  return n('preview', { text });
}
