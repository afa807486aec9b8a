import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { preload } from 'react-dom';
import { landerContext } from '@/app/(lander)/_lander/lander-context';
import { LanderFictionalNotice, LanderSignupLink, landerPhoto } from '@/components/lander/lander-member-tile';
import { TinderswipeDeck, type TinderswipeCard } from '@/components/lander/tinderswipe-deck';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** How many members the deck holds before its call to sign up. */
const CARDS = 15;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('LanderTinderswipe');
  return { title: t('metaTitle'), robots: { index: false } };
}

/**
 * The tinderswipe lander (no campaign variant): a deck of real members of the visitor's country to
 * swipe. Passing shows the next member; a like asks the visitor to sign up; the end of the deck too.
 */
export default async function TinderswipeLander(props: Props) {
  const { settings, audience, place, countryName } = await landerContext({
    lander: 'tinderswipe',
    searchParams: props.searchParams,
  });
  const [t, tLander] = await Promise.all([getTranslations('LanderTinderswipe'), getTranslations('Lander')]);
  const members = audience.members.slice(0, CARDS);
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
  if (cards[0]?.photo) preload(cards[0].photo, { as: 'image', fetchPriority: 'high' });

  return (
    <div className="lander-tinderswipe">
      <div className="container tsw-layout">
        <header className="tsw-copy">
          <p className="tsw-kicker">{t('kicker')}</p>
          <h1 className="lander-title">{t('title', { place })}</h1>
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
              endText: t('endText', { count: audience.memberCount, country: countryName }),
              endSignup: t('endSignup'),
            }}
          />
        </div>
        <div className="tsw-join">
          <ul className="tsw-facts">
            <li>
              {audience.onlineCount > 0 && <span className="lander-online-dot" aria-hidden="true" />}
              {tLander('onlineCount', { count: audience.onlineCount })}
            </li>
            <li>{tLander('memberCount', { count: audience.memberCount, country: countryName })}</li>
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
  );
}
