'use client';

import { useTranslations } from 'next-intl';
import { useCompanyInfo, useSettings } from '@/lib/api/hooks';
import { cleanPhone } from '@/lib/shared/company';

/** Customer service's e-mail address and phone number as links; parts the site lacks are left out. */
export function SupportContact(props: { className?: string }) {
  const t = useTranslations('SupportContact');
  const { data: settings } = useSettings();
  const { data: company } = useCompanyInfo();
  const email = settings?.support_email;
  const phone = company?.support_phone;
  if (!email && !phone) return null;
  return (
    <ul className={`list-unstyled mb-0 ${props.className ?? ''}`}>
      {email ? (
        <li>
          {t.rich('email', {
            email,
            mail: (chunks) => (
              <a href={`mailto:${email}`} className="text-break">
                {chunks}
              </a>
            ),
          })}
        </li>
      ) : null}
      {phone ? (
        <li>
          {t.rich('phone', {
            phone,
            tel: (chunks) => (
              <a href={`tel:${cleanPhone(phone)}`} className="text-nowrap">
                {chunks}
              </a>
            ),
          })}
        </li>
      ) : null}
    </ul>
  );
}
