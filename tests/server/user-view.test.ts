// `GET /api/user.php` (and every page's member): the member, the balance and the main photo in one read.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditBalances, photos } from '@/lib/server/db/schema';
import { UserResponseSchema } from '@/lib/shared/schemas/user';
import { createMember } from '../factories/create-member';
import { clientFor } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';

const db = withTestDatabase();

async function me(userId: number) {
  const client = await clientFor(userId);
  return UserResponseSchema.parse((await client.get('/api/user.php')).json).user;
}

async function addPhoto(userId: number, name: string, values: Partial<typeof photos.$inferInsert>) {
  await db
    .handle()
    .db.insert(photos)
    .values({
      userId,
      filename: `${name}.jpg`,
      thumbFilename: `${name}-t.jpg`,
      width: 10,
      height: 10,
      bytes: 1,
      ...values,
    });
}

describe('the member as the pages and user.php show them', () => {
  it('has the main photo only once it is on show, and the balance', async () => {
    const userId = await createMember(db.handle().db, { name: 'Photo Owner' });
    const before = await me(userId);
    expect(before.profile).toMatchObject({ name: 'Photo Owner', main_image: null });
    expect(before.credits).toBe(0);

    // A main photo waiting for moderation, and another photo on show that is not the main one.
    await addPhoto(userId, 'waiting', { isMain: true, status: 'pending' });
    await addPhoto(userId, 'second', { isMain: false });
    expect((await me(userId)).profile.main_image).toBeNull();

    await db.handle().db.update(photos).set({ status: 'active' }).where(eq(photos.filename, 'waiting.jpg'));
    await db
      .handle()
      .db.insert(creditBalances)
      .values({ userId, balance: 42 })
      .onConflictDoUpdate({
        target: creditBalances.userId,
        set: { balance: 42 },
      });
    const after = await me(userId);
    expect(after.profile.main_image).toMatchObject({ filename: expect.stringContaining('waiting.jpg') });
    expect(after.credits).toBe(42);
  });
});
