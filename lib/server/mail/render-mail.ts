import 'server-only';
import { cleanPhone, localCountryName } from '@/lib/shared/company';
import type { Locale } from '@/lib/shared/locales';
import type { CompanyInfo } from '@/lib/shared/schemas/reference';
import { mailTranslator } from './mail-translator';
import { layoutHtml } from './templates/layout-html';
import { layoutText } from './templates/layout-text';
import { MAIL_TEMPLATES, type MailKind, type MailValues } from './templates/mail-templates';

export interface RenderMailOptions<K extends MailKind> {
  kind: K;
  locale: Locale;
  values: MailValues[K];
  site: { name: string; supportEmail: string };
  company: Pick<
    CompanyInfo,
    'name' | 'address' | 'city' | 'country' | 'kvk' | 'vat_numbers' | 'support_phone'
  >;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** A mail of `kind` in `locale`: its subject, plain-text body and HTML body. */
export function renderMail<K extends MailKind>(options: RenderMailOptions<K>): RenderedMail {
  const { company, site } = options;
  const t = mailTranslator(options.locale);
  const content = MAIL_TEMPLATES[options.kind].compose(
    t,
    options.values,
    { name: site.name },
    options.locale,
  );
  const doc = {
    locale: options.locale,
    siteName: site.name,
    content,
    textAction: content.action ? t('textAction', content.action) : null,
    buttonFallback: t('buttonFallback'),
    signature: t('signature', { site: site.name }),
    footer: [
      t('footerCompany', {
        site: site.name,
        company: company.name,
        address: company.address,
        city: company.city,
        country: localCountryName(company.country, options.locale),
      }),
      t('footerRegistration', { kvk: company.kvk, vat: company.vat_numbers.join(', ') }),
      t('footerContact', { email: site.supportEmail, phone: cleanPhone(company.support_phone) }),
    ],
  };
  return { subject: content.subject, text: layoutText(doc), html: layoutHtml(doc) };
}
