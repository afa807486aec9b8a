/**
 * What runs in the browser on every lander (see lander-script.tsx: this function is written into
 * the page as it is, so it uses nothing from outside its body):
 * - the language menu: a native disclosure on landers, the application's disclosure menu (a button
 *   and its list, `[data-menu]`) on the visitor home; Escape or a click elsewhere closes it, a choice
 *   is stored like the default layout's and the page is loaded again in that language;
 * - with `lb` in the address, a beacon when the page is hidden (page-bounce logging, as the
 *   application's pages send it);
 * - the entry warning (a native modal dialog that Escape does not close), when the page has one;
 * - the pause and play buttons of moving pictures (`[data-motion]`), paused from the start for
 *   visitors who ask their system for reduced motion;
 * - the signup: on desktops a link to /signup opens the signup dialog over the lander, its steps in
 *   a frame loaded when first asked for (or when a pointer nears a signup link); on phones the link
 *   leads to the signup page, carrying the entry address's traffic source when no cookie holds it.
 * - photos below the first screen (components/lander/lander-image.ts) get their address once the
 *   page has loaded.
 * Marks the page `data-hydrated` once running, as the application frame does, for tests and tools.
 */
export interface LanderIslandsConfig {
  localeCookie: string;
  localeCookieDays: number;
  entryCookie: string;
  trackingCookie: string;
  trackingKeys: readonly string[];
  desktopMedia: string;
  /** Where a new member goes when no link names a member (the signup matches). */
  afterSignupPath: string;
}

export function landerIslands(config: LanderIslandsConfig): void {
  const root = document.documentElement;
  const hasCookie = (name: string, value?: string) =>
    document.cookie
      .split(/;\s*/)
      .some((pair) => (value === undefined ? pair.startsWith(`${name}=`) : pair === `${name}=${value}`));
  const setCookie = (name: string, value: string, days: number) => {
    const secure = window.location.protocol === 'https:' ? '; secure' : '';
    document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${days * 86_400}; path=/; samesite=lax${secure}`;
  };

  /** A language chosen in a menu: stored, and the page loaded again in it. Whether it was one. */
  const chooseLanguage = (event: Event): boolean => {
    const option = (event.target as Element).closest<HTMLButtonElement>('button[data-locale]');
    if (!option) return false;
    if (option.getAttribute('aria-current') !== 'true') {
      setCookie(config.localeCookie, option.dataset.locale ?? '', config.localeCookieDays);
      window.location.reload();
    }
    return true;
  };

  // The language menu of a lander.
  for (const menu of document.querySelectorAll<HTMLDetailsElement>('details.lander-language')) {
    menu.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !menu.open) return;
      menu.open = false;
      menu.querySelector('summary')?.focus();
    });
    menu.addEventListener('click', (event) => {
      if (chooseLanguage(event)) menu.open = false;
    });
  }

  // The visitor home's menus: a button and the list it opens.
  for (const menu of document.querySelectorAll<HTMLElement>('[data-menu]')) {
    const toggle = menu.querySelector<HTMLButtonElement>('button[aria-expanded]');
    const list = menu.querySelector<HTMLElement>('ul');
    if (!toggle || !list) continue;
    const show = (isOpen: boolean) => {
      toggle.setAttribute('aria-expanded', String(isOpen));
      list.hidden = !isOpen;
      list.classList.toggle('show', isOpen);
    };
    toggle.addEventListener('click', () => show(list.hidden));
    menu.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || list.hidden) return;
      show(false);
      toggle.focus();
    });
    list.addEventListener('click', (event) => {
      if (chooseLanguage(event)) show(false);
    });
    document.addEventListener('click', (event) => {
      if (!list.hidden && !menu.contains(event.target as Node)) show(false);
    });
  }

  // Page-bounce logging: once, when the page is first hidden.
  if (new URLSearchParams(window.location.search).has('lb')) {
    const onHidden = () => {
      if (document.visibilityState !== 'hidden') return;
      document.removeEventListener('visibilitychange', onHidden);
      navigator.sendBeacon('/api/page-hidden.php', new Blob(['{}'], { type: 'application/json' }));
    };
    document.addEventListener('visibilitychange', onHidden);
  }

  // The entry warning.
  const warning = document.getElementById('site-entry-warning') as HTMLDialogElement | null;
  if (warning) {
    warning.addEventListener('cancel', (event) => event.preventDefault());
    warning.querySelector('[data-enter]')?.addEventListener('click', () => {
      setCookie(config.entryCookie, '1', 365);
      warning.close();
    });
    if (!hasCookie(config.entryCookie, '1')) warning.showModal();
  }

  // Moving pictures: pause and play.
  const isReduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-motion-toggle]')) {
    const stage = button.closest<HTMLElement>('[data-motion]');
    if (!stage) continue;
    const show = (isPaused: boolean) => {
      stage.dataset.paused = String(isPaused);
      const label = button.querySelector('[data-label]');
      if (label) label.textContent = (isPaused ? button.dataset.playLabel : button.dataset.pauseLabel) ?? '';
      for (const icon of button.querySelectorAll<SVGElement>('[data-icon]'))
        icon.style.display = (icon.dataset.icon === 'play') === isPaused ? '' : 'none';
      for (const video of stage.querySelectorAll('video')) {
        if (isPaused) video.pause();
        else {
          // Muted videos may always play; a browser that still refuses keeps showing the poster.
          video.muted = true;
          video.play().catch(() => undefined);
        }
      }
    };
    show(isReduced);
    button.addEventListener('click', () => show(stage.dataset.paused !== 'true'));
  }

  // The signup.
  const dialog = document.getElementById('lander-signup') as HTMLDialogElement | null;
  // The page's links and the dialog are within the lander's element.
  const lander = document.querySelector('.lander-page') ?? document;
  const isDesktop = () => window.matchMedia(config.desktopMedia).matches;
  /** The entry address's traffic source, for a visitor whose cookie holds none (they refuse tracking). */
  const carrySource = (url: URL) => {
    if (hasCookie(config.trackingCookie)) return url;
    const entry = new URLSearchParams(window.location.search);
    for (const key of config.trackingKeys) {
      const value = entry.get(key);
      if (value) url.searchParams.set(key, value);
    }
    return url;
  };
  const signupLink = (event: Event): HTMLAnchorElement | null => {
    const anchor = event.target instanceof Element ? event.target.closest('a') : null;
    if (!anchor?.href || (anchor.target && anchor.target !== '_self')) return null;
    const url = new URL(anchor.href, window.location.href);
    return url.origin === window.location.origin && url.pathname === '/signup' ? anchor : null;
  };
  const frame = dialog?.querySelector('iframe');
  /** Where the frame's steps lead: the link's member page or chat (data-after-signup), if any. */
  let after = '';
  const frameState = () => frame?.contentDocument?.documentElement?.dataset.signup;
  const load = (next: string) => {
    if (!frame) return;
    const url = carrySource(new URL('/signup/embedded', window.location.href));
    if (next) url.searchParams.set('next', next);
    if (frame.src !== url.href) frame.src = url.href;
  };
  if (dialog && frame) {
    const close = () => {
      // Signed up: the new member goes on, as the dialog's links lead.
      if (frameState() === 'done') window.location.assign(after || config.afterSignupPath);
      else dialog.close();
    };
    frame.addEventListener('load', () => {
      const steps = frame.contentDocument?.querySelector<HTMLElement>('.signup-embedded');
      if (!steps) return;
      // The frame as tall as its steps, up to the dialog's limit (the styles'); then it scrolls.
      const fit = () => {
        frame.style.height = `${Math.ceil(steps.getBoundingClientRect().height)}px`;
      };
      new ResizeObserver(fit).observe(steps);
      fit();
      // Escape within the steps closes the dialog as it does outside them (not once they are begun).
      steps.ownerDocument.addEventListener('keydown', (event) => {
        if (event.key === 'Escape' && frameState() !== 'started') close();
      });
      dialog.dataset.loaded = 'true';
      if (dialog.open) frame.focus();
    });
    dialog.querySelector('[data-close]')?.addEventListener('click', close);
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      if (frameState() !== 'started') close();
    });
    dialog.addEventListener('click', (event) => {
      // A click on the backdrop (the dialog element itself, outside its box).
      if (event.target === dialog && frameState() !== 'started') close();
    });
    const warm = (event: Event) => {
      const anchor = signupLink(event);
      if (anchor && isDesktop()) load(anchor.dataset.afterSignup ?? '');
    };
    lander.addEventListener('pointerover', warm);
    lander.addEventListener('focusin', warm);
  }
  lander.addEventListener(
    'click',
    (event) => {
      if (!(event instanceof MouseEvent) || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = signupLink(event);
      if (!anchor) return;
      if (!dialog || !isDesktop()) {
        anchor.href = carrySource(new URL(anchor.href)).href;
        return;
      }
      event.preventDefault();
      const next = anchor.dataset.afterSignup ?? '';
      after = next.startsWith('/') && !next.startsWith('//') ? next : '';
      load(after);
      dialog.showModal();
      if (dialog.dataset.loaded === 'true') frame?.focus();
    },
    true,
  );

  // Photos below the first screen get their address once the page has loaded (lander-image.ts).
  const showLaterPhotos = () => {
    for (const image of document.querySelectorAll<HTMLImageElement>('img[data-src]')) {
      image.src = image.dataset.src ?? '';
      image.removeAttribute('data-src');
    }
  };
  if (document.readyState === 'complete') showLaterPhotos();
  else window.addEventListener('load', showLaterPhotos, { once: true });

  root.dataset.hydrated = 'true';
}
