/**
 * The header through which the server hands a page request's socket address to the page side
 * (proxy.ts); the server always overwrites what a client sends in it.
 */
export const CLIENT_ADDRESS_HEADER = 'x-lovelane-client-address';
