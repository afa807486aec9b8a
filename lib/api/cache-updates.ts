// What each change on the server means for the cached server data: the one place that writes and
// invalidates React Query's cache after a mutation, and after what the server tells a tab
// (components/layout/server-events-bridge.tsx). Queries read through lib/api/keys.ts; nothing else
// changes the cache.
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Chat, ChatMessage, Chats, ChatSent, ChatSummary } from '@/lib/shared/schemas/chat';
import type { LikesState } from '@/lib/shared/schemas/likes';
import type { BlockedMembers, MemberDetail } from '@/lib/shared/schemas/members';
import type { OwnPhotos } from '@/lib/shared/schemas/photos';
import type { OwnProfile, ProfileUpdate } from '@/lib/shared/schemas/profile';
import type { SwipeResponse, SwipeStack } from '@/lib/shared/schemas/swipe';
import type { Payment, PaymentState } from '@/lib/shared/schemas/payments';
import type { User } from '@/lib/shared/schemas/user';
import type { VerificationStateView } from '@/lib/shared/schemas/verification';
import {
  blockKeys,
  chatKeys,
  passkeyKeys,
  likeKeys,
  memberKeys,
  paymentKeys,
  photoKeys,
  profileKeys,
  queryKeys,
  swipeKeys,
  verificationKeys,
} from './keys';

/** Data that belongs to whoever is logged in, or depends on who looks (photos shown, who is found). */
const VIEWER_DATA = [
  profileKeys.profile,
  photoKeys.photos,
  verificationKeys.state,
  blockKeys.blocked,
  likeKeys.likes,
  chatKeys.chats,
  chatKeys.all,
  ['member'],
  memberKeys.searches,
  swipeKeys.stack,
  // The welcome code and the time bonus are the member's own.
  ['discounts'],
  paymentKeys.all,
  paymentKeys.repeatOrder,
  ['bundles'],
  passkeyKeys.list,
];

export function cacheUpdates(queryClient: QueryClient) {
  const invalidate = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
  /** Nothing of the previous viewer stays: shown data loads again, the rest is dropped. */
  const forgetViewerData = () => {
    for (const queryKey of VIEWER_DATA) void queryClient.resetQueries({ queryKey });
  };
  const setMember = (member: number, change: Partial<MemberDetail>) =>
    queryClient.setQueryData<MemberDetail>(memberKeys.member(member), (current) =>
      current ? { ...current, ...change } : current,
    );
  const setBlockedByViewer = (member: number, blocked: boolean) =>
    setMember(
      member,
      blocked
        ? { blocked_by_viewer: true, liked_by_viewer: false, likes_viewer: false, match: false }
        : { blocked_by_viewer: false },
    );

  /**
   * Today's swipe likes as every page of the stacks holds them (the game reads the newest page of
   * the stack it shows: everyone, or verified members only).
   */
  const setSwipeLikes = (change: (page: SwipeStack) => Pick<SwipeStack, 'likes_left' | 'resets_at'>) =>
    queryClient.setQueriesData<InfiniteData<SwipeStack, number>>({ queryKey: swipeKeys.stack }, (current) =>
      current ? { ...current, pages: current.pages.map((page) => ({ ...page, ...change(page) })) } : current,
    );

  /** Takes a member out of the cached swipe stacks (played, or blocked). */
  const dropFromSwipeStack = (member: number) =>
    queryClient.setQueriesData<InfiniteData<SwipeStack, number>>({ queryKey: swipeKeys.stack }, (current) =>
      current
        ? {
            ...current,
            pages: current.pages.map((page) => ({
              ...page,
              profiles: page.profiles.filter((p) => p.id !== member),
            })),
          }
        : current,
    );

  const setLikes = (change: (current: LikesState) => LikesState) =>
    queryClient.setQueryData<LikesState>(likeKeys.likes, (current) => (current ? change(current) : current));

  /** The chat's client state that belongs with this cache (typing, the open conversation). */

  const setChats = (change: (current: Chats) => Chats) => {
    queryClient.setQueryData<Chats>(chatKeys.chats, (current) => (current ? change(current) : current));
    // A load of the list already under way answers from before this change and would replace it:
    // it is started again, so the list that lands has the change.
    if (queryClient.isFetching({ queryKey: chatKeys.chats, exact: true }) > 0) invalidate(chatKeys.chats);
  };

  /** Whether cached pages of a conversation are the one meant (by its id, or by the other member). */
  const isChat = (
    pages: InfiniteData<Chat, number | null>,
    target: { conversation?: number; member?: number },
  ) => {
    const newest = pages.pages[0];
    if (!newest) return false;
    if (target.conversation !== undefined && newest.conversation?.id === target.conversation) return true;
    return target.member !== undefined && newest.profile.id === target.member;
  };

  /** Changes the newest page of every cached copy of a conversation (by id and by member). */
  const setOpenChats = (target: { conversation?: number; member?: number }, change: (page: Chat) => Chat) =>
    queryClient.setQueriesData<InfiniteData<Chat, number | null>>({ queryKey: chatKeys.all }, (current) => {
      if (!current || !isChat(current, target)) return current;
      const [newest, ...older] = current.pages;
      return newest ? { ...current, pages: [change(newest), ...older] } : current;
    });

  const findChat = (target: { conversation: number; member: number }) =>
    queryClient
      .getQueriesData<InfiniteData<Chat, number | null>>({ queryKey: chatKeys.all })
      .map(([, data]) => data)
      .find((data) => data && isChat(data, target))?.pages[0];

  /** A message joins its conversation once (the stream and the send's answer may both bring it). */
  const addMessage = (target: { conversation: number; member: number }, message: ChatMessage) =>
    setOpenChats(target, (page) =>
      page.messages.some((m) => m.id === message.id)
        ? page
        : {
            ...page,
            conversation: page.conversation ?? { id: target.conversation },
            messages: [...page.messages, message],
          },
    );

  /** A conversation at the top of the list, replacing its old entry; the total follows. */
  const putChatFirst = (chat: ChatSummary) =>
    setChats((current) => {
      const old = current.chats.find((c) => c.conversation.id === chat.conversation.id);
      return {
        chats: [chat, ...current.chats.filter((c) => c !== old)],
        num_unread_messages: Math.max(
          0,
          current.num_unread_messages - (old?.num_unread_messages ?? 0) + chat.num_unread_messages,
        ),
      };
    });

  return {
    /** Logged in or signed up: every component knows the member at once. */
    loggedIn(user: User) {
      forgetViewerData();
      queryClient.setQueryData(queryKeys.user, user);
    },
    /** Logged out, deleted, or the session ended on the server: every component sees a visitor. */
    loggedOut() {
      queryClient.setQueryData(queryKeys.user, null);
      forgetViewerData();
    },
    /** Something about the member changed on the server (status, credits, main photo, counts). */
    userChanged() {
      invalidate(queryKeys.user);
      // The logged-in refresh loads the chats with the member (spec §7); only a shown list asks.
      invalidate(chatKeys.chats);
    },
    /** The member as the server answered a change of their own (notification choices). */
    userSaved(user: User) {
      queryClient.setQueryData(queryKeys.user, user);
    },
    /** The saved profile; the navigation shows the member's country, so the member is read again. */
    profileSaved(profile: OwnProfile, changes: ProfileUpdate) {
      queryClient.setQueryData(profileKeys.profile, profile);
      if (changes.country !== undefined) invalidate(queryKeys.user);
    },
    /** Every photo change answers the whole list; the member's main photo is read again. */
    photosChanged(photos: OwnPhotos) {
      queryClient.setQueryData(photoKeys.photos, photos);
      invalidate(queryKeys.user);
      // A new main photo may pause the verified badge (or bring it back).
      invalidate(verificationKeys.state);
    },
    /** Where the member's photo verification stands, as the server answered a step of it. */
    verificationChanged(state: VerificationStateView) {
      queryClient.setQueryData(verificationKeys.state, state);
    },
    /** The photo list as the member arranges it, before the server has it. */
    photosShown(photos: OwnPhotos['photos']) {
      queryClient.setQueryData<OwnPhotos>(photoKeys.photos, (current) =>
        current ? { ...current, photos } : current,
      );
    },
    /** The photo list is not what the server has (a refused change): read it again. */
    photosStale() {
      invalidate(photoKeys.photos);
    },
    /** A blocked member leaves every search at once; the settings list loads again. */
    memberBlocked(member: number) {
      setBlockedByViewer(member, true);
      // Blocking ends the likes and the match between the two.
      setLikes((current) => ({
        profiles: current.profiles.filter((p) => p.id !== member),
        liked_by: current.liked_by.filter((p) => p.id !== member),
        num_new_likes:
          current.num_new_likes - current.liked_by.filter((p) => p.id === member && p.like_new).length,
      }));
      invalidate(likeKeys.likes);
      invalidate(blockKeys.blocked);
      invalidate(memberKeys.searches);
      // Nor is the member in the swipe stack any more.
      dropFromSwipeStack(member);
    },
    /** An unblocked member leaves the settings list at once and may be found again. */
    memberUnblocked(member: number) {
      queryClient.setQueryData<BlockedMembers>(blockKeys.blocked, (current) =>
        current ? { members: current.members.filter((m) => m.id !== member) } : current,
      );
      setBlockedByViewer(member, false);
      invalidate(memberKeys.searches);
    },
    /** The viewer liked a member: shown as liked (and matched) at once, then read again. */
    memberLiked(member: number, match: boolean) {
      setMember(member, { liked_by_viewer: true, match });
      setLikes((current) => ({
        ...current,
        profiles: [{ id: member, match }, ...current.profiles.filter((p) => p.id !== member)],
      }));
      invalidate(likeKeys.likes);
    },
    /** The viewer took a like back. */
    memberUnliked(member: number) {
      setMember(member, { liked_by_viewer: false, match: false });
      setLikes((current) => ({ ...current, profiles: current.profiles.filter((p) => p.id !== member) }));
      invalidate(likeKeys.likes);
    },
    /** A swipe like is on its way: one like fewer left today, until the server says how many. */
    swipeLikeSent() {
      setSwipeLikes((page) => ({
        likes_left: page.likes_left === null ? null : Math.max(0, page.likes_left - 1),
        resets_at: page.resets_at,
      }));
    },
    /**
     * The server's count after a swipe. Answers may arrive out of order: within one day the count
     * only goes down, so the lower one stands; an answer of a later day starts afresh.
     */
    swiped(answer: SwipeResponse) {
      setSwipeLikes((page) => {
        const isLaterDay = answer.resets_at > page.resets_at;
        const likesLeft =
          isLaterDay || page.likes_left === null || answer.likes_left === null
            ? answer.likes_left
            : Math.min(page.likes_left, answer.likes_left);
        return { likes_left: likesLeft, resets_at: isLaterDay ? answer.resets_at : page.resets_at };
      });
    },
    /**
     * The game was left: its cards are forgotten, so played ones never come back from the cache
     * (the game remembers what was played only while it is open); the next visit reads afresh.
     */
    swipeGameLeft() {
      queryClient.removeQueries({ queryKey: swipeKeys.stack });
    },
    /**
     * The stack may not be what the server has (a failed swipe, a new day): it starts again from
     * one fresh page. Reading every page again would bring the same cards twice, which would read
     * as the end of the stack.
     */
    swipeStackStale() {
      void queryClient.resetQueries({ queryKey: swipeKeys.stack });
    },
    /** Likes may have come in: the viewer's likes and the lists load again. */
    likesChanged() {
      invalidate(likeKeys.likes);
    },
    /**
     * A message arrived in one of the viewer's conversations (or the viewer sent one in another tab):
     * it joins the open conversation, and the conversation moves to the top of the list with its new
     * preview. Its unread count is the server's, or zero while it is open in this visible tab (the
     * open conversation reports it read).
     */
    chatMessageReceived(message: ChatMessage, chat: ChatSummary, here: { isReadHere: boolean }) {
      addMessage({ conversation: chat.conversation.id, member: chat.profile.id }, message);
      const isOpenHere = here.isReadHere;
      if (queryClient.getQueryData(chatKeys.chats)) {
        putChatFirst({ ...chat, num_unread_messages: isOpenHere ? 0 : chat.num_unread_messages });
      } else {
        // Not loaded yet: the list (and the navigation's count) loads now.
        invalidate(chatKeys.chats);
      }
    },
    /** The viewer's own message was accepted: it shows in place, tops the list, and the credits drop. */
    chatMessageSent(member: number, answer: ChatSent) {
      const conversation = answer.conversation.id;
      addMessage({ conversation, member }, answer.message);
      const open = findChat({ conversation, member });
      const listed = queryClient
        .getQueryData<Chats>(chatKeys.chats)
        ?.chats.find((c) => c.conversation.id === conversation);
      const profile = listed?.profile ?? open?.profile;
      if (profile) {
        putChatFirst({
          conversation: { id: conversation },
          profile,
          num_unread_messages: listed?.num_unread_messages ?? 0,
          last_message: {
            kind: answer.message.kind,
            preview: answer.message.text,
            from_viewer: true,
            seen: false,
            sent_at: answer.message.sent_at,
          },
        });
      } else {
        invalidate(chatKeys.chats);
      }
      queryClient.setQueryData<User | null>(queryKeys.user, (current) =>
        current ? { ...current, credits: answer.credits } : current,
      );
    },
    /** The other member read the viewer's messages up to `seenUpTo`. */
    chatSeen(conversation: number, seenUpTo: number) {
      setOpenChats({ conversation }, (page) => ({
        ...page,
        seen_up_to: Math.max(page.seen_up_to ?? 0, seenUpTo),
      }));
      setChats((current) => ({
        ...current,
        chats: current.chats.map((c) =>
          c.conversation.id === conversation && c.last_message?.from_viewer
            ? { ...c, last_message: { ...c.last_message, seen: true } }
            : c,
        ),
      }));
    },
    /** The viewer read a conversation (here or in another tab): no unread messages left in it. */
    chatRead(conversation: number) {
      setChats((current) => {
        const entry = current.chats.find((c) => c.conversation.id === conversation);
        if (!entry || entry.num_unread_messages === 0) return current;
        return {
          chats: current.chats.map((c) => (c === entry ? { ...c, num_unread_messages: 0 } : c)),
          num_unread_messages: Math.max(0, current.num_unread_messages - entry.num_unread_messages),
        };
      });
    },
    /** The viewer removed a conversation: it leaves the list and its cached messages at once. */
    chatRemoved(conversation: number) {
      setChats((current) => {
        const entry = current.chats.find((c) => c.conversation.id === conversation);
        if (!entry) return current;
        return {
          chats: current.chats.filter((c) => c !== entry),
          num_unread_messages: Math.max(0, current.num_unread_messages - entry.num_unread_messages),
        };
      });
      void queryClient.cancelQueries({ queryKey: chatKeys.byConversation(conversation) });
      queryClient.removeQueries({ queryKey: chatKeys.byConversation(conversation) });
    },
    /** The viewer's conversations changed otherwise (removed, blocked): the list loads again. */
    chatsChanged() {
      invalidate(chatKeys.chats);
      invalidate(chatKeys.all);
    },
    /** The viewer's credits changed: the balance shows at once, and the credit history loads again. */
    creditsChanged(credits: number) {
      queryClient.setQueryData<User | null>(queryKeys.user, (current) =>
        current ? { ...current, credits } : current,
      );
      invalidate(paymentKeys.ledger);
    },
    /**
     * One of the member's payments changed state: the cached payment shows it at once and is read
     * again; a completed one brings credits and maybe premium, so the member is read again too.
     */
    paymentUpdated(payment: number, state: PaymentState, paidUser: boolean) {
      queryClient.setQueryData<{ payment: Payment }>(paymentKeys.payment(payment), (current) =>
        current ? { payment: { ...current.payment, state } } : current,
      );
      if (paidUser) {
        queryClient.setQueryData<User | null>(queryKeys.user, (current) =>
          current ? { ...current, paid_user: true } : current,
        );
      }
      invalidate(paymentKeys.all);
      invalidate(paymentKeys.repeatOrder);
      invalidate(queryKeys.user);
    },
    /** A payment was started or answered by the server: the cached copy is the answer. */
    paymentStarted(payment: Payment) {
      queryClient.setQueryData<{ payment: Payment }>(paymentKeys.payment(payment.id), { payment });
      // Where it stands now is asked again as soon as a page shows it (a repeat order settles fast).
      invalidate(paymentKeys.payment(payment.id));
      invalidate(paymentKeys.list);
    },
    /** The viewer opened a member's page: that member's like is no longer new. */
    memberSeen(member: number) {
      setLikes((current) => {
        const wasNew = current.liked_by.some((p) => p.id === member && p.like_new);
        if (!wasNew) return current;
        return {
          ...current,
          liked_by: current.liked_by.map((p) => (p.id === member ? { ...p, like_new: false } : p)),
          num_new_likes: Math.max(0, current.num_new_likes - 1),
        };
      });
    },
  };
}

export type CacheUpdates = ReturnType<typeof cacheUpdates>;

export function useCacheUpdates(): CacheUpdates {
  const queryClient = useQueryClient();
  return useMemo(() => cacheUpdates(queryClient), [queryClient]);
}
