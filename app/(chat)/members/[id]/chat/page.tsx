import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ChatScreen } from '@/components/chat/chat-screen';
import { PageMessages } from '@/components/providers/page-messages';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Chat');
  return { title: t('title'), robots: { index: false } };
}

/** `/members/{id}/chat`: the conversation with a member (the first message starts it). */
export default async function MemberChatPage(props: Props) {
  const raw = (await props.params).id;
  const member = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(member) || member > 2_147_483_647) notFound();
  return (
    <PageMessages page="members/[id]/chat">
      <ChatScreen target={{ member }} path={`/members/${member}/chat`} />
    </PageMessages>
  );
}
