import Link from 'next/link';
import { getTranslations } from 'next-intl/server';

/** The 404 message: 'This page could not be found', with a link home (spec §8). */
export async function NotFoundContent() {
  const t = await getTranslations('ErrorPage');
  return (
    <section className="text-center py-5" aria-labelledby="error-title">
      <p className="display-1 fw-bold text-secondary mb-0" aria-hidden="true">
        404
      </p>
      <h1 id="error-title" className="h3">
        {t('notFound')}
      </h1>
      {/* The home is a page of its own (pages/index.tsx), not the app's: nothing to prefetch. */}
      <Link href="/" prefetch={false} className="btn btn-primary mt-3">
        {t('backHome')}
      </Link>
    </section>
  );
}
