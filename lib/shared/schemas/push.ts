import { z } from 'zod';
import { PUSH_KINDS, PUSH_PAYLOAD_VERSION } from '../values/push';

export * from '../values/push';

/** The longest push endpoint accepted (the services' addresses are a few hundred characters). */
const ENDPOINT_MAX = 2_048;

/** Whether a base64url text (padding allowed) holds exactly `bytes` bytes. */
function isBase64Url(text: string, bytes: number): boolean {
  const bare = text.replace(/=+$/, '');
  return /^[A-Za-z0-9_-]+$/.test(bare) && Math.floor((bare.length * 3) / 4) === bytes;
}

/** The browser's key for the encryption: an uncompressed P-256 point, 65 bytes in base64url. */
const P256dhSchema = z
  .string()
  .max(100)
  .refine((text) => isBase64Url(text, 65) && text.startsWith('B'), 'Must be a P-256 public key in base64url')
  .transform((text) => text.replace(/=+$/, ''));

/** The browser's 16-byte authentication secret in base64url. */
const AuthSecretSchema = z
  .string()
  .max(30)
  .refine((text) => isBase64Url(text, 16), 'Must be a 16-byte secret in base64url')
  .transform((text) => text.replace(/=+$/, ''));

/** A push service address: only https, as every browser's push service is. */
export const PushEndpointSchema = z
  .url({ protocol: /^https$/ })
  .max(ENDPOINT_MAX)
  .meta({ description: 'The push service address of the subscription (https)' });

/** A browser's push subscription as `PushSubscription.toJSON()` gives it. */
export const PushSubscriptionSchema = z.object({
  endpoint: PushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: P256dhSchema, auth: AuthSecretSchema }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>;

/** `POST /api/user.php?push=1` (spec §7). */
export const PushRegistrationSchema = z.object({ subscription: PushSubscriptionSchema });

/** `DELETE /api/user.php?push=1`: the subscription of this browser ends. */
export const PushRemovalSchema = z.object({ endpoint: z.string().min(1).max(ENDPOINT_MAX) });

export const PushRegisteredSchema = z.object({ ok: z.literal(true) });

/** The push message the service worker (public/sw-push.js) shows, encrypted for each browser. */
export const PushPayloadSchema = z.object({
  v: z.literal(PUSH_PAYLOAD_VERSION),
  kind: z.enum(PUSH_KINDS),
  title: z.string(),
  body: z.string(),
  /** The sender's photo when the recipient may see it, else the app icon. */
  icon: z.string(),
  /** The page a click opens: the chat, or the liker's page. */
  url: z.string().startsWith('/'),
  /** Notifications with the same tag replace each other (one per conversation). */
  tag: z.string(),
  /** Unread messages plus new likes, for the app icon's badge. */
  badge: z.number().int().min(0),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;
