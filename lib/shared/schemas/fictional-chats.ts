import { z } from 'zod';
import { ClientKeySchema } from './chat';

/** How long a chat operator holds a conversation they opened, unless they renew it by working on it. */
export const DESK_CLAIM_MINUTES = 5;

const PersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  city: z.string().nullable(),
  country: z.string(),
  thumb: z.string().nullable(),
});

/** A conversation waiting for a fictional profile's answer, as the desk's queue lists it. */
export const DeskQueueItemSchema = z.object({
  conversationId: z.number().int(),
  /** When the oldest unanswered message arrived. */
  since: z.string(),
  unread: z.number().int(),
  /** The newest message's text (or its kind), for a glance. */
  preview: z.string().nullable(),
  previewKind: z.string().nullable(),
  profile: PersonSchema.pick({ id: true, name: true, thumb: true }),
  member: PersonSchema.extend({ paidUser: z.boolean() }),
  /** Who is answering it right now; null when free. */
  claim: z.object({ operatorName: z.string(), expiresAt: z.string(), isMine: z.boolean() }).nullable(),
});
export type DeskQueueItem = z.infer<typeof DeskQueueItemSchema>;

export const DeskQueueSchema = z.object({ items: z.array(DeskQueueItemSchema), waiting: z.number().int() });
export type DeskQueue = z.infer<typeof DeskQueueSchema>;

/** One message of the conversation, from the fictional profile's side. */
export const DeskMessageSchema = z.object({
  id: z.number().int(),
  fromProfile: z.boolean(),
  kind: z.string(),
  text: z.string().nullable(),
  /** A short description for gifts, GIFs and photos. */
  detail: z.string().nullable(),
  sentAt: z.string(),
});
export type DeskMessage = z.infer<typeof DeskMessageSchema>;

/** A claimed conversation: both people, the member's account and credits, and the history. */
export const DeskConversationSchema = z.object({
  conversationId: z.number().int(),
  claimExpiresAt: z.string(),
  messageLength: z.number().int(),
  profile: PersonSchema.extend({ gender: z.string().nullable(), about: z.string().nullable() }),
  member: PersonSchema.extend({
    gender: z.string().nullable(),
    about: z.string().nullable(),
    photos: z.array(z.string()),
    paidUser: z.boolean(),
    credits: z.number().int(),
    language: z.string(),
    memberSince: z.string(),
    lastActiveAt: z.string(),
  }),
  messages: z.array(DeskMessageSchema),
});
export type DeskConversation = z.infer<typeof DeskConversationSchema>;

/** Take a conversation: the one named, or the one waiting longest that nobody holds. */
export const DeskClaimSchema = z.object({ conversationId: z.number().int().positive().optional() }).strict();
export const DeskReleaseSchema = z.object({ conversationId: z.number().int().positive() }).strict();
export const DeskConversationQuerySchema = z.object({ conversationId: z.coerce.number().int().positive() });

/** An answer as the fictional profile; the length is checked against the member's site. */
export const DeskReplySchema = z
  .object({
    conversationId: z.number().int().positive(),
    text: z.string().trim().min(1).max(4_000),
    clientKey: ClientKeySchema,
  })
  .strict();
