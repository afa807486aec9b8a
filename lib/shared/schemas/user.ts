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
  notifications_disabled: z.array(z.string()),
  profile: z.object({
    status: z.string(),
    name: z.string(),
    country: z.string(),
    main_image: ImageSchema.nullable(),
  }),
});
export type User = z.infer<typeof UserSchema>;

export const UserResponseSchema = z.object({ user: UserSchema });
