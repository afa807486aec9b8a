import { Head, Html, Main, NextScript, type DocumentProps } from 'next/document';
import type { LanderProps } from '@/components/lander/lander-frame';

/** The landers' document: the page's language, and the theme a member chose (none follows the system). */
export default function LanderDocument(props: DocumentProps) {
  // Next's own pages (its error page) come without the lander's frame.
  const frame = (props.__NEXT_DATA__.props.pageProps as Partial<LanderProps<object>>).frame;
  return (
    <Html lang={frame?.locale ?? 'en'} data-bs-theme={frame?.theme ?? undefined}>
      <Head nonce={frame?.nonce ?? undefined} />
      <body>
        <Main />
        <NextScript nonce={frame?.nonce ?? undefined} />
      </body>
    </Html>
  );
}
