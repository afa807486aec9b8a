import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { landerIslands, type LanderIslandsConfig } from '@/components/lander/islands/lander-islands';
import type { LanderFrame } from '@/components/lander/lander-frame';
import { LanderLayout } from '@/components/lander/lander-layout';
import { LanderMotionToggle } from '@/components/lander/lander-motion-toggle';
import { LanderSignupLink } from '@/components/lander/lander-member-tile';
import { mockSettings } from '@/lib/api/mocks/fixtures';
import en from '@/messages/en.json';

const CONFIG: LanderIslandsConfig = {
  localeCookie: 'i18n_redirected',
  localeCookieDays: 365,
  entryCookie: 'site_entry_accepted',
  trackingCookie: 'tracking',
  trackingKeys: ['network', 'ref', 'sub1', 'sub2', 'sub3'],
  desktopMedia: '(min-width: 768px)',
  afterSignupPath: '/signup-matches',
};

const frame = (overrides: Partial<LanderFrame> = {}): LanderFrame => ({
  locale: 'en',
  messages: en,
  settings: mockSettings,
  company: undefined as unknown as LanderFrame['company'],
  languages: [
    { code: 'nl', name: 'Nederlands' },
    { code: 'en', name: 'English' },
  ],
  theme: null,
  isMember: false,
  showEntryWarning: false,
  isTestSite: false,
  nonce: null,
  ...overrides,
});

/** A lander as the server sends it (its script aside: jsdom does not run it), then its islands run. */
function showLander(
  options: { frame?: Partial<LanderFrame>; desktop?: boolean; reducedMotion?: boolean } = {},
) {
  window.matchMedia = vi.fn((query: string) => ({
    matches: query.includes('reduced-motion') ? Boolean(options.reducedMotion) : Boolean(options.desktop),
  })) as unknown as typeof window.matchMedia;
  document.body.innerHTML = renderToStaticMarkup(
    <NextIntlClientProvider locale="en" messages={en}>
      <LanderLayout frame={frame(options.frame)} title="Gallery">
        <div data-motion="">
          <video muted />
          <LanderMotionToggle pauseLabel="Pause video" playLabel="Play video" />
        </div>
        <LanderSignupLink>Sign up for free</LanderSignupLink>
        <LanderSignupLink afterSignup="/members/42/chat">Write to Anna</LanderSignupLink>
      </LanderLayout>
    </NextIntlClientProvider>,
  );
  landerIslands(CONFIG);
}

/** Videos' play(), as jsdom has none. */
const play = vi.fn(() => Promise.resolve());

const cookies = () => document.cookie.split(/;\s*/).filter(Boolean);
const link = (name: string) =>
  [...document.querySelectorAll('a')].find((anchor) => anchor.textContent === name) as HTMLAnchorElement;

beforeEach(() => {
  // jsdom has no modal dialogs: open and close set the attribute, as browsers do.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
  HTMLMediaElement.prototype.pause = vi.fn();
  HTMLMediaElement.prototype.play = play;
  window.history.replaceState(null, '', '/landers/gallery');
});

afterEach(() => {
  for (const cookie of cookies()) document.cookie = `${cookie.split('=')[0]}=; max-age=0; path=/`;
  document.documentElement.removeAttribute('data-hydrated');
});

describe('the landers’ script', () => {
  it('marks the page as running', () => {
    showLander();
    expect(document.documentElement.dataset.hydrated).toBe('true');
  });

  it('gives the photos below the first screen their address once the page has loaded', () => {
    document.body.innerHTML =
      '<div class="lander-page"><img data-src="/cdn/p/a_t.jpg" alt="" loading="lazy"></div>';
    expect(document.querySelector('img')?.getAttribute('src')).toBeNull();
    landerIslands(CONFIG);
    const image = document.querySelector('img') as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/cdn/p/a_t.jpg');
    expect(image.hasAttribute('data-src')).toBe(false);
  });

  it('stores the language chosen in the menu, and Escape closes the menu', () => {
    showLander();
    const menu = document.querySelector('details') as HTMLDetailsElement;
    menu.open = true;
    menu.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(menu.open).toBe(false);
    menu.open = true;
    (document.querySelector('button[lang="nl"]') as HTMLButtonElement).click();
    expect(menu.open).toBe(false);
    expect(cookies()).toContain('i18n_redirected=nl');
  });

  it('shows the entry warning until it is accepted, and Escape does not close it', () => {
    showLander({ frame: { showEntryWarning: true } });
    const warning = document.getElementById('site-entry-warning') as HTMLDialogElement;
    expect(warning.open).toBe(true);
    const cancel = new Event('cancel', { cancelable: true });
    warning.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    (warning.querySelector('[data-enter]') as HTMLButtonElement).click();
    expect(warning.open).toBe(false);
    expect(cookies()).toContain('site_entry_accepted=1');
  });

  it('on a desktop opens the signup dialog with the steps for the link’s member', () => {
    showLander({ desktop: true });
    const dialog = document.getElementById('lander-signup') as HTMLDialogElement;
    expect(dialog.open).toBe(false);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link('Write to Anna').dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(dialog.open).toBe(true);
    const frameUrl = new URL((dialog.querySelector('iframe') as HTMLIFrameElement).src);
    expect(frameUrl.pathname).toBe('/signup/embedded');
    expect(frameUrl.searchParams.get('next')).toBe('/members/42/chat');
    (dialog.querySelector('[data-close]') as HTMLButtonElement).click();
    expect(dialog.open).toBe(false);
  });

  it('on a phone follows the link to the signup page, with the entry address’s source when no cookie holds it', () => {
    window.history.replaceState(null, '', '/landers/gallery?network=adnet&sub1=spring&other=1');
    showLander({ desktop: false });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    const anchor = link('Sign up for free');
    anchor.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    const url = new URL(anchor.href);
    expect(url.pathname).toBe('/signup');
    expect(url.searchParams.get('network')).toBe('adnet');
    expect(url.searchParams.get('sub1')).toBe('spring');
    expect(url.searchParams.has('other')).toBe(false);
    expect((document.getElementById('lander-signup') as HTMLDialogElement).open).toBe(false);
  });

  it('offers no signup dialog to a member', () => {
    showLander({ frame: { isMember: true }, desktop: true });
    expect(document.getElementById('lander-signup')).toBeNull();
    expect(link('To the members').getAttribute('href')).toBe('/members');
  });

  it('pauses and plays moving pictures, paused from the start when the system asks for less motion', () => {
    showLander({ reducedMotion: true });
    const stage = document.querySelector('[data-motion]') as HTMLElement;
    const button = stage.querySelector('button') as HTMLButtonElement;
    expect(stage.dataset.paused).toBe('true');
    expect(button.textContent).toBe('Play video');
    button.click();
    expect(stage.dataset.paused).toBe('false');
    expect(button.textContent).toBe('Pause video');
    expect(play).toHaveBeenCalled();
  });
});
