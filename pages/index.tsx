import type { GetServerSidePropsContext } from 'next';
import { HomeContent, type HomeData } from '@/components/home/home-content';
import { LanderLayout } from '@/components/lander/lander-layout';
import { asJson, landerFrame, requestViewer, type LanderFrame } from '@/lib/server/pages/lander-props';
import { pageServices } from '@/lib/server/pages/page-services';
import { countryNameIn } from '@/lib/shared/country-names';
import { countryPhrase } from '@/lib/shared/country-phrases';

/**
 * The visitor home is served the way the landers are (the page ads and search engines send people
 * to): drawn on the server, the site's stylesheet, the islands' small script, no framework in the
 * browser (pages/_app.tsx); the signup dialog's steps load when it opens.
 */
export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

/** How many members the home page shows. */
const PEOPLE = 12;

/** Where a member who signs up in the home's dialog goes: the search, as from the application. */
const AFTER_SIGNUP = '/members';

type Props = { frame: LanderFrame; home: Omit<HomeData, 'locale' | 'settings' | 'company'> };

export async function getServerSideProps(context: GetServerSidePropsContext) {
  // A member who is logged in goes straight to the search, with the address's query (an auto-like's
  // `t`, the page-bounce `lb`).
  if (await requestViewer(context)) {
    const { search } = new URL(context.resolvedUrl, 'http://home.invalid');
    return { redirect: { destination: `/members${search}`, permanent: false } };
  }
  const frame = await landerFrame(context, ['Home', 'Likes', 'Nav']);
  const { settings, locale } = frame;
  const country = settings.geoip_selected_country;
  const countryName = countryNameIn(locale, country) ?? country;
  const people = await pageServices().featuredMembers({ country, limit: PEOPLE });
  const props: Props = {
    frame,
    home: {
      countryName,
      inCountry: countryPhrase(locale, country, 'in', countryName),
      fromCountry: countryPhrase(locale, country, 'from', countryName),
      people,
    },
  };
  return { props: asJson(props) };
}

export default function HomePage(props: Props) {
  const { frame } = props;
  return (
    <LanderLayout frame={frame} title={frame.settings.index_title} site afterSignupPath={AFTER_SIGNUP}>
      <HomeContent {...props.home} locale={frame.locale} settings={frame.settings} company={frame.company} />
    </LanderLayout>
  );
}
