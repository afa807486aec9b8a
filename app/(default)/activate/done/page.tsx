import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ActivationDoneActions } from '@/components/auth/activation-views';
import { messagesPaidBy, WelcomeCredits } from '@/components/auth/welcome-credits';
import { getPageContext } from '@/lib/server/pages/page-context';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Activation');
  return { title: t('doneTitle') };
}

/**
 * Where the activation link leads when the address was confirmed, which booked the site's welcome
 * credits (when it gives any): the page says how many.
 */
export default async function ActivationDonePage() {
  const [t, { settings }] = await Promise.all([getTranslations('Activation'), getPageContext()]);
  const credits = settings.signup_credits;
  const messages = messagesPaidBy(credits, settings.message_credits);
  return (
    <div className="mx-auto" style={{ maxWidth: '32rem' }}>
      <h1>{t('doneTitle')}</h1>
      <p>{t('doneBody')}</p>
      {credits > 0 && (
        <div className="mb-4">
          <WelcomeCredits
            title={t('welcomeCredits', { credits })}
            detail={messages > 0 ? t('welcomeCreditsUse', { messages }) : null}
          />
        </div>
      )}
      <ActivationDoneActions />
    </div>
  );
}
