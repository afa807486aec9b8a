import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { cleanPhone, termsVersionDate } from '@/lib/shared/company';
import type { Locale } from '@/lib/shared/locales';
import type { CompanyInfo } from '@/lib/shared/schemas/reference';
import type { Settings } from '@/lib/shared/schemas/settings';
import type { StaticPageContent } from '@/lib/shared/static-page';

export const STATIC_PAGE_SLUGS = [
  '2257-compliance-statement',
  'ban',
  'cookies',
  'faq',
  'privacy',
  'return-policy',
  'service',
  'terms',
] as const;
export type StaticPageSlug = (typeof STATIC_PAGE_SLUGS)[number];

export const isStaticPageSlug = (slug: string): slug is StaticPageSlug =>
  (STATIC_PAGE_SLUGS as readonly string[]).includes(slug);

interface RawSection {
  heading: string;
  paragraphs?: string[];
  questions?: { q: string; a: string }[];
}
interface RawPage {
  title: string;
  intro: string;
  sections: RawSection[];
}

export type { StaticPageContent };

const CONTENT_DIR = path.resolve(process.cwd(), 'content/pages');
const files = new Map<Locale, Promise<Record<StaticPageSlug, RawPage>>>();

const formats = new Map<string, IntlMessageFormat>();

/**
 * A page text compiled once per language (parsing is most of a static page's cost; the site's values
 * are filled in on each request, so a settings change shows at once).
 */
function compiled(text: string, locale: string): IntlMessageFormat {
  const key = `${locale}\u0000${text}`;
  let format = formats.get(key);
  if (!format) {
    format = new IntlMessageFormat(text, locale);
    formats.set(key, format);
  }
  return format;
}

function readLocale(locale: Locale): Promise<Record<StaticPageSlug, RawPage>> {
  let file = files.get(locale);
  if (!file) {
    file = fs
      .readFile(path.join(CONTENT_DIR, `${locale}.json`), 'utf8')
      .then((text) => JSON.parse(text) as Record<StaticPageSlug, RawPage>);
    files.set(locale, file);
  }
  return file;
}

/** A static page in the visitor's language, with the company's and site's details filled in. */
export async function loadStaticPage(
  slug: StaticPageSlug,
  site: { locale: Locale; settings: Settings; company: CompanyInfo },
): Promise<StaticPageContent> {
  const { locale, settings, company } = site;
  const content = await readLocale(locale);
  const raw = content[slug];
  const versionDate = termsVersionDate(company.added);
  const dateText = new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(versionDate);
  const values = {
    companyName: company.name,
    siteName: settings.name,
    address: company.address,
    city: company.city,
    country: company.country,
    kvk: company.kvk,
    vatNumbers: company.vat_numbers.join(', '),
    supportEmail: settings.support_email,
    supportPhone: cleanPhone(company.support_phone),
    refundDays: settings.refund_days,
    termsDate: `${dateText} UTC`,
  };
  const format = (text: string): string => String(compiled(text, locale).format(values));
  return {
    title: format(raw.title),
    intro: format(raw.intro),
    sections: raw.sections.map((section) => ({
      heading: format(section.heading),
      paragraphs: (section.paragraphs ?? []).map(format),
      questions: (section.questions ?? []).map((item) => ({ q: format(item.q), a: format(item.a) })),
    })),
    versionDate: slug === 'terms' ? versionDate : null,
  };
}
