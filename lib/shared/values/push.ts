/** A member's browsers that receive push; registering one more drops the member's oldest. */
export const PUSH_SUBSCRIPTIONS_PER_MEMBER = 10;

/** The version of the push message and of the service worker that shows it (spec §7: version 2). */
export const PUSH_PAYLOAD_VERSION = 2;

/** The address of the service worker (spec §7); it controls the whole site. */
export const PUSH_WORKER_URL = '/sw-push.js';

/** What a push is about: a message (the first of a conversation or a further one), a like, a match. */
export const PUSH_KINDS = ['message', 'like', 'match'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
