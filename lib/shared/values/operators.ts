/**
 * What an operator of the console may do: everything, moderation (reports and photos), customer
 * service (members, credits, refunds), or answering as the fictional profiles.
 */
export const OPERATOR_ROLE_NAMES = ['admin', 'moderator', 'support', 'chat_operator'] as const;
export type OperatorRoleName = (typeof OPERATOR_ROLE_NAMES)[number];

/** The languages of the operator console. */
export const OPERATOR_LOCALES = ['en', 'nl', 'de'] as const;
export type OperatorLocale = (typeof OPERATOR_LOCALES)[number];

/**
 * What an answer's status says about an operator call, for the audit view: done (below 400),
 * refused (4xx: no access, a wrong input or a limit), or failed on the server's side (5xx).
 */
export const AUDIT_OUTCOMES = ['succeeded', 'refused', 'failed'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];
