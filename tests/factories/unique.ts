let counter = 0;

/**
 * A short tag no other call makes: in this process by the counter, across processes and runs by
 * the time and a random part (browser flows share one database between workers and reruns).
 */
export function uniqueTag(): string {
  counter += 1;
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}${counter}`;
}

/** An address nobody else uses, such as `member-lx3k9a1@example.test`. */
export function uniqueEmail(prefix = 'member'): string {
  return `${prefix}-${uniqueTag()}@example.test`;
}
