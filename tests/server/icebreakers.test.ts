import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { suggestIcebreakers } from '@/lib/server/chat/icebreakers';
import { blocks, interests, profileInterests } from '@/lib/server/db/schema';
import { IcebreakersSchema } from '@/lib/shared/schemas/chat';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import { createMember } from '../factories/create-member';
import { clientFor } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();
const database = () => db.handle().db;

async function withInterests(memberId: number, slugs: string[]) {
  const rows = await database().select().from(interests).where(inArray(interests.slug, slugs));
  await database()
    .insert(profileInterests)
    .values(rows.map((row) => ({ userId: memberId, interestId: row.id })));
}

async function icebreakers(viewer: number, member: number, language = 'en') {
  const res = await (await clientFor(viewer, { language })).get(`/api/icebreakers.php?member=${member}`);
  return { status: res.status, json: res.json };
}

describe('icebreakers', () => {
  it('suggests six varied openers in the viewer’s language, some with the member’s name and interests', async () => {
    const viewer = await createMember(database(), { name: 'Bram' });
    const anna = await createMember(database(), { name: 'Anna' });
    await withInterests(anna, ['travel', 'cooking', 'wine']);

    const res = await icebreakers(viewer, anna, 'de');
    expect(res.status).toBe(200);
    const { icebreakers: openers } = IcebreakersSchema.strict().parse(res.json);
    expect(openers).toHaveLength(6);
    expect(new Set(openers).size).toBe(6);
    expect(openers.filter((text) => text.includes('Anna')).length).toBeGreaterThanOrEqual(2);
    const germanLabels = [de.Interests.travel, de.Interests.cooking, de.Interests.wine];
    expect(openers.filter((text) => germanLabels.some((label) => text.includes(`„${label}“`)))).toHaveLength(
      2,
    );
    const germanPool = [
      ...Object.values(de.Icebreakers.general),
      ...Object.values(de.Icebreakers.named),
      ...Object.values(de.Icebreakers.interest),
    ].map((template) => template.split('{')[0] ?? '');
    for (const text of openers) {
      expect(text).not.toMatch(/[{}]/);
      expect(germanPool.some((start) => text.startsWith(start))).toBe(true);
    }
  });

  it('keeps the same openers all day and changes them another day', async () => {
    const viewer = await createMember(database());
    const member = await createMember(database(), { name: 'Sofie' });
    const morning = new Date('2026-11-25T07:00:00Z');
    const evening = new Date('2026-11-25T22:00:00Z');
    const first = await suggestIcebreakers({ userId: viewer, memberId: member, locale: 'en', now: morning });
    expect(
      await suggestIcebreakers({ userId: viewer, memberId: member, locale: 'en', now: evening }),
    ).toEqual(first);
    const days = await Promise.all(
      ['2026-11-26', '2026-11-27', '2026-11-28'].map((day) =>
        suggestIcebreakers({
          userId: viewer,
          memberId: member,
          locale: 'en',
          now: new Date(`${day}T12:00:00Z`),
        }),
      ),
    );
    expect(days.some((other) => JSON.stringify(other) !== JSON.stringify(first))).toBe(true);
    // Without interests: the name and general openers only, still six.
    expect(first.icebreakers).toHaveLength(6);
    const general = Object.values(en.Icebreakers.general);
    expect(first.icebreakers.filter((text) => general.includes(text))).toHaveLength(4);
  });

  it('does not exist for members the viewer may not see', async () => {
    const viewer = await createMember(database());
    const hidden = await createMember(database(), { invisible: true });
    const inactive = await createMember(database(), { status: 'disabled' });
    const blockedBy = await createMember(database());
    const blocked = await createMember(database());
    await database()
      .insert(blocks)
      .values([
        { blockerId: blockedBy, blockedId: viewer },
        { blockerId: viewer, blockedId: blocked },
      ]);
    for (const member of [hidden, inactive, blockedBy, blocked, 999_999_999, viewer]) {
      const res = await icebreakers(viewer, member);
      expect(res.status, String(member)).toBe(404);
      expect(res.json.error.code).toBe('not_found');
    }
  });
});
