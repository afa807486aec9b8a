'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useSettings } from '@/lib/api/hooks';
import { isChatPath } from '@/lib/shared/signup-next';
import { SIGNUP_MATCHES_PATH } from '@/lib/shared/values/match-finder';
import { ResendActivation } from './resend-activation';
import { messagesPaidBy, WelcomeCredits } from './welcome-credits';

/**
 * The complete step: the account exists, the e-mail address still has to be confirmed (which brings
 * the site's welcome credits, when it gives any: the step says how many). The way on
 * leads to the members who fit the new member's answers (the signup matches), or, with `next` (from
 * a member landing, checked already), to that member's page or chat.
 */
export function SignupComplete(props: {
  email: string;
  headingId: string;
  headingLevel: 1 | 2 | 3;
  onNavigate?: () => void;
  next?: string | null;
}) {
  const t = useTranslations('Signup');
  const { data: settings } = useSettings();
  const welcomeCredits = settings?.signup_credits ?? 0;
  const welcomeMessages = messagesPaidBy(welcomeCredits, settings?.message_credits ?? 0);
  const Heading = `h${props.headingLevel}` as const;
  const SubHeading = `h${props.headingLevel + 1}` as 'h2' | 'h3' | 'h4';
  return (
    <section aria-labelledby={props.headingId}>
      <Heading id={props.headingId} tabIndex={-1} className="h3">
        {t('completeTitle')}
      </Heading>
      <p>
        {props.email
          ? t.rich('completeSent', {
              email: props.email,
              b: (chunks) => <strong className="text-break">{chunks}</strong>,
            })
          : t('completeSentNoAddress')}
      </p>
      {welcomeCredits > 0 && (
        <WelcomeCredits
          title={t('welcomeCredits', { credits: welcomeCredits })}
          detail={welcomeMessages > 0 ? t('welcomeCreditsUse', { messages: welcomeMessages }) : null}
        />
      )}
      <p className="mt-3">{t('completeWhy')}</p>
      <SubHeading className="h5 mt-4">{t('completeHelpTitle')}</SubHeading>
      <ul>
        <li>{t('completeHelpWait')}</li>
        <li>{t('completeHelpSpam')}</li>
        {settings?.support_email && (
          <li>
            {t.rich('completeHelpContact', {
              email: settings.support_email,
              mail: (chunks) => <a href={`mailto:${settings.support_email}`}>{chunks}</a>,
            })}
          </li>
        )}
      </ul>
      <ResendActivation />
      <Link
        href={props.next ?? SIGNUP_MATCHES_PATH}
        className="btn btn-primary mt-4"
        onClick={props.onNavigate}
      >
        {props.next ? t(isChatPath(props.next) ? 'toMemberChat' : 'toMember') : t('toMatches')}
      </Link>
    </section>
  );
}
