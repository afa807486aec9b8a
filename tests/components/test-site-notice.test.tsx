import { render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LanderFrame } from '@/components/lander/lander-frame';
import { LanderLayout } from '@/components/lander/lander-layout';
import { TestSiteNotice } from '@/components/layout/test-site-notice';
import { mockSettings } from '@/lib/api/mocks/fixtures';
import { LOCALES } from '@/lib/shared/locales';
import { isTestSite } from '@/lib/shared/values/payments';
import en from '@/messages/en.json';

const frame = (isTestSiteNow: boolean): LanderFrame => ({
  locale: 'en',
  messages: en,
  settings: mockSettings,
  company: undefined as unknown as LanderFrame['company'],
  languages: [{ code: 'en', name: 'English' }],
  theme: null,
  isMember: false,
  showEntryWarning: false,
  isTestSite: isTestSiteNow,
  nonce: null,
});

/** A lander as the server sends it. */
function showLander(isTestSiteNow: boolean) {
  document.body.innerHTML = renderToStaticMarkup(
    <NextIntlClientProvider locale="en" messages={en}>
      <LanderLayout frame={frame(isTestSiteNow)} title="Gallery">
        <h1>Meet people nearby</h1>
      </LanderLayout>
    </NextIntlClientProvider>,
  );
}

describe('the test-site notice', () => {
  it('is shown on a sandbox allowed for a deployment, and nowhere else', () => {
    expect(isTestSite({ PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: true })).toBe(true);
    expect(isTestSite({ PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: false })).toBe(false);
    expect(isTestSite({ PAYMENT_PROVIDER: 'mollie', ALLOW_SANDBOX_PAYMENTS: true })).toBe(false);
  });

  it('tops a test site’s lander as a landmark of its own, above the logo bar, covering nothing', () => {
    showLander(true);
    const notice = screen.getByRole('complementary', { name: 'Test site' });
    expect(notice).toHaveTextContent('Payments here are tests only: no money is moved.');
    // In the page's flow, before the lander's own bar (not laid over it).
    const bar = screen.getByRole('banner');
    expect(notice.compareDocumentPosition(bar) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(notice.closest('header, main, footer')).toBeNull();
    expect(within(notice).queryByRole('link')).toBeNull();
  });

  it('is absent from a lander of a site that takes real payments', () => {
    showLander(false);
    expect(screen.queryByRole('complementary', { name: 'Test site' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Meet people nearby' })).toBeInTheDocument();
  });

  it.each(LOCALES)('speaks %s', async (locale) => {
    const messages = (await import(`@/messages/${locale}.json`)) as { default: typeof en };
    render(
      <NextIntlClientProvider locale={locale} messages={messages.default}>
        <TestSiteNotice />
      </NextIntlClientProvider>,
    );
    const notice = screen.getByRole('complementary', { name: messages.default.TestSite.label });
    expect(notice).toHaveTextContent(messages.default.TestSite.text);
  });
});
