import 'server-only';
import { eq } from 'drizzle-orm';
import type { Locale } from '@/lib/shared/locales';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';

/** Saves the member's language, used for their e-mails and when they log in elsewhere. */
export async function updateUserLanguage(options: { userId: number; language: Locale }): Promise<void> {
  const db = await getDb();
  await db.update(users).set({ language: options.language }).where(eq(users.id, options.userId));
}
