/**
 * What an operator of the console may do: everything, moderation (reports and photos), customer
 * service (members, credits, refunds), or answering as the fictional profiles.
 */
export const OPERATOR_ROLE_NAMES = ['admin', 'moderator', 'support', 'chat_operator'] as const;
export type OperatorRoleName = (typeof OPERATOR_ROLE_NAMES)[number];

/** The languages of the operator console. */
export const OPERATOR_LOCALES = ['en', 'nl', 'de'] as const;
export type OperatorLocale = (typeof OPERATOR_LOCALES)[number];
