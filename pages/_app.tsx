import '@/styles/lander-font.css';
import '@/styles/landers.scss';
import { NextIntlClientProvider } from 'next-intl';
import type { AppProps } from 'next/app';
import { useTranslations } from 'next-intl';
import { LanderLayout } from '@/components/lander/lander-layout';
import type { LanderProps } from '@/components/lander/lander-frame';

/**
 * The Pages Router holds the visitor home, the landers and member landings alone (the members'
 * application is the App Router's, app/): pages rendered on the server without the framework's scripts in the browser
 * (`unstable_runtimeJS: false`), so a paid visitor's first load is the page, its styles and photos.
 */
export default function LanderApp({
  Component,
  pageProps,
}: AppProps<LanderProps<object> | Record<string, never>>) {
  const { frame } = pageProps;
  // Next's own pages (its error page) come without the lander's frame.
  if (!frame) return <Component {...pageProps} />;
  return (
    <NextIntlClientProvider locale={frame.locale} messages={frame.messages} timeZone="Europe/Amsterdam">
      {pageProps.notFound ? <LanderNotFound {...pageProps} /> : <Component {...pageProps} />}
    </NextIntlClientProvider>
  );
}

/** A lander's 404 (an unknown, hidden or blocked member; a path too long): in the lander layout. */
function LanderNotFound(props: LanderProps<object>) {
  const t = useTranslations('ErrorPage');
  return (
    <LanderLayout frame={props.frame} title={t('notFound')}>
      <div className="container py-5">
        <section className="text-center py-5" aria-labelledby="error-title">
          <p className="display-1 fw-bold text-secondary mb-0" aria-hidden="true">
            404
          </p>
          <h1 id="error-title" className="h3">
            {t('notFound')}
          </h1>
          <a href="/" className="btn btn-primary mt-3">
            {t('backHome')}
          </a>
        </section>
      </div>
    </LanderLayout>
  );
}
