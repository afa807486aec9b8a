'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Logo } from '@/components/brand/logo';
import { useSettings, useUser } from '@/lib/api/hooks';
import { useChat, type ChatTarget } from '@/lib/api/chat';
import { ChatBubbleIcon } from './chat-icons';
import { ChatList } from './chat-list';
import { ChatView } from './chat-view';

/** A visitor cannot chat: signing up (a dialog on desktop, the page on phones) or logging in. */
function VisitorPrompt(props: { redirect: string }) {
  const t = useTranslations('Chat');
  return (
    <div className="chat-view">
      <div className="chat-state">
        <span className="empty-state-icon" aria-hidden="true">
          <ChatBubbleIcon />
        </span>
        <p className="empty-state-title">{t('visitorTitle')}</p>
        <p>{t('visitorText')}</p>
        <div className="d-flex flex-wrap gap-2 justify-content-center">
          <Link href="/signup" className="btn btn-primary" prefetch={false}>
            {t('signup')}
          </Link>
          <Link
            href={`/login?redirect=${props.redirect}`}
            className="btn btn-outline-secondary"
            prefetch={false}
          >
            {t('login')}
          </Link>
        </div>
      </div>
    </div>
  );
}

/** The list beside the conversation on wide screens, with this conversation marked. */
function Sidebar(props: { target: ChatTarget }) {
  const { data } = useChat(props.target);
  const active = data?.pages[0]?.conversation?.id ?? undefined;
  const { data: settings } = useSettings();
  return (
    <aside className="chat-sidebar">
      {/* The chat layout has no top navigation: on wide screens the brand leads back to the search. */}
      <Link href="/members" className="brand-link chat-sidebar-home" prefetch={false}>
        <Logo name={settings?.name ?? ''} size={28} />
      </Link>
      <ChatList activeConversation={active} headingLevel="h2" />
    </aside>
  );
}

/**
 * The chat layout's page: the conversation full height on phones; from lg the chat list beside it.
 * Visitors are asked to sign up.
 */
export function ChatScreen(props: { target: ChatTarget; path: string }) {
  const { data: user, isPending } = useUser();
  if (isPending && user === undefined) return <div className="chat-screen" aria-busy="true" />;
  if (!user) {
    return (
      <div className="chat-screen">
        <VisitorPrompt redirect={props.path} />
      </div>
    );
  }
  return (
    <div className="chat-screen">
      <Sidebar target={props.target} />
      <ChatView key={JSON.stringify(props.target)} target={props.target} />
    </div>
  );
}
