import 'server-only';
import type { Chats } from '@/lib/shared/schemas/chat';
import { getDb } from '../db/client';
import { chatSite } from './chat-site';
import { summaryRows, toChatSummary } from './chat-view';

/** `GET /api/chats.php`: the viewer's conversations, newest first, and their unread messages in all. */
export async function listChats(options: {
  viewerId: number;
  host: string | null;
  now?: Date;
}): Promise<Chats> {
  const now = options.now ?? new Date();
  const [site, db] = await Promise.all([chatSite(options.host), getDb()]);
  const rows = await summaryRows(db, { viewerId: options.viewerId, now });
  const chats = rows.map((row) => toChatSummary(row, options.viewerId, now, site.cdnPrefix));
  return { chats, num_unread_messages: chats.reduce((sum, chat) => sum + chat.num_unread_messages, 0) };
}
