'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormatter, useNow, useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { operatorApiError, useOperatorApi } from '@/lib/api/operator-api';
import type { DeskConversation, DeskQueue, DeskQueueItem } from '@/lib/shared/schemas/fictional-chats';
import { useConsoleShortcuts } from '../console-shortcuts';

const queueKey = ['operator', 'desk', 'queue'] as const;
/** The claim is renewed this often while the conversation stays open (it runs out after five minutes). */
const RENEW_MS = 120_000;

const newClientKey = () => `desk-${crypto.randomUUID()}`;

/**
 * The chat desk: the queue of conversations waiting for a fictional profile's answer, the one the
 * operator holds with its history, and the member's file. Keys: j/k move in the queue, Enter or o
 * opens, n takes the next waiting, r writes, x lets the conversation go.
 */
export function DeskView() {
  const t = useTranslations('OperatorDesk');
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  const [conversation, setConversation] = useState<DeskConversation | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [cursor, setCursor] = useState(0);
  const [replyField, setReplyField] = useState<HTMLTextAreaElement | null>(null);
  const queue = useQuery({
    queryKey: queueKey,
    queryFn: async () => (await api.get<DeskQueue>('desk.php')).data,
    refetchInterval: 5_000,
    staleTime: 0,
  });
  const items = useMemo(() => queue.data?.items ?? [], [queue.data]);

  const claim = useMutation({
    mutationFn: async (conversationId?: number) =>
      (
        await api.post<{ conversation: DeskConversation | null }>(
          'desk-claim.php',
          conversationId ? { conversationId } : {},
        )
      ).data.conversation,
    onSuccess: (claimed) => {
      setConversation(claimed);
      setNotice(claimed ? null : t('nothingWaiting'));
      void queryClient.invalidateQueries({ queryKey: queueKey });
    },
    onError: (error) => setNotice(operatorApiError(error)?.message ?? t('failed')),
  });
  const release = useMutation({
    mutationFn: async (conversationId: number) => api.delete('desk-claim.php', { data: { conversationId } }),
    onSettled: () => {
      setConversation(null);
      void queryClient.invalidateQueries({ queryKey: queueKey });
    },
  });

  // Working on a conversation keeps it: the claim is renewed while it is open.
  const openId = conversation?.conversationId;
  useEffect(() => {
    if (!openId) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') claim.mutate(openId);
    }, RENEW_MS);
    return () => clearInterval(timer);
    // claim.mutate is stable; renewing must not restart on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openId]);

  // `mutate` stays the same function from render to render; the mutation objects do not, and the
  // shortcuts must change only when what they do changes.
  const { mutate: takeConversation } = claim;
  const { mutate: releaseConversation } = release;
  const open = useCallback(
    (item: DeskQueueItem | undefined) => item && takeConversation(item.conversationId),
    [takeConversation],
  );
  const shortcuts = useMemo(
    () => [
      {
        key: 'j',
        label: t('keys.next'),
        onKey: () => setCursor((c) => Math.min(c + 1, Math.max(items.length - 1, 0))),
      },
      { key: 'k', label: t('keys.previous'), onKey: () => setCursor((c) => Math.max(c - 1, 0)) },
      { key: 'o', label: t('keys.open'), onKey: () => open(items[cursor]), isDisabled: !items.length },
      { key: 'n', label: t('keys.takeNext'), onKey: () => takeConversation(undefined) },
      { key: 'r', label: t('keys.reply'), onKey: () => replyField?.focus(), isDisabled: !conversation },
      {
        key: 'x',
        label: t('keys.release'),
        onKey: () => conversation && releaseConversation(conversation.conversationId),
        isDisabled: !conversation,
      },
    ],
    [t, items, cursor, open, takeConversation, releaseConversation, conversation, replyField],
  );
  useConsoleShortcuts(shortcuts);

  return (
    <div className="console-page desk">
      <div className="console-page-head">
        <h1 className="h3 mb-0">{t('title')}</h1>
        <p className="text-body-secondary small mb-0">{t('waiting', { count: queue.data?.waiting ?? 0 })}</p>
        <button
          type="button"
          className="btn btn-primary btn-sm ms-auto"
          onClick={() => claim.mutate(undefined)}
          disabled={claim.isPending}
          aria-keyshortcuts="n"
        >
          {t('takeNext')} <kbd>n</kbd>
        </button>
      </div>
      <div aria-live="polite" className={notice ? 'alert alert-info py-2' : 'visually-hidden'}>
        {notice}
      </div>
      <div className="desk-grid">
        <QueueList items={items} cursor={cursor} openId={openId} onOpen={open} isLoading={queue.isPending} />
        {conversation ? (
          <>
            <ConversationPane
              key={conversation.conversationId}
              conversation={conversation}
              onReplyField={setReplyField}
              onSent={() => {
                setConversation(null);
                setNotice(t('sent', { name: conversation.member.name }));
                void queryClient.invalidateQueries({ queryKey: queueKey });
              }}
              onExpired={(message) => {
                setConversation(null);
                setNotice(message);
              }}
              onRelease={() => release.mutate(conversation.conversationId)}
            />
            <MemberFile conversation={conversation} />
          </>
        ) : (
          <div className="desk-empty">
            <p className="mb-2">{t('emptyPane')}</p>
            <p className="small text-body-secondary mb-0">{t('emptyHint')}</p>
          </div>
        )}
      </div>
    </div>
  );
}

function QueueList(props: {
  items: readonly DeskQueueItem[];
  cursor: number;
  openId: number | undefined;
  onOpen: (item: DeskQueueItem) => void;
  isLoading: boolean;
}) {
  const t = useTranslations('OperatorDesk');
  const format = useFormatter();
  const now = useNow({ updateInterval: 15_000 });
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    listRef.current
      ?.querySelector<HTMLElement>(`[data-index="${props.cursor}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [props.cursor]);
  return (
    <section className="desk-queue" aria-labelledby="desk-queue-h">
      <h2 className="h6 desk-pane-title" id="desk-queue-h">
        {t('queue')}
      </h2>
      {!props.isLoading && !props.items.length ? (
        <p className="small text-body-secondary px-3">{t('queueEmpty')}</p>
      ) : null}
      <ol className="desk-queue-list" ref={listRef}>
        {props.items.map((item, index) => (
          <li key={item.conversationId}>
            <button
              type="button"
              data-index={index}
              className={`desk-queue-item${index === props.cursor ? ' is-cursor' : ''}${
                item.conversationId === props.openId ? ' is-open' : ''
              }`}
              aria-current={item.conversationId === props.openId ? 'true' : undefined}
              onClick={() => props.onOpen(item)}
            >
              <span className="desk-queue-names">
                <strong>{item.member.name}</strong>
                <span className="text-body-secondary">
                  {' → '}
                  {item.profile.name}
                </span>
              </span>
              <span className="desk-queue-preview">
                {item.preview ?? t(`kinds.${kindKey(item.previewKind)}`)}
              </span>
              <span className="desk-queue-meta">
                <span>{format.relativeTime(new Date(item.since), now)}</span>
                {item.unread > 1 ? <span className="badge text-bg-secondary">{item.unread}</span> : null}
                {item.member.paidUser ? <span className="badge desk-badge-paid">{t('paid')}</span> : null}
                {item.claim ? (
                  <span className={`badge ${item.claim.isMine ? 'text-bg-primary' : 'text-bg-warning'}`}>
                    {item.claim.isMine ? t('yours') : t('heldBy', { name: item.claim.operatorName })}
                  </span>
                ) : null}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

const KINDS = ['text', 'gift', 'gif', 'photo'] as const;
const kindKey = (kind: string | null): (typeof KINDS)[number] => KINDS.find((k) => k === kind) ?? 'text';

function ConversationPane(props: {
  conversation: DeskConversation;
  onReplyField: (field: HTMLTextAreaElement | null) => void;
  onSent: () => void;
  onExpired: (message: string) => void;
  onRelease: () => void;
}) {
  const t = useTranslations('OperatorDesk');
  const format = useFormatter();
  const now = useNow({ updateInterval: 10_000 });
  const api = useOperatorApi();
  const id = useId();
  const { conversation } = props;
  const [text, setText] = useState('');
  const [clientKey] = useState(newClientKey);
  const historyRef = useRef<HTMLOListElement>(null);
  const replyRef = useRef<HTMLTextAreaElement>(null);
  const { onReplyField } = props;
  useEffect(() => {
    const list = historyRef.current;
    if (list) list.scrollTop = list.scrollHeight;
    onReplyField(replyRef.current);
    return () => onReplyField(null);
  }, [onReplyField]);
  const send = useMutation({
    mutationFn: async () =>
      api.post('desk-reply.php', { conversationId: conversation.conversationId, text, clientKey }),
    onSuccess: () => props.onSent(),
    onError: (error) => {
      const failure = operatorApiError(error);
      if (failure?.code === 'claim_expired') props.onExpired(failure.message);
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) send.mutate();
  };
  const expires = new Date(conversation.claimExpiresAt);
  const sendError = send.error && operatorApiError(send.error)?.code !== 'claim_expired' ? send.error : null;
  const { profile, member } = conversation;
  return (
    <section className="desk-conversation" aria-labelledby={`${id}-h`}>
      <header className="desk-conversation-head">
        <Avatar src={profile.thumb} name={profile.name} />
        <div className="min-w-0">
          <h2 className="h6 mb-0" id={`${id}-h`}>
            {t('answeringAs', { profile: profile.name, member: member.name })}
          </h2>
          <div className="small text-body-secondary">
            {t('profileLine', { age: profile.age, city: profile.city ?? profile.country })}
          </div>
        </div>
        <div className="ms-auto text-end small">
          <div className="text-body-secondary">
            {t('heldUntil', { time: format.relativeTime(expires, now) })}
          </div>
          <button
            type="button"
            className="btn btn-link btn-sm p-0"
            onClick={props.onRelease}
            aria-keyshortcuts="x"
          >
            {t('release')} <kbd>x</kbd>
          </button>
        </div>
      </header>
      {profile.about ? <p className="desk-profile-about small">{profile.about}</p> : null}
      <ol className="desk-history" ref={historyRef} aria-label={t('history')}>
        {conversation.messages.map((message) => (
          <li key={message.id} className={`desk-message${message.fromProfile ? ' is-profile' : ''}`}>
            <span className="visually-hidden">{message.fromProfile ? profile.name : member.name}: </span>
            <span className="desk-bubble">
              {message.text ?? t(`kinds.${kindKey(message.kind)}`)}
              {message.detail ? <span className="small text-body-secondary"> ({message.detail})</span> : null}
            </span>
            <time className="desk-time" dateTime={message.sentAt}>
              {format.dateTime(new Date(message.sentAt), { dateStyle: 'short', timeStyle: 'short' })}
            </time>
          </li>
        ))}
      </ol>
      <form className="desk-reply" onSubmit={onSubmit}>
        {sendError ? (
          <div className="alert alert-danger py-2 mb-2" role="alert">
            {operatorApiError(sendError)?.message ?? t('failed')}
          </div>
        ) : null}
        <label className="form-label small fw-semibold" htmlFor={`${id}-reply`}>
          {t('replyLabel', { profile: profile.name })}
        </label>
        <textarea
          id={`${id}-reply`}
          ref={replyRef}
          // The pane opens when the operator takes a conversation: they write next.
          autoFocus
          className="form-control"
          rows={3}
          maxLength={conversation.messageLength}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              if (text.trim()) send.mutate();
            }
          }}
          aria-describedby={`${id}-hint`}
        />
        <div className="d-flex align-items-center gap-2 mt-2">
          <span className="small text-body-secondary" id={`${id}-hint`}>
            {t('replyHint', { used: text.length, max: conversation.messageLength })}
          </span>
          <button className="btn btn-primary ms-auto" type="submit" disabled={send.isPending || !text.trim()}>
            {t('send')}
          </button>
        </div>
      </form>
    </section>
  );
}

function MemberFile(props: { conversation: DeskConversation }) {
  const t = useTranslations('OperatorDesk');
  const format = useFormatter();
  const { member } = props.conversation;
  return (
    <aside className="desk-member" aria-labelledby="desk-member-h">
      <h2 className="h6 desk-pane-title" id="desk-member-h">
        {t('member')}
      </h2>
      <div className="desk-member-card">
        <Avatar src={member.thumb} name={member.name} size={64} />
        <div>
          <div className="fw-bold">{member.name}</div>
          <div className="small text-body-secondary">
            {t('profileLine', { age: member.age, city: member.city ?? member.country })}
          </div>
        </div>
      </div>
      {member.photos.length > 1 ? (
        <ul className="desk-member-photos" aria-label={t('photos')}>
          {member.photos.slice(1).map((src) => (
            <li key={src}>
              {/* eslint-disable-next-line @next/next/no-img-element -- member photos from the photo store */}
              <img src={src} alt="" width={56} height={56} />
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="desk-facts">
        <dt>{t('credits')}</dt>
        <dd>
          <strong>{format.number(member.credits)}</strong>{' '}
          {member.paidUser ? (
            <span className="badge desk-badge-paid">{t('paid')}</span>
          ) : (
            <span className="badge text-bg-light">{t('free')}</span>
          )}
        </dd>
        <dt>{t('language')}</dt>
        <dd>{member.language.toUpperCase()}</dd>
        <dt>{t('memberSince')}</dt>
        <dd>{format.dateTime(new Date(member.memberSince), { dateStyle: 'medium' })}</dd>
        <dt>{t('lastActive')}</dt>
        <dd>{format.relativeTime(new Date(member.lastActiveAt))}</dd>
      </dl>
      {member.about ? (
        <>
          <h3 className="h6 mt-3">{t('about')}</h3>
          <p className="small">{member.about}</p>
        </>
      ) : null}
    </aside>
  );
}

function Avatar(props: { src: string | null; name: string; size?: number }) {
  const size = props.size ?? 40;
  return props.src ? (
    // eslint-disable-next-line @next/next/no-img-element -- photos from the photo store
    <img className="desk-avatar" src={props.src} alt="" width={size} height={size} />
  ) : (
    <span
      className="desk-avatar desk-avatar-initial"
      style={{ width: size, height: size }}
      aria-hidden="true"
    >
      {props.name.slice(0, 1)}
    </span>
  );
}
