import { test as base, expect } from '../fixtures';

/** Browser tests of the real app; the adult-content warning is accepted unless a test says otherwise. */
export const test = base.extend<{ acceptEntryWarning: boolean }>({
  acceptEntryWarning: [true, { option: true }],
  context: async ({ context, acceptEntryWarning, baseURL }, use) => {
    if (acceptEntryWarning) {
      const port = new URL(baseURL ?? 'http://localhost').port;
      await context.addCookies(
        ['localhost', '127.0.0.1'].map((domain) => ({
          name: 'site_entry_accepted',
          value: '1',
          url: `http://${domain}:${port}`,
        })),
      );
    }
    await use(context);
  },
});

export { expect };
