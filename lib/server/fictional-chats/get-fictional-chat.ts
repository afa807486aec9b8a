import 'server-only';
import { and, asc, desc, eq, gte } from 'drizzle-orm';
import type { DeskConversation } from '@/lib/shared/schemas/fictional-chats';
import { chatSite, historyStart } from '../chat/chat-site';
import { getCreditBalance } from '../credits/get-credit-balance';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { chatMessages } from '../db/schema/chat';
import { profiles } from '../db/schema/members';
import { photos } from '../db/schema/photos';
import { AppError } from '../errors';
import { ageOn } from '../members/member-filters';
import { fictionalSides, heldClaimOrThrow } from './claim-fictional-chat';

/** Messages of the history the desk shows: the newest, within the window members see. */
const HISTORY = 60;

/**
 * The conversation a chat operator holds, as they need it to answer: the fictional profile they
 * speak as, the member (profile, photos, account, credits) and the history both see.
 */
export async function getFictionalChat(options: {
  operatorId: number;
  conversationId: number;
  now?: Date;
}): Promise<DeskConversation> {
  const now = options.now ?? new Date();
  const claimExpiresAt = await heldClaimOrThrow(options);
  const sides = await fictionalSides(options.conversationId);
  if (!sides) throw new AppError('not_found');
  const db = await getDb();
  const person = async (userId: number) => {
    const [row] = await db
      .select({ profile: profiles, user: users })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(profiles.userId, userId));
    if (!row) throw new AppError('not_found', { log: `no profile ${userId}` });
    return row;
  };
  const [profile, member, memberPhotos, profilePhoto, credits, history] = await Promise.all([
    person(sides.profileId),
    person(sides.memberId),
    db
      .select({ thumb: photos.thumbFilename })
      .from(photos)
      .where(and(eq(photos.userId, sides.memberId), eq(photos.status, 'active')))
      .orderBy(desc(photos.isMain), asc(photos.position), asc(photos.id))
      .limit(8),
    db
      .select({ thumb: photos.thumbFilename })
      .from(photos)
      .where(and(eq(photos.userId, sides.profileId), eq(photos.isMain, true), eq(photos.status, 'active')))
      .limit(1),
    getCreditBalance({ userId: sides.memberId }),
    db
      .select()
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.conversationId, options.conversationId),
          gte(chatMessages.createdAt, historyStart(now)),
        ),
      )
      .orderBy(desc(chatMessages.id))
      .limit(HISTORY),
  ]);
  const site = await chatSite(null);
  const url = (file: string | null | undefined) => (file ? `${site.cdnPrefix}${file}` : null);
  const p = profile.profile;
  const m = member.profile;
  return {
    conversationId: options.conversationId,
    claimExpiresAt: claimExpiresAt.toISOString(),
    messageLength: site.messageLength,
    profile: {
      id: p.userId,
      name: p.name,
      age: ageOn(p.dateOfBirth, now),
      gender: p.gender,
      city: p.city,
      country: p.country,
      about: p.signupMessage,
      thumb: url(profilePhoto[0]?.thumb),
    },
    member: {
      id: m.userId,
      name: m.name,
      age: ageOn(m.dateOfBirth, now),
      gender: m.gender,
      city: m.city,
      country: m.country,
      about: m.signupMessage,
      thumb: url(memberPhotos[0]?.thumb),
      photos: memberPhotos.map((photo) => url(photo.thumb) ?? '').filter(Boolean),
      paidUser: member.user.paidUser,
      credits,
      language: member.user.language,
      memberSince: member.user.createdAt.toISOString(),
      lastActiveAt: m.lastActiveAt.toISOString(),
    },
    messages: history.reverse().map((message) => ({
      id: message.id,
      fromProfile: message.senderId === sides.profileId,
      kind: message.kind,
      text: message.kind === 'text' ? message.text : null,
      detail:
        message.kind === 'gift'
          ? message.giftId
          : message.kind === 'gif'
            ? (message.gif?.title ?? null)
            : message.kind === 'photo'
              ? `${message.photoWidth ?? 0}×${message.photoHeight ?? 0}`
              : null,
      sentAt: message.createdAt.toISOString(),
    })),
  };
}
