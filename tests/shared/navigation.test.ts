import { describe, expect, it } from 'vitest';
import { loadingBarProgress } from '@/lib/shared/loading-bar';
import {
  footerVariant,
  isChunkLoadError,
  shouldReloadAfterChunkError,
  shouldShowBackButton,
} from '@/lib/shared/navigation';

describe('back button', () => {
  const standalone = { isStandalone: true, historyLength: 3 };

  it('shows on the listed routes in the installed app with history', () => {
    for (const pathname of [
      '/members/42',
      '/likes/received',
      '/likes/m/7',
      '/credits',
      '/credits/3',
      '/credits/3/ideal',
    ]) {
      expect(shouldShowBackButton({ ...standalone, pathname }), pathname).toBe(true);
    }
  });

  it('does not show on other routes', () => {
    for (const pathname of [
      '/',
      '/members',
      '/likes',
      '/chats/5',
      '/members/42/chat',
      '/likes/other',
      '/credits/repeat-order',
      '/transactions/5',
      '/premium',
    ]) {
      expect(shouldShowBackButton({ ...standalone, pathname }), pathname).toBe(false);
    }
  });

  it('needs a standalone display and more than one history entry', () => {
    expect(shouldShowBackButton({ pathname: '/credits', isStandalone: false, historyLength: 5 })).toBe(false);
    expect(shouldShowBackButton({ pathname: '/credits', isStandalone: true, historyLength: 1 })).toBe(false);
  });
});

describe('chunk load failure', () => {
  it('recognises chunk errors of the bundlers and browsers', () => {
    expect(isChunkLoadError({ name: 'ChunkLoadError', message: 'x' })).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk app/page failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('reloads at most once per 60000 ms', () => {
    expect(shouldReloadAfterChunkError(1_000_000, null)).toBe(true);
    expect(shouldReloadAfterChunkError(1_000_000, 1_000_000 - 59_999)).toBe(false);
    expect(shouldReloadAfterChunkError(1_000_000, 1_000_000 - 60_000)).toBe(true);
  });
});

describe('footer variant', () => {
  it('is compact when installed, or logged in away from the index', () => {
    expect(footerVariant({ isStandalone: true, isLoggedIn: false, pathname: '/' })).toBe('compact');
    expect(footerVariant({ isStandalone: false, isLoggedIn: true, pathname: '/members' })).toBe('compact');
    expect(footerVariant({ isStandalone: false, isLoggedIn: true, pathname: '/' })).toBe('full');
    expect(footerVariant({ isStandalone: false, isLoggedIn: false, pathname: '/pages/faq' })).toBe('full');
  });
});

describe('loading bar', () => {
  it('stays hidden during the 200 ms throttle', () => {
    expect(loadingBarProgress(0)).toBe(0);
    expect(loadingBarProgress(200)).toBe(0);
  });

  it('grows over the 5 s duration without reaching the end', () => {
    const early = loadingBarProgress(300);
    const middle = loadingBarProgress(2_700);
    const late = loadingBarProgress(5_200);
    expect(early).toBeGreaterThan(0);
    expect(middle).toBeGreaterThan(early);
    expect(late).toBe(95);
    expect(loadingBarProgress(60_000)).toBe(95);
  });
});
