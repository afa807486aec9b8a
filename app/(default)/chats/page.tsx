import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { MemberOnly } from '@/components/account/member-only';
import { ChatList } from '@/components/chat/chat-list';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Chats');
  return { title: t('title'), robots: { index: false } };
}

/** `/chats`: the member's conversations, newest first; a visitor is asked to log in and come back. */
export default async function ChatsPage() {
  const t = await getTranslations('Chat');
  return (
    <PageMessages page="chats">
      <div className="chats-page">
        <MemberOnly redirect="/chats" message={t('visitorText')}>
          <ChatList suggestsPush />
        </MemberOnly>
      </div>
    </PageMessages>
  );
}
