import { vi } from 'vitest';

/** Stand-ins for next/navigation in jsdom: the current path and a router that records calls. */
export const navigation = {
  pathname: '/',
  search: new URLSearchParams(),
  router: {
    refresh: vi.fn(),
    back: vi.fn(),
    push: vi.fn(),
    replace: vi.fn(),
    prefetch: vi.fn(),
    forward: vi.fn(),
  },
};

vi.mock('next/navigation', () => ({
  usePathname: () => navigation.pathname,
  useSearchParams: () => navigation.search,
  useRouter: () => navigation.router,
}));
