import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { sessions, users } from '../db/schema/auth';
import { AppError } from '../errors';

/** Customer service logs a member out everywhere: every session ends. Answers how many there were. */
export async function endMemberSessions(options: { userId: number }): Promise<{ ended: number }> {
  const db = await getDb();
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.id, options.userId));
  if (!member) throw new AppError('not_found', { log: `end sessions: no member ${options.userId}` });
  const ended = await db
    .delete(sessions)
    .where(eq(sessions.userId, options.userId))
    .returning({ id: sessions.id });
  return { ended: ended.length };
}
