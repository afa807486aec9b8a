import 'server-only';
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  isNotificationEnabled,
} from '@/lib/shared/values/notifications';
import { historyStart } from '../chat/chat-site';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { chatMessages, conversationMembers } from '../db/schema/chat';
import { creditBalances, creditLedger } from '../db/schema/credits';
import { likes } from '../db/schema/likes';
import { blocks, profileInterests, profiles } from '../db/schema/members';
import { pushSubscriptions } from '../db/schema/notifications';
import { passkeys } from '../db/schema/passkeys';
import { paymentMandates, paymentReversals, payments } from '../db/schema/payments';
import { photos } from '../db/schema/photos';
import { interests, regions, sites } from '../db/schema/reference';
import { getStorage } from '../storage/get-storage';
import { collectVerificationData } from '../verification/collect-verification-data';

/** The files of a member's data: JSON documents by name, and the stored files to copy in. */
export interface MemberData {
  json: Record<string, unknown>;
  /** Name inside the archive → storage key. */
  files: Record<string, string>;
  siteName: string;
  memberName: string | null;
}

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
const extensionOf = (key: string) => key.slice(key.lastIndexOf('.') + 1) || 'jpg';

/**
 * Everything the app keeps about one member, as that member may see it: the account and its
 * attribution, the profile, photos (as files), the messages they sent and received that they can
 * still see (inside the history window, after a conversation they cleared), likes, blocks, payments,
 * the credit ledger, consents, notification choices and passkeys (by name and use, never their
 * keys). Other members appear by id and name only.
 */
export async function collectMemberData(options: { userId: number; now?: Date }): Promise<MemberData> {
  const { userId } = options;
  const now = options.now ?? new Date();
  const db = await getDb();
  const files: Record<string, string> = {};

  const [account] = await db
    .select({ user: users, siteDomain: sites.domain, siteName: sites.name })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(eq(users.id, userId));
  if (!account) throw new Error(`no member ${userId} to export`);
  const { user } = account;

  const [profile] = await db
    .select({ profile: profiles, regionName: regions.name })
    .from(profiles)
    .leftJoin(regions, eq(regions.id, profiles.regionId))
    .where(eq(profiles.userId, userId));
  const interestRows = await db
    .select({ slug: interests.slug })
    .from(profileInterests)
    .innerJoin(interests, eq(interests.id, profileInterests.interestId))
    .where(eq(profileInterests.userId, userId))
    .orderBy(asc(interests.position));

  const photoRows = await db
    .select()
    .from(photos)
    .where(eq(photos.userId, userId))
    .orderBy(asc(photos.position), asc(photos.id));
  const photoList = photoRows.map((photo) => {
    const file = `photos/${photo.id}.${extensionOf(photo.filename)}`;
    files[file] = photo.filename;
    return {
      file,
      width: photo.width,
      height: photo.height,
      status: photo.status,
      is_main: photo.isMain,
      uploaded_at: iso(photo.createdAt),
      verification_checked_at: iso(photo.verifiedAt),
    };
  });

  // Messages: per conversation, those this member can still see (window and their own removal).
  const start = historyStart(now);
  const partner = alias(profiles, 'partner');
  const sides = await db
    .select({
      conversationId: conversationMembers.conversationId,
      otherId: conversationMembers.otherId,
      clearedAt: conversationMembers.clearedAt,
      otherName: partner.name,
    })
    .from(conversationMembers)
    .leftJoin(partner, eq(partner.userId, conversationMembers.otherId))
    .where(eq(conversationMembers.memberId, userId))
    .orderBy(asc(conversationMembers.conversationId));
  const conversations = [];
  for (const side of sides) {
    const visibleFrom = side.clearedAt && side.clearedAt > start ? side.clearedAt : start;
    const rows = await db
      .select()
      .from(chatMessages)
      .where(
        and(eq(chatMessages.conversationId, side.conversationId), gt(chatMessages.createdAt, visibleFrom)),
      )
      .orderBy(asc(chatMessages.id));
    if (rows.length === 0) continue;
    conversations.push({
      with: { id: side.otherId, name: side.otherName },
      messages: rows.map((row) => {
        let photo: string | null = null;
        if (row.kind === 'photo' && row.photoKey) {
          photo = `chat-photos/${row.id}.${extensionOf(row.photoKey)}`;
          files[photo] = row.photoKey;
        }
        return {
          id: row.id,
          direction: row.senderId === userId ? 'sent' : 'received',
          kind: row.kind,
          text: row.kind === 'text' ? row.text : null,
          gift: row.kind === 'gift' ? row.giftId : null,
          gif: row.kind === 'gif' && row.gif ? { url: row.gif.url, title: row.gif.title } : null,
          photo,
          credits: row.senderId === userId ? row.credits : 0,
          sent_at: iso(row.createdAt),
        };
      }),
    });
  }

  const likeRows = await db
    .select({
      likerId: likes.likerId,
      likedId: likes.likedId,
      source: likes.source,
      createdAt: likes.createdAt,
      matchedAt: likes.matchedAt,
      otherName: partner.name,
    })
    .from(likes)
    .leftJoin(
      partner,
      sql`${partner.userId} = case when ${likes.likerId} = ${userId} then ${likes.likedId} else ${likes.likerId} end`,
    )
    .where(or(eq(likes.likerId, userId), eq(likes.likedId, userId)))
    .orderBy(asc(likes.createdAt));
  const likeOf = (row: (typeof likeRows)[number], otherId: number) => ({
    member: { id: otherId, name: row.otherName },
    at: iso(row.createdAt),
    matched_at: iso(row.matchedAt),
  });

  const blockRows = await db
    .select({ blockedId: blocks.blockedId, createdAt: blocks.createdAt, name: partner.name })
    .from(blocks)
    .leftJoin(partner, eq(partner.userId, blocks.blockedId))
    .where(eq(blocks.blockerId, userId))
    .orderBy(asc(blocks.createdAt));

  const paymentRows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(asc(payments.id));
  const reversalRows = paymentRows.length
    ? await db
        .select()
        .from(paymentReversals)
        .where(
          inArray(
            paymentReversals.paymentId,
            paymentRows.map((p) => p.id),
          ),
        )
        .orderBy(asc(paymentReversals.id))
    : [];
  const mandateRows = await db
    .select()
    .from(paymentMandates)
    .where(eq(paymentMandates.userId, userId))
    .orderBy(asc(paymentMandates.id));

  const ledgerRows = await db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(asc(creditLedger.id));
  const [balance] = await db
    .select({ balance: creditBalances.balance })
    .from(creditBalances)
    .where(eq(creditBalances.userId, userId));

  const pushRows = await db
    .select({ userAgent: pushSubscriptions.userAgent, createdAt: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.id));

  const verification = await collectVerificationData({ userId });
  Object.assign(files, verification.files);
  // Passkeys by name and use only: their keys and credential ids are no personal data to read.
  const passkeyRows = await db
    .select({
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
      backedUp: passkeys.backedUp,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));

  const disabled = user.notificationsDisabled;
  const json: Record<string, unknown> = {
    'account.json': {
      id: user.id,
      email: user.email,
      site: account.siteDomain,
      language: user.language,
      time_zone: user.timeZone,
      status: user.status,
      premium: user.paidUser,
      created_at: iso(user.createdAt),
      email_confirmed_at: iso(user.confirmedAt),
    },
    'profile.json': profile
      ? {
          name: profile.profile.name,
          gender: profile.profile.gender,
          date_of_birth: profile.profile.dateOfBirth,
          country: profile.profile.country,
          region: profile.regionName,
          city: profile.profile.city,
          about: profile.profile.signupMessage,
          sexuality: profile.profile.sexuality,
          hair_color: profile.profile.hairColor,
          eye_color: profile.profile.eyeColor,
          body_type: profile.profile.bodyType,
          relationship_status: profile.profile.relationshipStatus,
          tattoos: profile.profile.tattoos,
          interests: interestRows.map((row) => row.slug),
          invisible: profile.profile.invisible,
          status: profile.profile.status,
          last_active_at: iso(profile.profile.lastActiveAt),
          updated_at: iso(profile.profile.updatedAt),
        }
      : null,
    'photos.json': photoList,
    'messages.json': conversations,
    'likes.json': {
      given: likeRows.filter((row) => row.likerId === userId).map((row) => likeOf(row, row.likedId)),
      received: likeRows.filter((row) => row.likedId === userId).map((row) => likeOf(row, row.likerId)),
    },
    'blocks.json': blockRows.map((row) => ({
      member: { id: row.blockedId, name: row.name },
      at: iso(row.createdAt),
    })),
    'payments.json': {
      payments: paymentRows.map((row) => ({
        id: row.id,
        created_at: iso(row.createdAt),
        paid_at: iso(row.paidAt),
        status: row.status,
        method: row.method,
        provider: row.provider,
        provider_payment_id: row.providerPaymentId,
        credits: row.credits,
        currency: row.currency,
        list_amount: row.listAmountMinor / 100,
        amount: row.amountMinor / 100,
        discount_percentage: row.discountPercentage,
        country: row.country,
        refunded: row.reversedMinor / 100,
      })),
      refunds_and_chargebacks: reversalRows.map((row) => ({
        payment: row.paymentId,
        kind: row.kind,
        amount: row.amountMinor / 100,
        credits: row.credits,
        at: iso(row.createdAt),
      })),
      stored_payment_methods: mandateRows.map((row) => ({
        method: row.method,
        label: row.label,
        status: row.status,
        created_at: iso(row.createdAt),
        revoked_at: iso(row.revokedAt),
      })),
    },
    'credits.json': {
      balance: balance?.balance ?? 0,
      ledger: ledgerRows.map((row) => ({
        at: iso(row.createdAt),
        change: row.delta,
        reason: row.reason,
        reference: row.reference,
      })),
    },
    'consents.json': {
      terms_accepted_at: iso(user.createdAt),
      email_notifications_stopped: user.emailStoppedReason
        ? { reason: user.emailStoppedReason, at: iso(user.emailStoppedAt) }
        : null,
      direct_debit_authorisations: mandateRows
        .filter((row) => row.method === 'directdebit')
        .map((row) => ({ label: row.label, given_at: iso(row.createdAt), revoked_at: iso(row.revokedAt) })),
    },
    'notifications.json': {
      push_suggestion_dismissed_at: iso(user.pushOfferDismissedAt),
      choices: Object.fromEntries(
        NOTIFICATION_KINDS.map((kind) => [
          kind,
          Object.fromEntries(
            NOTIFICATION_CHANNELS.map((channel) => [channel, isNotificationEnabled(disabled, channel, kind)]),
          ),
        ]),
      ),
      push_browsers: pushRows.map((row) => ({ browser: row.userAgent, since: iso(row.createdAt) })),
    },
    'verification.json': { verified: profile?.profile.verified ?? false, requests: verification.records },
    'passkeys.json': passkeyRows.map((row) => ({
      name: row.name,
      created_at: iso(row.createdAt),
      last_used_at: iso(row.lastUsedAt),
      backed_up: row.backedUp,
    })),
    'tracking.json': {
      network: user.trackingNetwork,
      ref: user.trackingRef,
      sub1: user.trackingSub1,
      sub2: user.trackingSub2,
      sub3: user.trackingSub3,
      signup_lander: user.signupLander,
      signup_lander_campaign: user.signupLanderSlug,
    },
  };
  return { json, files, siteName: account.siteName, memberName: profile?.profile.name ?? null };
}

/** Reads the stored files of a member's data; a file gone from storage is left out. */
export async function readMemberFiles(files: Record<string, string>): Promise<Record<string, Uint8Array>> {
  const storage = getStorage();
  const read: Record<string, Uint8Array> = {};
  for (const [name, key] of Object.entries(files)) {
    const object = await storage.get(key);
    if (object) read[name] = new Uint8Array(object.body);
  }
  return read;
}
