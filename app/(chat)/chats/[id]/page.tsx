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

/** `/chats/{id}`: one conversation, by its id. */
export default async function ConversationPage(props: Props) {
  const raw = (await props.params).id;
  const conversation = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(conversation) || conversation > 2_147_483_647) notFound();
  return (
    <PageMessages page="chats/[id]">
      <ChatScreen target={{ conversation }} path={`/chats/${conversation}`} />
    </PageMessages>
  );
}
