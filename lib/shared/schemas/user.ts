import { z } from 'zod';

export const NOTIFICATION_KINDS = [
  'new_conversations',
  'new_messages',
  'like',
  'unread_message_reminders',
  'promotions',
  'weekly_updates',
  'news',
  'reminders',
] as const;

export const ImageSchema = z.object({
  filename: z.string(),
  thumb_filename: z.string(),
  status: z.string(),
});

/** The logged-in member as `GET /api/user.php` returns it (spec §3 "User"). */
export const UserSchema = z.object({
  status: z.string(),
  credits: z.number().int(),
  paid_user: z.boolean(),
  fictional_icon: z.boolean(),
  language: z.string(),
  /** Switched-off notifications, 'email:<kind>' and 'push:<kind>' (lib/shared/values/notifications.ts). */
  notifications_disabled: z.array(z.string()),
  /** Set when e-mail notifications stopped because of a spam complaint, a bounce or an unsubscribe. */
  email_notifications_stopped: z
    .object({ reason: z.enum(['spam_complaint', 'bounce', 'unsubscribe']), at: z.string() })
    .nullable(),
  /** When the member closed the suggestion to turn on push notifications (on any device), or null. */
  push_offer_dismissed_at: z.string().nullable(),
  profile: z.object({
    status: z.string(),
    name: z.string(),
    country: z.string(),
    main_image: ImageSchema.nullable(),
  }),
});
export type User = z.infer<typeof UserSchema>;

export const UserResponseSchema = z.object({ user: UserSchema });

/** `POST /api/push-offer.php`: the member closed the suggestion to turn on push notifications. */
export const PushOfferDismissalSchema = z.object({ dismissed: z.literal(true) }).strict();
