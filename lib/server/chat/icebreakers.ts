import 'server-only';
import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { createTranslator } from 'use-intl/core';
import type { Locale } from '@/lib/shared/locales';
import { getDb } from '../db/client';
import { profileInterests, profiles } from '../db/schema/members';
import { interests } from '../db/schema/reference';
import { AppError } from '../errors';
import { SERVER_MESSAGES, type ServerMessages } from '../i18n/messages';
import { assertLikeable } from '../likes/like-member';

type Openers = ServerMessages['Icebreakers'];
type GeneralKey = keyof Openers['general'];
type NamedKey = keyof Openers['named'];
type InterestKey = keyof Openers['interest'];
type InterestSlug = keyof ServerMessages['Interests'];

/** How many openers one answer suggests, and how many of them use the member's interests or name. */
export const ICEBREAKERS_SHOWN = 6;
const WITH_INTEREST = 2;
const WITH_NAME = 2;

/** A generator of numbers in [0, 1) from a seed: the same seed, the same sequence. */
function seededRandom(seed: string): () => number {
  let counter = 0;
  return () => {
    const digest = createHash('sha256').update(`${seed}:${counter++}`).digest();
    return digest.readUInt32BE(0) / 2 ** 32;
  };
}

/** A shuffled copy, in the order the seeded generator gives. */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/**
 * Openers for a first message to a member, in the viewer's language: some use the member's name and
 * interests, the rest are general. The choice is random but stays the same for the pair all day (the
 * dialog does not change each time it opens). Members the viewer may not see (unknown, hidden,
 * blocked either way) are not found, as for a like.
 */
export async function suggestIcebreakers(options: {
  userId: number;
  memberId: number;
  locale: Locale;
  now?: Date;
}): Promise<{ icebreakers: string[] }> {
  const { userId, memberId, locale } = options;
  if (userId === memberId) throw new AppError('not_found', { log: 'icebreakers: for oneself' });
  const db = await getDb();
  await assertLikeable(db, userId, memberId);
  const [profile] = await db
    .select({ name: profiles.name })
    .from(profiles)
    .where(eq(profiles.userId, memberId));
  if (!profile) throw new AppError('not_found', { log: `icebreakers: member ${memberId} has no profile` });
  const slugs = await db
    .select({ slug: interests.slug })
    .from(profileInterests)
    .innerJoin(interests, eq(interests.id, profileInterests.interestId))
    .where(eq(profileInterests.userId, memberId))
    .orderBy(asc(interests.position));

  const messages = SERVER_MESSAGES[locale];
  const t = createTranslator({ locale, messages, namespace: 'Icebreakers' });
  const labels = slugs
    .map(({ slug }) => (slug in messages.Interests ? messages.Interests[slug as InterestSlug] : null))
    .filter((label): label is string => label !== null);

  const day = (options.now ?? new Date()).toISOString().slice(0, 10);
  const random = seededRandom(`${userId}:${memberId}:${day}`);
  const name = profile.name;

  const chosen: string[] = [];
  const interestKeys = shuffled(Object.keys(messages.Icebreakers.interest) as InterestKey[], random);
  for (const [index, interest] of shuffled(labels, random).slice(0, WITH_INTEREST).entries()) {
    const key = interestKeys[index];
    if (key) chosen.push(t(`interest.${key}`, { interest, name }));
  }
  const namedKeys = shuffled(Object.keys(messages.Icebreakers.named) as NamedKey[], random);
  for (const key of namedKeys.slice(0, WITH_NAME)) chosen.push(t(`named.${key}`, { name }));
  const generalKeys = shuffled(Object.keys(messages.Icebreakers.general) as GeneralKey[], random);
  for (const key of generalKeys.slice(0, ICEBREAKERS_SHOWN - chosen.length)) chosen.push(t(`general.${key}`));

  return { icebreakers: shuffled(chosen, random) };
}
