import type { GetServerSidePropsContext } from 'next';
import Head from 'next/head';
import { useTranslations } from 'next-intl';
import { tinderswipe } from '@/components/lander/islands/tinderswipe';
import { LanderActivity } from '@/components/lander/lander-activity';
import { LanderLayout } from '@/components/lander/lander-layout';
import { LanderFictionalNotice, LanderSignupLink, landerPhoto } from '@/components/lander/lander-member-tile';
import { LanderScript } from '@/components/lander/lander-script';
import {
  TINDERSWIPE_CONFIG,
  TinderswipeDeck,
  type TinderswipeCard,
} from '@/components/lander/tinderswipe-markup';
import {
  landerFrame,
  landerNotFound,
  landerServerSideProps,
  type LanderAudience,
  type LanderFrame,
} from '@/lib/server/pages/lander-props';

/** Landers run without the framework's scripts in the browser (pages/_app.tsx). */
export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

/** How many members the deck holds before its call to sign up. */
const CARDS = 15;
const NAMESPACES = ['LanderTinderswipe'];

const tinderswipeProps = landerServerSideProps({
  lander: 'tinderswipe',
  namespaces: NAMESPACES,
  load: ({ audience: { audience } }) =>
    Promise.resolve({
      audience: { ...audience, members: audience.members.slice(0, CARDS) },
    }),
});

/** The lander has no campaign variant: any path below it is the lander 404 (and no view is counted). */
export async function getServerSideProps(context: GetServerSidePropsContext) {
  if (context.params?.slug?.length) return landerNotFound(context, await landerFrame(context, NAMESPACES));
  return tinderswipeProps(context);
}

/**
 * The tinderswipe lander (no campaign variant): a deck of real members of the visitor's country to
 * swipe. Passing shows the next member; a like asks the visitor to sign up; the end of the deck too.
 * The deck is rendered here and run by its island (components/lander/islands/tinderswipe.ts).
 */
export default function TinderswipeLander(props: LanderAudience & { frame: LanderFrame }) {
  const { frame, audience, inCountry, inPlace } = props;
  const { settings } = frame;
  const t = useTranslations('LanderTinderswipe');
  const tLander = useTranslations('Lander');
  const members = audience.members;
  const cards: TinderswipeCard[] = members.map((member) => {
    const where = member.city ?? member.region;
    return {
      id: member.id,
      name: member.name,
      age: member.age,
      place: where,
      photo: landerPhoto(settings, member, true),
      online: member.online,
      fictional: member.fictional,
      likeLabel: t('likeName', { name: member.name }),
      passLabel: t('passName', { name: member.name }),
      askTitle: t('askTitle', { name: member.name }),
      shownStatus: where
        ? t('shownAt', { name: member.name, age: member.age, place: where })
        : t('shown', { name: member.name, age: member.age }),
    };
  });
  // The top card's photo is the largest thing on the screen: fetched at once, with the styles.
  const lead = cards[0]?.photo;

  return (
    <LanderLayout frame={frame} title={t('metaTitle')}>
      {lead && (
        <Head>
          <link rel="preload" as="image" href={lead} fetchPriority="high" />
        </Head>
      )}
      <div className="lander-tinderswipe">
        <div className="container tsw-layout">
          <header className="tsw-copy">
            <p className="tsw-kicker">{t('kicker')}</p>
            <h1 className="lander-title">{t('title', { inPlace })}</h1>
            <p className="tsw-lead">{t('lead')}</p>
          </header>
          <div className="tsw-deck">
            <LanderFictionalNotice members={members} settings={settings} />
            <TinderswipeDeck
              cards={cards}
              texts={{
                deckLabel: t('deckLabel'),
                hint: t('hint'),
                stampLike: t('stampLike'),
                stampNope: t('stampNope'),
                online: tLander('online'),
                fictional: settings.fictional_singular,
                askText: t('askText'),
                askSignup: tLander('signupFree'),
                keepSwiping: t('keepSwiping'),
                endTitle: t('endTitle'),
                endText: t('endText', { count: audience.memberCount, inCountry }),
                endSignup: t('endSignup'),
              }}
            />
            <LanderScript run={tinderswipe} config={TINDERSWIPE_CONFIG} nonce={frame.nonce} />
          </div>
          <div className="tsw-join">
            <ul className="tsw-facts">
              <li>
                <LanderActivity audience={audience} settings={settings} />
              </li>
              <li>{tLander('memberCount', { count: audience.memberCount, inCountry })}</li>
            </ul>
            <LanderSignupLink>{tLander('signupFree')}</LanderSignupLink>
            <p className="small lander-muted mt-2 mb-0">{tLander('adultsOnly')}</p>
            <h2 className="tsw-how-title">{t('howTitle')}</h2>
            <ol className="tsw-steps">
              {(['swipe', 'profile', 'chat'] as const).map((step) => (
                <li key={step}>{t(`steps.${step}`)}</li>
              ))}
            </ol>
          </div>
        </div>
      </div>
    </LanderLayout>
  );
}
