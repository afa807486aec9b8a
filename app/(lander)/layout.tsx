import '@/styles/landers.scss';
import type { ReactNode } from 'react';
import { LanderShell } from '@/app/(lander)/_lander/lander-shell';

/** The lander layout: landers and member landings, the pages ad campaigns lead to. */
export default function LanderLayout(props: { children: ReactNode }) {
  return <LanderShell>{props.children}</LanderShell>;
}
