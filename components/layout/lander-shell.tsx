import Link from 'next/link';
import type { ReactNode } from 'react';
import { getSiteName } from './site-name';
import { Logo } from '../brand/logo';
import { Footer } from './footer';
import { SkipLink } from './skip-link';

/** Lander layout: a logo bar, the campaign page and the footer. */
export async function LanderShell(props: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <header className="app-top-bar py-2">
        <div className="container">
          <Link href="/" className="brand-link">
            <Logo name={await getSiteName()} size={30} />
          </Link>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="container py-4">
        {props.children}
      </main>
      <Footer />
    </>
  );
}
