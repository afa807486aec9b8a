import type { ReactNode } from 'react';
import { DefaultShell } from '@/components/layout/default-shell';

export default function DefaultLayout(props: { children: ReactNode }) {
  return <DefaultShell>{props.children}</DefaultShell>;
}
