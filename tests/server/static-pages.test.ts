import { describe, expect, it } from 'vitest';
import { mockCompany, mockSettings } from '@/lib/api/mocks/fixtures';
import { loadStaticPage } from '@/lib/server/content/static-pages';

const allText = (page: Awaited<ReturnType<typeof loadStaticPage>>) =>
  [
    page.title,
    page.intro,
    ...page.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...s.questions.flatMap((q) => [q.q, q.a])]),
  ].join('\n');

describe('static pages', () => {
  it("fill in the site's current details on every load, though each text is compiled once", async () => {
    const first = await loadStaticPage('terms', {
      locale: 'en',
      settings: { ...mockSettings, refund_days: 14 },
      company: { ...mockCompany, name: 'First Company B.V.' },
    });
    expect(allText(first)).toContain('First Company B.V.');

    const changed = await loadStaticPage('terms', {
      locale: 'en',
      settings: { ...mockSettings, refund_days: 21 },
      company: { ...mockCompany, name: 'Renamed Company B.V.' },
    });
    expect(allText(changed)).toContain('Renamed Company B.V.');
    expect(allText(changed)).not.toContain('First Company B.V.');
  });

  it('are worded in the language asked for', async () => {
    const site = { settings: mockSettings, company: mockCompany };
    const en = await loadStaticPage('faq', { ...site, locale: 'en' });
    const de = await loadStaticPage('faq', { ...site, locale: 'de' });
    expect(de.title).not.toBe(en.title);
    expect(allText(de)).not.toBe(allText(en));
  });
});
