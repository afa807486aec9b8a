// Shared by the chat tests: members with credits, sending, reading lists and events.
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { postCreditEntry } from '@/lib/server/credits/post-credit-entry';
import type { Db } from '@/lib/server/db/client';
import { creditLedger, memberEvents } from '@/lib/server/db/schema';
import {
  ChatSchema,
  ChatSentSchema,
  ChatsSchema,
  type Chat,
  type Chats,
  type ChatSent,
} from '@/lib/shared/schemas/chat';
import { createMember, type MemberSeed } from '../factories/create-member';
import { clientFor } from '../helpers/api';

export type Client = Awaited<ReturnType<typeof clientFor>>;

let counter = 0;
/** A client key no other send in this run uses. */
export const newKey = () => `key-${process.pid}-${(counter += 1)}-${Math.random().toString(36).slice(2, 8)}`;

/** Adds credits to a member, as a purchase would. */
export async function giveCredits(userId: number, credits: number): Promise<void> {
  await postCreditEntry({
    userId,
    delta: credits,
    reason: 'purchase',
    reference: `test:buy:${userId}:${newKey()}`,
  });
}

/** A member with credits and their logged-in client. */
export async function memberWith(db: Db, options: MemberSeed & { credits?: number } = {}) {
  const { credits = 1_000, ...seed } = options;
  const id = await createMember(db, seed);
  if (credits > 0) await giveCredits(id, credits);
  return { id, client: await clientFor(id) };
}

/** Sends a text message through the API; the raw answer. */
export const sendText = (client: Client, member: number, text: string, clientKey = newKey()) =>
  client.post('/api/chat.php', { kind: 'text', member, client_key: clientKey, text });

/** Sends a text message that must be delivered; the answer, checked against the contract. */
export async function sent(
  client: Client,
  member: number,
  text: string,
  clientKey?: string,
): Promise<ChatSent> {
  const res = await sendText(client, member, text, clientKey);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return ChatSentSchema.strict().parse(res.json);
}

/** The viewer's chat list, checked against the contract. */
export async function chatsOf(client: Client): Promise<Chats> {
  const res = await client.get('/api/chats.php');
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return ChatsSchema.parse(res.json);
}

/** One conversation as the viewer sees it (`conversation=` or `member=` query), checked. */
export async function chatOf(client: Client, query: string): Promise<Chat> {
  const res = await client.get(`/api/chat.php?${query}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return ChatSchema.parse(res.json);
}

/** The events recorded for a member's tabs, oldest first. */
export async function eventsOf(db: Db, memberId: number) {
  const rows = await db
    .select({ payload: memberEvents.payload })
    .from(memberEvents)
    .where(eq(memberEvents.memberId, memberId))
    .orderBy(asc(memberEvents.id));
  return rows.map((row) => row.payload as { type: string } & Record<string, unknown>);
}

/** The sum of a member's ledger entries. */
export async function ledgerSum(db: Db, userId: number): Promise<number> {
  const rows = await db
    .select({ delta: creditLedger.delta })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return rows.reduce((sum, row) => sum + row.delta, 0);
}
