// Plain values of the API contract (no zod): what the browser needs of passkeys. The schemas in
// lib/shared/schemas/passkeys.ts build on them and re-export them, so server code may import either.

/** A member keeps at most this many passkeys (one per phone, computer and password manager is plenty). */
export const PASSKEY_LIMIT = 20;
/** Bounds of a passkey's name. */
export const PASSKEY_NAME_LENGTH = { min: 1, max: 60 } as const;
/** Adding or removing a passkey needs a sign-in (or a confirmation) this recent. */
export const RECENT_SIGN_IN_MINUTES = 10;
