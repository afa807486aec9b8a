// Shared by the notification mail tests: members who are away, messages and likes at given times, their mail.
import { eq } from 'drizzle-orm';
import { chatSite } from '@/lib/server/chat/chat-site';
import { deliverMessage } from '@/lib/server/chat/send-message';
import type { Db } from '@/lib/server/db/client';
import { profiles, users } from '@/lib/server/db/schema';
import { storeLike } from '@/lib/server/likes/like-member';
import { listOutbox, type OutboxMail } from '@/lib/server/mail/list-outbox';
import type { Locale } from '@/lib/shared/locales';
import { createMember, type MemberSeed } from '../factories/create-member';
import { giveCredits, newKey } from './chat-helpers';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** `base` moved by `ms`. */
export const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

/** A member with a language, credits to write with, and a last visit. */
export async function member(
  db: Db,
  options: MemberSeed & { language?: Locale; disabled?: string[]; createdAt?: Date } = {},
): Promise<number> {
  const { language, disabled, createdAt, ...seed } = options;
  const id = await createMember(db, seed);
  const changes = {
    ...(language ? { language } : {}),
    ...(disabled ? { notificationsDisabled: disabled } : {}),
    ...(createdAt ? { createdAt } : {}),
  };
  if (Object.keys(changes).length > 0) await db.update(users).set(changes).where(eq(users.id, id));
  await giveCredits(id, 1_000);
  return id;
}

/** Moves a member's last visit (they came back, or have been away since). */
export async function lastSeen(db: Db, id: number, when: Date): Promise<void> {
  await db.update(profiles).set({ lastActiveAt: when }).where(eq(profiles.userId, id));
}

/** A text message from one member to another, sent at `when`. */
export async function write(from: number, to: number, text: string, when: Date): Promise<void> {
  await deliverMessage({
    senderId: from,
    recipientId: to,
    clientKey: newKey(),
    content: { kind: 'text', text },
    site: await chatSite(null),
    now: when,
  });
}

/** A like from one member to another at `when` (a match when the other liked first). */
export async function like(db: Db, from: number, to: number, when: Date): Promise<void> {
  await db.transaction((tx) => storeLike(tx, { userId: from, memberId: to, source: 'member', now: when }));
}

export async function emailOf(db: Db, id: number): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no member ${id}`);
  return row.email;
}

export async function nameOf(db: Db, id: number): Promise<string> {
  const [row] = await db.select({ name: profiles.name }).from(profiles).where(eq(profiles.userId, id));
  if (!row) throw new Error(`no member ${id}`);
  return row.name;
}

/** The mail a member got, oldest first. */
export async function mailsOf(db: Db, id: number): Promise<OutboxMail[]> {
  return (await listOutbox({ to: await emailOf(db, id), limit: 200 })).reverse();
}

/** The unsubscribe token in a mail's List-Unsubscribe header. */
export function unsubscribeToken(mail: OutboxMail): string {
  const header = mail.headers['List-Unsubscribe'] ?? '';
  const url = /^<([^>]+)>$/.exec(header)?.[1];
  if (!url) throw new Error(`no one-click address in "${header}"`);
  return new URL(url).searchParams.get('token') ?? '';
}
